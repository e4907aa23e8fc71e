"""`tf.distribute.experimental.partitioners`: how many shards a variable of a given shape is split into.

A partitioner is called with a variable's `TensorShape`, its dtype and an `axis` (0 by default) and gives
one count per dimension: 1 everywhere but `axis`. These are pure functions of the shape and the element
size (a string element counts `bytes_per_string` bytes); keraslike's strategies keep variables whole, so
they are computed for programs that size shards themselves.

- `FixedShardsPartitioner(num_shards)`: `min(num_shards, shape[axis])` shards.
- `MinSizePartitioner(min_shard_bytes, max_shards, bytes_per_string)`: as many shards as keep each at
  least `min_shard_bytes` (`ceil(total bytes / min_shard_bytes)`), at most `max_shards` and `shape[axis]`,
  at least 1.
- `MaxSizePartitioner(max_shard_bytes, max_shards, bytes_per_string)`: as few shards as keep each at most
  `max_shard_bytes`, each holding whole slices along `axis` (at least one), capped by `max_shards`.

Example:
    >>> MaxSizePartitioner(max_shard_bytes=4)(tf.TensorShape([6, 1]), tf.float32)
    [6, 1]
"""

import math

from keraslike._src.ops import dtypes
from keraslike._src.ops.tensor_shape import as_shape


def _positive(value, arg, integer=False):
    if integer and not isinstance(value, int):
        raise ValueError(f"Argument `{arg}` must be a positive integer. Received: {arg}={value!r}")
    if value is None or isinstance(value, bool) or value < 1:
        raise ValueError(f"Argument `{arg}` must be positive. Received: {arg}={value!r}")


def _dims(shape, axis):
    """`shape` as a list of known dims, checked for `axis`."""
    dims = as_shape(shape).as_list()
    if dims is None or None in dims:
        raise ValueError(f"A partitioner needs a fully defined shape. Received: shape={shape!r}")
    if not isinstance(axis, int) or isinstance(axis, bool) or not 0 <= axis < len(dims):
        raise ValueError(f"Cannot partition a variable of shape {dims} along this axis. Received: axis={axis!r}")
    return dims


def _element_bytes(dtype, bytes_per_string):
    dtype = dtypes.as_dtype(dtype)
    if dtype is dtypes.string:
        return bytes_per_string
    return dtype.itemsize


class Partitioner:
    """`tf.distribute.experimental.partitioners.Partitioner`: the base class; subclasses define `__call__`."""

    def __call__(self, shape, dtype, axis=0):
        """Partition counts (a list, one per dimension of `shape`) for a variable of `shape` and `dtype`."""
        raise NotImplementedError(f"{type(self).__name__} does not define __call__. Received: shape={shape!r}")


class FixedShardsPartitioner(Partitioner):
    """`num_shards` shards along the axis (fewer when the axis is shorter).

    Args:
        num_shards: a positive int.
    """

    def __init__(self, num_shards):
        _positive(num_shards, "num_shards", integer=True)
        self._num_shards = num_shards

    def __call__(self, shape, dtype, axis=0):
        dims = _dims(shape, axis)
        counts = [1] * len(dims)
        counts[axis] = min(self._num_shards, dims[axis])
        return counts


class MinSizePartitioner(Partitioner):
    """As many shards as keep each at least `min_shard_bytes`, at most `max_shards`.

    Args:
        min_shard_bytes: the smallest shard, in bytes (positive; 256 KiB by default).
        max_shards: the most shards (positive; 1 by default).
        bytes_per_string: the bytes a string element counts (positive; 16 by default).
    """

    def __init__(self, min_shard_bytes=256 << 10, max_shards=1, bytes_per_string=16):
        _positive(min_shard_bytes, "min_shard_bytes")
        _positive(max_shards, "max_shards", integer=True)
        _positive(bytes_per_string, "bytes_per_string")
        self._min_shard_bytes = min_shard_bytes
        self._max_shards = max_shards
        self._bytes_per_string = bytes_per_string

    def __call__(self, shape, dtype, axis=0):
        dims = _dims(shape, axis)
        total = math.prod(dims) * _element_bytes(dtype, self._bytes_per_string)
        wanted = math.ceil(total / self._min_shard_bytes)
        counts = [1] * len(dims)
        counts[axis] = max(1, min(dims[axis], self._max_shards, wanted))
        return counts


class MaxSizePartitioner(Partitioner):
    """As few shards as keep each at most `max_shard_bytes` (whole slices along the axis, at least one each).

    Args:
        max_shard_bytes: the largest shard, in bytes (positive).
        max_shards: the most shards (positive), or `None`/0 for no limit.
        bytes_per_string: the bytes a string element counts (positive; 16 by default).
    """

    def __init__(self, max_shard_bytes, max_shards=None, bytes_per_string=16):
        _positive(max_shard_bytes, "max_shard_bytes")
        if max_shards:
            _positive(max_shards, "max_shards", integer=True)
        _positive(bytes_per_string, "bytes_per_string")
        self._max_shard_bytes = max_shard_bytes
        self._max_shards = max_shards
        self._bytes_per_string = bytes_per_string

    def __call__(self, shape, dtype, axis=0):
        dims = _dims(shape, axis)
        if 0 in dims:
            raise ValueError(f"Cannot partition a variable with no elements. Received: shape={dims}")
        slice_bytes = math.prod(dims) // dims[axis] * _element_bytes(dtype, self._bytes_per_string)
        slices_per_shard = max(1, math.floor(self._max_shard_bytes / slice_bytes))
        shards = math.ceil(dims[axis] / slices_per_shard)
        if self._max_shards:
            shards = min(self._max_shards, shards)
        counts = [1] * len(dims)
        counts[axis] = shards
        return counts
