"""`replica_split`: each replica maps only its rows of every global batch, and the batches stay the same."""

import functools

import numpy as np
import torch

import keraslike as tf
from keraslike._src.data import replica_split
from keraslike._src.distribute.batch_split import split_global_batch


def _rows(rank, replicas=3):
    """Replica `rank`'s `replica_rows` function (TF's split), as a strategy's."""
    return functools.partial(split_global_batch, num_replicas=replicas, rank=rank)


def _pipeline(calls):
    def scale(x, i):
        calls.append(int(i))
        return x * 2.0, i

    rows = np.arange(22, dtype="float32").reshape(11, 2)
    return tf.data.Dataset.from_tensor_slices((rows, np.arange(11))).shuffle(11, seed=1).map(scale).batch(4)


def test_replicas_map_only_their_rows_and_rebuild_the_same_batches():
    calls = []
    full = list(_pipeline(calls))
    assert len(calls) >= 11
    per_replica = []
    for rank in range(3):
        calls.clear()
        ds = _pipeline(calls)
        ds.element_spec  # noqa: B018 - the spec trace maps one placeholder; count only real rows
        calls.clear()
        assert replica_split.can_split(ds)
        per_replica.append(list(replica_split.replica_batches(ds, _rows(rank))))
        # batches of 4, 4, 3 rows; 3 replicas take ceil(b/3) rows: 2/2/0, 2/2/0, 1/1/1 (replica 2 maps one
        # row once more to learn the shape of its empty shares)
        assert len(calls) == [5, 5, 2][rank]
    for step, (x, i) in enumerate(full):
        pieces = [per_replica[r][step] for r in range(3)]
        assert all(size == len(i) for _, size in pieces)
        torch.testing.assert_close(torch.cat([p[0][0] for p in pieces]), x)
        torch.testing.assert_close(torch.cat([p[0][1] for p in pieces]), i)
    assert per_replica[2][0][0][0].shape == (0, 2)  # an empty share keeps the element structure


def test_pipelines_that_cannot_be_split_are_recognised():
    ds = tf.data.Dataset.range(10)
    assert not replica_split.can_split(ds.batch(2))  # nothing per element to split
    assert not replica_split.can_split(ds.map(lambda x: x).filter(lambda x: x > 2).batch(2))
    assert not replica_split.can_split(ds.batch(2).map(lambda x: x))  # a map after batch sees whole batches
    assert replica_split.can_split(ds.shuffle(4).map(lambda x: x + 1).prefetch(2).batch(2).prefetch(1))
    # in memory the map runs when a batch is gathered, so a shuffle after it does not matter ...
    assert replica_split.can_split(ds.map(lambda x: x + 1).shuffle(4).batch(2))
    # ... but from a generator the map has to run before the shuffle picks the batches' elements
    gen = tf.data.Dataset.from_generator(lambda: iter(range(10)), output_signature=tf.TensorSpec((), tf.int64))
    assert not replica_split.can_split(gen.map(lambda x: x + 1).shuffle(4).batch(2))
    assert replica_split.can_split(gen.shuffle(4).map(lambda x: x + 1).batch(2))


def test_in_memory_split_gathers_each_replicas_rows_of_the_same_batches():
    rows = torch.arange(30, dtype=torch.float32).reshape(10, 3)

    def pipeline():
        return tf.data.Dataset.from_tensor_slices(rows).map(lambda r: r * 2.0 + 1.0).shuffle(10, seed=4).batch(4)

    full = list(pipeline())
    shares = [list(replica_split.replica_batches(pipeline(), _rows(r))) for r in range(3)]
    for step, batch in enumerate(full):
        assert all(share[step][1] == len(batch) for share in shares)
        torch.testing.assert_close(torch.cat([share[step][0] for share in shares]), batch)
    assert shares[2][0][0].shape == (0, 3)  # batch of 4 on 3 replicas: 2 / 2 / 0 rows
