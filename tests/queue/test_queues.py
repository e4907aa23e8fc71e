"""tf.queue on keraslike: TF 2's eager queue semantics (data_flow_ops), as TF's docstrings show them.

Order (FIFO, priority, shuffled), blocking until elements arrive from another thread, closing
(enqueue -> CancelledError, drained dequeue -> OutOfRangeError, dequeue_up_to returns the rest),
element structure (one tensor, a list, a dict by names), shapes and padding.
"""

import threading

import numpy as np
import pytest

import keraslike as tf


def test_fifo_order_size_and_close():
    q = tf.queue.FIFOQueue(capacity=3, dtypes=tf.int32)
    assert not bool(q.is_closed())
    q.enqueue(1)
    q.enqueue(2)
    size = q.size()
    assert size.dtype == tf.int32 and int(size) == 2
    first = q.dequeue()
    assert first.dtype == tf.int32 and first.shape == () and int(first) == 1
    q.close()
    assert bool(q.is_closed())
    with pytest.raises(tf.errors.CancelledError):
        q.enqueue(3)
    assert int(q.dequeue()) == 2
    with pytest.raises(tf.errors.OutOfRangeError):
        q.dequeue()


def test_dequeue_many_and_up_to():
    q = tf.queue.FIFOQueue(10, tf.int32, shapes=tf.TensorShape(2))
    for row in ([1, 2], [3, 4], [5, 6], [7, 8]):
        q.enqueue(tf.constant(row, dtype=tf.int32, shape=(2)))
    np.testing.assert_array_equal(q.dequeue_many(3).numpy(), [[1, 2], [3, 4], [5, 6]])
    q.close()
    with pytest.raises(tf.errors.OutOfRangeError):
        q.dequeue_many(2)
    np.testing.assert_array_equal(q.dequeue_up_to(5).numpy(), [[7, 8]])
    with pytest.raises(tf.errors.OutOfRangeError):
        q.dequeue_up_to(5)


def test_enqueue_many_and_components():
    q = tf.queue.FIFOQueue(capacity=10, dtypes=tf.int32)
    q.enqueue_many(tf.constant([1, 2, 3, 4, 5], dtype=tf.int32))
    assert int(q.size()) == 5
    pair = tf.queue.FIFOQueue(10, [tf.int32, tf.float32])
    pair.enqueue((1, 2.0))
    a, b = pair.dequeue()
    assert a.dtype == tf.int32 and b.dtype == tf.float32 and float(b) == 2.0
    named = tf.queue.FIFOQueue(10, [tf.int32, tf.float32], names=["a", "b"])
    named.enqueue({"a": 1, "b": 2.0})
    out = named.dequeue()
    assert sorted(out) == ["a", "b"] and int(out["a"]) == 1


def test_shapes_are_checked_and_dequeue_many_needs_them():
    q = tf.queue.FIFOQueue(10, tf.int32, shapes=[[2]])
    with pytest.raises(ValueError):
        q.enqueue([1, 2, 3])  # a list is the components: three scalars for one component
    unshaped = tf.queue.FIFOQueue(10, tf.int32)
    unshaped.enqueue(1)
    with pytest.raises(tf.errors.InvalidArgumentError):
        unshaped.dequeue_many(1)


def test_dequeue_blocks_until_another_thread_enqueues():
    q = tf.queue.FIFOQueue(2, tf.int32)
    threading.Timer(0.2, lambda: q.enqueue(7)).start()
    assert int(q.dequeue()) == 7
    full = tf.queue.FIFOQueue(1, tf.int32)
    full.enqueue(1)
    threading.Timer(0.2, full.dequeue).start()
    full.enqueue(2)  # waits for the room the other thread makes
    assert int(full.dequeue()) == 2


def test_padding_priority_and_shuffle_queues():
    padded = tf.queue.PaddingFIFOQueue(10, tf.int32, shapes=[[None]])
    padded.enqueue([[1]])
    padded.enqueue([[1, 2, 3]])
    np.testing.assert_array_equal(padded.dequeue_many(2).numpy(), [[1, 0, 0], [1, 2, 3]])
    priority = tf.queue.PriorityQueue(10, tf.string, shapes=[()])
    priority.enqueue((5, "a"))
    priority.enqueue((1, "b"))
    key, value = priority.dequeue()
    assert key.dtype == tf.int64 and int(key) == 1 and value.numpy() == b"b"
    shuffled = tf.queue.RandomShuffleQueue(10, 0, tf.int32, seed=1)
    shuffled.enqueue_many([[1, 2, 3, 4]])
    assert sorted(int(shuffled.dequeue()) for _ in range(4)) == [1, 2, 3, 4]


def test_shared_name_raises():
    with pytest.raises(ValueError, match="shared_name"):
        tf.queue.FIFOQueue(2, tf.int32, shared_name="q")
