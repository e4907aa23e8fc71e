"""Dataset cardinality constants and TF's rules for combining them.

Mirrors `tensorflow/python/data/experimental/ops/cardinality.py` and the
`CardinalityInternal` methods of the dataset kernels in `tensorflow/core/kernels/data/`.
"""

import torch

INFINITE = -1
"""`tf.data.INFINITE_CARDINALITY`: the dataset never ends."""
UNKNOWN = -2
"""`tf.data.UNKNOWN_CARDINALITY`: the size cannot be known without iterating."""


def as_tensor(value):
    """Cardinality as TF returns it: a scalar int64 tensor."""
    return torch.tensor(value, dtype=torch.int64)


def cardinality(dataset):
    """`tf.data.experimental.cardinality(dataset)`: same as `dataset.cardinality()`.

    Args:
        dataset: a `tf.data.Dataset`.

    Returns:
        A scalar int64 tensor: the number of elements, `INFINITE` (-1) or `UNKNOWN` (-2).
    """
    return dataset.cardinality()


def batched(count, batch_size, drop_remainder):
    """Cardinality after `batch`/`padded_batch`."""
    if count < 0:
        return count
    return count // batch_size if drop_remainder else -(-count // batch_size)


def repeated(count, times):
    """Cardinality after `repeat(times)` (`times == -1` repeats forever)."""
    if times == -1:
        return 0 if count == 0 else INFINITE
    if times == 0:
        return 0
    if count < 0:
        return count
    return count * times


def taken(count, n):
    """Cardinality after `take(n)` (`n == -1` takes everything)."""
    if count == UNKNOWN:
        return UNKNOWN
    if n == -1:
        return count
    if count == INFINITE:
        return n
    return min(count, n)


def skipped(count, n):
    """Cardinality after `skip(n)` (`n == -1` skips everything)."""
    if count < 0:
        return count
    return 0 if n == -1 else max(0, count - n)


def sharded(count, num_shards, index):
    """Cardinality of shard `index` of `num_shards`."""
    if count < 0:
        return count
    return count // num_shards + (1 if index < count % num_shards else 0)


def zipped(counts):
    """Cardinality of `zip`: the shortest finite input; unknown wins over all."""
    if any(c == UNKNOWN for c in counts):
        return UNKNOWN
    finite = [c for c in counts if c != INFINITE]
    return min(finite) if finite else INFINITE


def concatenated(first, second):
    """Cardinality of `concatenate`: infinite wins, then unknown, else the sum."""
    if INFINITE in (first, second):
        return INFINITE
    if UNKNOWN in (first, second):
        return UNKNOWN
    return first + second
