"""TF's ragged dispatch of the structural ops (TF's `ragged_array_ops.py`, `ragged_gather_ops.py`,
`ragged_where_op.py`, `ragged_squeeze_op.py`): `tf.expand_dims`, `tf.squeeze`, `tf.gather`, `tf.where`,
`tf.add_n`, `tf.nn.softmax`, `tf.math.cumsum`, `tf.split`, `tf.dynamic_partition`, `tf.math.unsorted_segment_*`
on RaggedTensors.

The op modules call these at their entry (`if isinstance(x, RaggedTensor): ...`) and pass the dense op they
implement as `dense_op`, so this module imports no op module (no import cycle).

Example:
    >>> tf.expand_dims(tf.ragged.constant([[1, 2], []]), 2)   # <tf.RaggedTensor [[[1], [2]], []]>
"""

import torch

from keraslike._src import errors
from keraslike._src.ragged.ragged_math import segment_reduce
from keraslike._src.ragged.ragged_tensor import RaggedTensor, from_rows, ragged_binary


def _axis(axis, rank, op_name):
    axis = int(axis)
    if not -rank <= axis < rank:
        raise ValueError(f"`{op_name}`: axis out of range: expected {-rank} <= axis < {rank}. Received: axis={axis}")
    return axis + rank if axis < 0 else axis


def expand_dims(rt, axis, dense_op):
    """`tf.expand_dims(rt, axis)`: a new axis of size 1 (uniform) at `axis` in `[-(rank + 1), rank]`."""
    axis = _axis(axis, rt.ndim + 1, "tf.expand_dims")
    if axis == 0:
        return RaggedTensor.from_row_lengths(rt, torch.tensor([rt.nrows_int()], dtype=torch.int64))
    if axis == 1:
        return RaggedTensor.from_row_lengths(rt, torch.ones(rt.nrows_int(), dtype=torch.int64))
    values = rt.values
    inner = expand_dims(values, axis - 1, dense_op) if isinstance(values, RaggedTensor) else dense_op(values, axis - 1)
    return rt.with_values(inner)


def squeeze(rt, axis, dense_op):
    """`tf.squeeze(rt, axis)`: `axis` is required; a ragged axis squeezes only where every row has length 1."""
    if axis is None:
        raise ValueError("`tf.squeeze` of a RaggedTensor needs an explicit axis (the ragged dimensions have no "
                         "static size). Received: axis=None")
    axes = sorted({_axis(a, rt.ndim, "tf.squeeze") for a in (axis if isinstance(axis, (list, tuple)) else [axis])})
    out = rt
    for a in reversed(axes):
        out = _squeeze_one(out, a, dense_op)
    return out


def _squeeze_one(rt, axis, dense_op):
    if axis == 0:
        if rt.nrows_int() != 1:
            raise errors.InvalidArgumentError(f"Can not squeeze axis 0 of a RaggedTensor with {rt.nrows_int()} "
                                              "rows; it must have size 1. Received: axis=0")
        return rt.values
    if axis == 1:
        if bool((rt.row_lengths() != 1).any()):
            raise errors.InvalidArgumentError("Can not squeeze a ragged axis whose rows do not all have length 1. "
                                              f"Received: axis=1 with row lengths {rt.row_lengths().tolist()}")
        values = rt.values
        return (RaggedTensor.from_row_lengths(values.values, values.row_lengths())
                if isinstance(values, RaggedTensor) else values)
    values = rt.values
    inner = (_squeeze_one(values, axis - 1, dense_op) if isinstance(values, RaggedTensor)
             else dense_op(values, [axis - 1]))
    return rt.with_values(inner)


def gather(params, indices, axis, batch_dims, dense_op):
    """`tf.gather(params, indices)` with ragged params (rows gathered) or ragged indices (dense params)."""
    if isinstance(indices, RaggedTensor):
        if isinstance(params, RaggedTensor):
            raise NotImplementedError("`tf.gather` with both params and indices ragged is not supported in "
                                      "keraslike. Received: ragged params and ragged indices")
        return indices.with_flat_values(dense_op(params, indices.flat_values, axis=axis, batch_dims=batch_dims))
    if (axis not in (None, 0)) or batch_dims:
        raise NotImplementedError("`tf.gather` of a RaggedTensor gathers rows (axis=0, batch_dims=0) in keraslike. "
                                  f"Received: axis={axis}, batch_dims={batch_dims}")
    index = torch.as_tensor(indices.numpy() if hasattr(indices, "numpy") else indices)
    if index.dim() != 1:
        raise NotImplementedError("`tf.gather` of a RaggedTensor takes a vector of row indices in keraslike. "
                                  f"Received: indices with shape {list(index.shape)}")
    n = params.nrows_int()
    rows = []
    for i in index.tolist():
        if not -n <= i < n:
            raise errors.InvalidArgumentError(f"indices[{len(rows)}] = {i} is not in [0, {n}). Received: "
                                              f"indices={index.tolist()}")
        rows.append(params[i])
    return from_rows(rows, params)


