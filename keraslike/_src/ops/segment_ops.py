"""Reductions over segments of the first dimension(s): `tf.math.segment_*` and `unsorted_segment_*`.

Mirrors `tensorflow/python/ops/math_ops.py` (the Segment*/UnsortedSegment* kernels). `segment_*` take sorted
1-D ids of `data.shape[0]` entries and give `max(id) + 1` rows (an empty segment gives 0, 1 for prod);
`unsorted_segment_*` take ids of any order whose shape is a prefix of `data.shape`, give `num_segments` rows,
drop negative ids, and fill an empty segment with the reduction's identity (the dtype's lowest value for max,
its highest for min, as TF).

Example:
    >>> tf.math.segment_sum([5, 1, 7, 2], [0, 0, 1, 1])                 # int32 [6 9]
    >>> tf.math.unsorted_segment_max([5.0, 1.0, 7.0], [0, 0, 2], 4)      # [5, lowest, 7, lowest]
"""

import torch

from keraslike._src import errors
from keraslike._src.ops.conversion import to_tensor
from keraslike._src.ragged import ragged_array_ops
from keraslike._src.ragged.ragged_tensor import RaggedTensor


def _identity(reduce, dtype):
    if reduce == "prod":
        return 1
    if reduce in ("amax", "amin"):
        info = torch.finfo(dtype) if dtype.is_floating_point else torch.iinfo(dtype)
        return info.min if reduce == "amax" else info.max
    return 0


def _reduce(data, ids, num_segments, reduce, fill):
    x = to_tensor(data, None, "data")
    seg = to_tensor(ids, None, "segment_ids", x.device)
    if seg.is_floating_point() or seg.is_complex() or seg.dtype == torch.bool:
        raise TypeError(f"`segment_ids` must be integers. Received: segment_ids.dtype={seg.dtype}")
    seg = seg.to(torch.long)
    if tuple(x.shape[:seg.dim()]) != tuple(seg.shape):
        raise ValueError(f"`segment_ids` shape {list(seg.shape)} must be a prefix of data's shape {list(x.shape)}.")
    flat_ids = seg.reshape(-1)
    rows = x.reshape(-1, *x.shape[seg.dim():])
    if not torch.compiler.is_compiling() and flat_ids.numel() and int(flat_ids.max()) >= num_segments:
        raise errors.InvalidArgumentError(f"segment_ids must be < num_segments ({num_segments}). Received: "
                                          f"max segment id {int(flat_ids.max())}")
    # Static shapes (one graph under torch.compile, no boolean mask): negative ids (dropped, as TF) and, when
    # compiled, out-of-range ids (XLA's scatter skips them) go to one extra row that is cut off.
    flat_ids = torch.where((flat_ids < 0) | (flat_ids >= num_segments), num_segments, flat_ids)
    out = torch.full((num_segments + 1, *rows.shape[1:]), fill, dtype=x.dtype, device=x.device)
    if rows.shape[0]:
        index = flat_ids.reshape(-1, *([1] * (rows.dim() - 1))).expand_as(rows)
        out = out.scatter_reduce(0, index, rows, reduce=reduce, include_self=False)
    return out[:num_segments]


def _sorted(data, segment_ids, reduce, op_name):
    ids = to_tensor(segment_ids, None, "segment_ids")
    if ids.dim() != 1:
        raise ValueError(f"`{op_name}` takes 1-D segment_ids. Received: segment_ids.shape={list(ids.shape)}")
    if ids.numel() > 1 and bool((ids[1:] < ids[:-1]).any()):
        raise errors.InvalidArgumentError(f"`{op_name}` needs sorted segment_ids (use tf.math.unsorted_segment_*). "
                                          f"Received: segment_ids={ids.tolist()}")
    if ids.numel() and int(ids.min()) < 0:
        raise errors.InvalidArgumentError(f"segment ids must be >= 0. Received: segment_ids={ids.tolist()}")
    count = int(ids.max()) + 1 if ids.numel() else 0
    fill = 1 if reduce == "prod" else 0
    return _reduce(data, ids, count, reduce, fill)


def segment_sum(data, segment_ids, name=None):
    """`tf.math.segment_sum`: sums over sorted segments (`[max(id) + 1] + data.shape[1:]`)."""
    return _sorted(data, segment_ids, "sum", "tf.math.segment_sum")


def segment_mean(data, segment_ids, name=None):
    """`tf.math.segment_mean`: means over sorted segments (integer data: truncated, as TF)."""
    return _sorted(data, segment_ids, "mean", "tf.math.segment_mean")


