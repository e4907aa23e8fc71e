"""`iterator.get_next()` past the end raises `tf.errors.OutOfRangeError` as TF (the TF 2 idiom
`while True: it.get_next()` under `except tf.errors.OutOfRangeError`), while `next(it)` raises StopIteration."""

import pytest

import keraslike as tf


def test_get_next_past_the_end_raises_out_of_range():
    iterator = iter(tf.data.Dataset.range(3))
    seen = []
    try:
        while True:
            seen.append(int(iterator.get_next()))
    except tf.errors.OutOfRangeError:
        pass
    assert seen == [0, 1, 2]
    with pytest.raises(StopIteration):
        next(iterator)


def test_distributed_iterator_get_next_past_the_end():
    strategy = tf.distribute.MirroredStrategy()
    iterator = iter(strategy.experimental_distribute_dataset(tf.data.Dataset.range(4).batch(2)))
    iterator.get_next()
    iterator.get_next()
    with pytest.raises(tf.errors.OutOfRangeError):
        iterator.get_next()