def where(condition, x, y, dense_op):
    """`tf.where(condition, x, y)` with a ragged condition (x, y broadcast to it) or `tf.where(condition)`."""
    if x is None and y is None:
        if not isinstance(condition, RaggedTensor) or isinstance(condition.values, RaggedTensor):
            raise NotImplementedError("`tf.where(condition)` of a RaggedTensor of ragged rank > 1 is not "
                                      "supported in keraslike. Received: condition of ragged rank > 1")
        rows = condition.value_rowids().long()
        cols = torch.arange(rows.shape[0]) - condition.row_splits.long()[rows]
        coords = torch.stack([rows, cols], 1)
        return coords[dense_op(condition.values)[:, 0]] if coords.shape[0] else coords
    if not isinstance(condition, RaggedTensor):
        raise NotImplementedError("`tf.where` with a dense condition and ragged branches is not supported in "
                                  "keraslike. Received: condition of type Tensor")
    xs = ragged_binary(condition, x, lambda c, a: a).flat_values if isinstance(x, RaggedTensor) else x
    ys = ragged_binary(condition, y, lambda c, a: a).flat_values if isinstance(y, RaggedTensor) else y
    return condition.with_flat_values(dense_op(condition.flat_values, xs, ys))


def add_n(inputs, dense_op):
    """`tf.add_n` of RaggedTensors with the same row partitions."""
    out = inputs[0]
    for other in inputs[1:]:
        out = ragged_binary(out, other, lambda a, b: dense_op([a, b]))
    return out


def _innermost_segments(rt):
    """(flat values, segment id of each value in the innermost ragged dimension, number of segments)."""
    inner = rt
    while isinstance(inner.values, RaggedTensor):
        inner = inner.values
    return inner.values, inner.value_rowids().long(), inner.nrows_int(), inner


def softmax(rt, axis, dense_op):
    """`tf.nn.softmax(rt)` along the last axis: over each innermost row when that axis is ragged."""
    if axis is not None and int(axis) not in (-1, rt.ndim - 1):
        raise NotImplementedError("`tf.nn.softmax` of a RaggedTensor normalizes the last axis in keraslike. "
                                  f"Received: axis={axis}")
    values, ids, n, inner = _innermost_segments(rt)
    if values.dim() > 1:  # the last axis is a uniform inner dimension
        return rt.with_flat_values(dense_op(rt.flat_values, -1))
    shifted = values - segment_reduce(values, ids, n, "max")[ids]
    e = torch.exp(shifted)
    return rt.with_flat_values(e / segment_reduce(e, ids, n, "sum")[ids])


def cumsum(rt, axis, exclusive, reverse, dense_op):
    """`tf.math.cumsum(rt, axis)` along a ragged axis: within each row."""
    axis = _axis(axis, rt.ndim, "tf.math.cumsum")
    if axis == 0 and not exclusive and not reverse and rt.values.dim() == 1:
        return _cumsum_rows(rt)
    if axis == 0 or isinstance(rt.values, RaggedTensor) and axis == 1:
        raise NotImplementedError("`tf.math.cumsum` of a RaggedTensor sums along the innermost ragged axis or a "
                                  f"uniform axis in keraslike. Received: axis={axis}")
    if axis >= 2:
        values = rt.values
        inner = (cumsum(values, axis - 1, exclusive, reverse, dense_op) if isinstance(values, RaggedTensor)
                 else dense_op(values, axis - 1, exclusive=exclusive, reverse=reverse))
        return rt.with_values(inner)
    rows = [rt[i] for i in range(rt.nrows_int())]
    rows = [dense_op(row, 0, exclusive=exclusive, reverse=reverse) if row.shape[0] else row for row in rows]
    return from_rows(rows, rt)


def _cumsum_rows(rt):
    """`tf.math.cumsum(rt, axis=0)` of a ragged rank 1 tensor: each position sums over the rows above that have
    it (TF's ragged cumsum along the uniform axis)."""
    rows = [rt[i] for i in range(rt.nrows_int())]
    width = max((int(r.shape[0]) for r in rows), default=0)
    running = torch.zeros(width, dtype=rt.values.dtype)
    out = []
    for row in rows:
        n = int(row.shape[0])
        running = torch.cat([running[:n] + row, running[n:]])
        out.append(running[:n].clone())
    return from_rows(out, rt)