def segment_max(data, segment_ids, name=None):
    """`tf.math.segment_max`: maxima over sorted segments (0 for an empty segment)."""
    return _sorted(data, segment_ids, "amax", "tf.math.segment_max")


def segment_min(data, segment_ids, name=None):
    """`tf.math.segment_min`: minima over sorted segments (0 for an empty segment)."""
    return _sorted(data, segment_ids, "amin", "tf.math.segment_min")


def segment_prod(data, segment_ids, name=None):
    """`tf.math.segment_prod`: products over sorted segments (1 for an empty segment)."""
    return _sorted(data, segment_ids, "prod", "tf.math.segment_prod")


def _unsorted(data, segment_ids, num_segments, reduce):
    x = to_tensor(data, None, "data")
    count = int(num_segments.reshape(()) if isinstance(num_segments, torch.Tensor) else num_segments)
    return _reduce(x, segment_ids, count, reduce, _identity(reduce, x.dtype))


def unsorted_segment_sum(data, segment_ids, num_segments, name=None):
    """`tf.math.unsorted_segment_sum`: `num_segments` sums; negative ids are dropped."""
    if isinstance(data, RaggedTensor):  # TF's ragged dispatch (ragged/ragged_array_ops.py)
        return ragged_array_ops.unsorted_segment(data, segment_ids, num_segments, unsorted_segment_sum)
    return _unsorted(data, segment_ids, num_segments, "sum")


def unsorted_segment_mean(data, segment_ids, num_segments, name=None):
    """`tf.math.unsorted_segment_mean`: `num_segments` means (0 for an empty segment)."""
    if isinstance(data, RaggedTensor):  # TF's ragged dispatch (ragged/ragged_array_ops.py)
        return ragged_array_ops.unsorted_segment(data, segment_ids, num_segments, unsorted_segment_mean)
    return _unsorted(data, segment_ids, num_segments, "mean")


def unsorted_segment_max(data, segment_ids, num_segments, name=None):
    """`tf.math.unsorted_segment_max`: `num_segments` maxima (the dtype's lowest value when empty)."""
    if isinstance(data, RaggedTensor):  # TF's ragged dispatch (ragged/ragged_array_ops.py)
        return ragged_array_ops.unsorted_segment(data, segment_ids, num_segments, unsorted_segment_max)
    return _unsorted(data, segment_ids, num_segments, "amax")


def unsorted_segment_min(data, segment_ids, num_segments, name=None):
    """`tf.math.unsorted_segment_min`: `num_segments` minima (the dtype's highest value when empty)."""
    if isinstance(data, RaggedTensor):  # TF's ragged dispatch (ragged/ragged_array_ops.py)
        return ragged_array_ops.unsorted_segment(data, segment_ids, num_segments, unsorted_segment_min)
    return _unsorted(data, segment_ids, num_segments, "amin")


def unsorted_segment_prod(data, segment_ids, num_segments, name=None):
    """`tf.math.unsorted_segment_prod`: `num_segments` products (1 when empty)."""
    if isinstance(data, RaggedTensor):  # TF's ragged dispatch (ragged/ragged_array_ops.py)
        return ragged_array_ops.unsorted_segment(data, segment_ids, num_segments, unsorted_segment_prod)
    return _unsorted(data, segment_ids, num_segments, "prod")


def unsorted_segment_sqrt_n(data, segment_ids, num_segments, name=None):
    """`tf.math.unsorted_segment_sqrt_n`: sums divided by sqrt(count) (float data; 0 for an empty segment)."""
    if isinstance(data, RaggedTensor):  # TF's ragged dispatch (ragged/ragged_array_ops.py)
        return ragged_array_ops.unsorted_segment(data, segment_ids, num_segments, unsorted_segment_sqrt_n)
    x = to_tensor(data, None, "data")
    if not x.is_floating_point():
        raise TypeError(f"`unsorted_segment_sqrt_n` needs float data. Received: data.dtype={x.dtype}")
    sums = _unsorted(x, segment_ids, num_segments, "sum")
    ones = torch.ones(to_tensor(segment_ids, None, "segment_ids").shape, dtype=x.dtype, device=x.device)
    counts = _unsorted(ones, segment_ids, num_segments, "sum")
    return sums / counts.clamp_min(1).sqrt().reshape(-1, *([1] * (sums.dim() - 1)))