def split(rt, num_or_size_splits, axis, num, dense_op):
    """`tf.split(rt, num_or_size_splits)` along axis 0 (rows) or a uniform inner axis of the flat values."""
    axis = _axis(axis, rt.ndim, "tf.split")
    if axis > rt.ragged_rank:  # a uniform inner axis: split the flat values
        pieces = dense_op(rt.flat_values, num_or_size_splits, axis - rt.ragged_rank, num)
        return [rt.with_flat_values(p) for p in pieces]
    if axis != 0:
        raise NotImplementedError("`tf.split` of a RaggedTensor splits along axis 0 in keraslike. "
                                  f"Received: axis={axis}")
    n = rt.nrows_int()
    if isinstance(num_or_size_splits, int):
        if n % num_or_size_splits:
            raise errors.InvalidArgumentError(f"Number of rows ({n}) is not divisible by the number of splits. "
                                              f"Received: num_or_size_splits={num_or_size_splits}")
        sizes = [n // num_or_size_splits] * num_or_size_splits
    else:
        sizes = [int(s) for s in (num_or_size_splits.tolist() if hasattr(num_or_size_splits, "tolist")
                                  else num_or_size_splits)]
        if sum(sizes) != n:
            raise errors.InvalidArgumentError(f"The sizes must add up to the number of rows ({n}). "
                                              f"Received: num_or_size_splits={sizes}")
    out, start = [], 0
    for size in sizes:
        out.append(from_rows([rt[i] for i in range(start, start + size)], rt))
        start += size
    return out


def dynamic_partition(data, partitions, num_partitions, dense_op):
    """`tf.dynamic_partition` with ragged data: ragged partitions partition the flat values; dense partitions
    (one per row) partition the rows."""
    if isinstance(partitions, RaggedTensor):
        if not isinstance(data, RaggedTensor):
            raise NotImplementedError("`tf.dynamic_partition` with ragged partitions needs ragged data in "
                                      "keraslike. Received: dense data")
        same = ragged_binary(data, partitions, lambda a, b: b).flat_values
        return dense_op(data.flat_values, same, num_partitions)
    index = torch.as_tensor(partitions.numpy() if hasattr(partitions, "numpy") else partitions).reshape(-1)
    return [from_rows([data[i] for i in range(data.nrows_int()) if int(index[i]) == p], data)
            for p in range(num_partitions)]


def unsorted_segment(data, segment_ids, num_segments, dense_op):
    """`tf.math.unsorted_segment_<kind>` with ragged data and ragged segment ids of the same row partitions."""
    if not (isinstance(data, RaggedTensor) and isinstance(segment_ids, RaggedTensor)):
        raise NotImplementedError("`tf.math.unsorted_segment_*` with ragged data takes ragged segment_ids of "
                                  "the same row partitions in keraslike. Received: dense segment_ids")
    ids = ragged_binary(data, segment_ids, lambda a, b: b).flat_values
    return dense_op(data.flat_values, ids, num_segments)


def gather_nd(params, indices, batch_dims, dense_op):
    """`tf.gather_nd(params, indices)` with ragged params and dense indices `[n, k]`: each index row picks a row
    (k < rank, ragged result) or an element (k == rank, dense result) of `params`."""
    if batch_dims:
        raise NotImplementedError("`tf.gather_nd` of a RaggedTensor with batch_dims is not supported in keraslike. "
                                  f"Received: batch_dims={batch_dims}")
    index = torch.as_tensor(indices.numpy() if hasattr(indices, "numpy") else indices)
    if index.dim() != 2:
        raise NotImplementedError("`tf.gather_nd` of a RaggedTensor takes indices of shape [n, k] in keraslike. "
                                  f"Received: indices with shape {list(index.shape)}")
    items = []
    for coords in index.tolist():
        item = params
        for c in coords:
            item = item[c]
        items.append(item)
    if items and all(isinstance(t, torch.Tensor) and t.dim() == 0 for t in items):
        return torch.stack(items)
    return from_rows(items, params)


def uniform_to_dense(rt, op_name):
    """RaggedTensor `rt` as a dense tensor when every dimension is uniform (TF's ragged matmul), else TF's
    ValueError."""
    splits = rt.nested_row_splits
    for s in splits:
        lengths = s[1:] - s[:-1]
        if lengths.numel() and bool((lengths != lengths[0]).any()):
            raise ValueError(f"`{op_name}` of a RaggedTensor needs uniform row lengths (TF multiplies only ragged "
                             f"tensors whose rows have one length). Received: a RaggedTensor of shape {rt.shape}")
    return rt.to_tensor()


def bincount(arr, weights, minlength, maxlength, dtype, axis, binary_output, dense_op):
    """`tf.math.bincount` of a RaggedTensor: over its flat values (`axis=None`) or per row (`axis=-1`, a dense
    `[nrows, length]` result)."""
    flat_weights = None if weights is None else (
        weights.flat_values if isinstance(weights, RaggedTensor) else weights)
    if axis is None or axis == 0:
        return dense_op(arr.flat_values, flat_weights, minlength, maxlength, dtype, axis=None,
                        binary_output=binary_output)
    if axis != -1 or isinstance(arr.values, RaggedTensor):
        raise ValueError(f"`tf.math.bincount` of a RaggedTensor counts over all values (axis=None) or per row of a "
                         f"ragged rank 1 tensor (axis=-1). Received: axis={axis}")
    flat = arr.flat_values
    length = int(flat.max()) + 1 if flat.numel() else 0
    length = max(length, int(minlength)) if minlength is not None else length
    length = min(length, int(maxlength)) if maxlength is not None else length
    rows = []
    for i in range(arr.nrows_int()):
        row_weights = None if flat_weights is None else weights[i]
        rows.append(dense_op(arr[i], row_weights, length, length, dtype, axis=None, binary_output=binary_output))
    return torch.stack(rows) if rows else torch.zeros((0, length), dtype=dtype)
