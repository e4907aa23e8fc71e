"""`tf.sparse.*` ops over `SparseTensor` (to_dense, from_dense, sparse_dense_matmul, reorder, reshape, add, ...).

Mirrors `tensorflow/python/ops/sparse_ops.py`. Numeric values stay torch tensors, so gradients flow
to `values` (and to the dense operand of `sparse_dense_matmul` / `add`) through torch autograd.
Ops that TF documents as giving row-major ("canonical") order sort their output indices.
"""

import builtins

import numpy as np
import torch

from keraslike._src.errors import InvalidArgumentError
from keraslike._src.io import string_values
from keraslike._src.ops import string_hash
from keraslike._src.ops.tensor_spec import as_spec_dtype, string
from keraslike._src.sparse.sparse_tensor import SparseTensor


def _check_sparse(value, arg):
    if not isinstance(value, SparseTensor):
        raise TypeError(f"Expected a tf.sparse.SparseTensor for {arg}. Received: {arg}={value!r}")
    return value


def _dense(value):
    if isinstance(value, torch.Tensor):
        return value
    if hasattr(value, "read_value"):
        return value.read_value()
    return torch.as_tensor(np.asarray(value.numpy() if hasattr(value, "numpy") else value))


def _shape(sp):
    return [int(d) for d in sp.dense_shape.tolist()]


def _linear(indices, shape):
    """Row-major linear positions of `indices` (N, rank) in `shape`."""
    strides = torch.ones(len(shape), dtype=torch.int64)
    for i in range(len(shape) - 2, -1, -1):
        strides[i] = strides[i + 1] * shape[i + 1]
    return (indices * strides).sum(1) if len(shape) else torch.zeros(indices.shape[0], dtype=torch.int64)


def _unravel(linear, shape):
    columns = []
    for size in reversed(shape):
        columns.append(linear % size if size else linear * 0)
        linear = linear // size if size else linear
    return torch.stack(columns[::-1], 1) if columns else torch.zeros((linear.shape[0], 0), dtype=torch.int64)


def _take(values, order):
    if isinstance(values, torch.Tensor):
        return values[order]
    array = string_values.as_bytes_array(values)
    return string_values.string_output(array[order.numpy()])


def _cat_values(parts):
    if parts and not isinstance(parts[0], torch.Tensor):
        return string_values.string_output(np.concatenate([string_values.as_bytes_array(p) for p in parts]))
    return torch.cat(parts)


def reorder(sp_input, name=None):
    """`tf.sparse.reorder(sp_input)`: the same SparseTensor with indices in row-major order."""
    sp = _check_sparse(sp_input, "sp_input")
    order = torch.argsort(_linear(sp.indices, _shape(sp)), stable=True)
    return SparseTensor(sp.indices[order], _take(sp.values, order), sp.dense_shape)


def to_dense(sp_input, default_value=None, validate_indices=True, name=None):
    """`tf.sparse.to_dense(sp_input, default_value=None, validate_indices=True)`: the dense tensor.

    Args:
        sp_input: a SparseTensor.
        default_value: the value of positions without an entry (0, or b"" for strings).
        validate_indices: check that indices are in bounds, sorted and unique, as TF does.

    Returns:
        A tensor of shape `dense_shape` and the values' dtype (a string value for strings).

    Raises:
        tf.errors.InvalidArgumentError: out-of-bounds, unsorted or repeated indices (when validating).
    """
    sp = _check_sparse(sp_input, "sp_input")
    shape = _shape(sp)
    if validate_indices and sp.indices.shape[0]:
        _validate(sp, shape)
    if sp.dtype is string:
        out = np.full(shape, b"" if default_value is None else string_values.as_bytes_array(default_value)[()],
                      dtype=object)
        values = string_values.as_bytes_array(sp.values)
        for row, value in zip(sp.indices.tolist(), values):
            out[tuple(row)] = value
        return string_values.string_output(out)
    fill = 0 if default_value is None else default_value
    out = torch.full(shape, fill, dtype=sp.values.dtype, device=sp.values.device)
    return out.index_put(tuple(sp.indices.t()), sp.values)


def _validate(sp, shape):
    bounds = torch.tensor(shape, dtype=torch.int64)
    bad = ((sp.indices < 0) | (sp.indices >= bounds)).any(1)
    if bad.any():
        i = int(bad.nonzero()[0])
        raise InvalidArgumentError(f"indices[{i}] = {_tf_list(sp.indices[i].tolist())} is out of bounds: need "
                                   f"0 <= index < {_tf_list(shape)}")
    linear = _linear(sp.indices, shape)
    step = linear[1:] - linear[:-1]
    if (step <= 0).any():
        i = int((step <= 0).nonzero()[0]) + 1
        where = f"indices[{i}] = {_tf_list(sp.indices[i].tolist())}"
        if step[i - 1] == 0:
            raise InvalidArgumentError(f"{where} is repeated")
        raise InvalidArgumentError(f"{where} is out of order. Many sparse ops require sorted indices.\n    Use "
                                   "`tf.sparse.reorder` to create a correctly ordered copy.\n\n")


def _tf_list(values):
    return "[" + ",".join(str(v) for v in values) + "]"


def from_dense(tensor, name=None):
    """`tf.sparse.from_dense(tensor)`: a SparseTensor of the non-zero (non-empty string) entries, row-major."""
    if string_values.is_string_value(tensor):
        array = string_values.as_bytes_array(tensor)
        where = np.argwhere(array != b"")
        return SparseTensor(torch.from_numpy(where.astype(np.int64)).reshape(-1, array.ndim),
                            string_values.string_output(array[tuple(where.T)] if len(where) else
                                                        np.empty(0, dtype=object)),
                            torch.tensor(array.shape, dtype=torch.int64))
    dense = _dense(tensor)
    indices = (dense != 0).nonzero()
    return SparseTensor(indices, dense[tuple(indices.t())], torch.tensor(dense.shape, dtype=torch.int64))


def sparse_dense_matmul(sp_a, b, adjoint_a=False, adjoint_b=False, name=None):
    """`tf.sparse.sparse_dense_matmul(sp_a, b)`: `sp_a @ b` for a rank-2 SparseTensor and a dense matrix.

    Either operand may be the sparse one (`sparse_dense_matmul(dense, sp)` gives `dense @ sp`).
    `adjoint_*` conjugate-transposes that operand first. Differentiable in the values and the dense operand.

    Raises:
        ValueError: non-rank-2 operands or mismatched inner dimensions.
    """
    if isinstance(b, SparseTensor) and not isinstance(sp_a, SparseTensor):
        dense = _dense(sp_a)
        if dense.is_complex() or b.values.is_complex():
            left = dense.mH if adjoint_a else dense
            right = to_dense(b, validate_indices=False)
            return left @ (right.mH if adjoint_b else right)
        # real values: op(A) @ op(S) == (op(S)^T @ op(A)^T)^T
        return sparse_dense_matmul(b, dense, adjoint_a=not adjoint_b, adjoint_b=not adjoint_a).transpose(0, 1)
    sp = _check_sparse(sp_a, "sp_a")
    dense = _dense(b)
    if sp.ndim != 2 or dense.ndim != 2:
        raise ValueError(f"Expected rank-2 operands for sparse_dense_matmul. Received: sp_a rank {sp.ndim}, "
                         f"b rank {dense.ndim}")
    rows, cols = sp.indices[:, 0], sp.indices[:, 1]
    values = sp.values
    out_rows, inner = _shape(sp)
    if adjoint_a:
        rows, cols, out_rows, inner = cols, rows, inner, out_rows
        values = values.conj()
    if adjoint_b:
        dense = dense.mH
    if dense.shape[0] != inner:
        raise ValueError(f"Expected b to have {inner} rows (the inner dimension of sp_a). Received: b shape "
                         f"{tuple(dense.shape)}")
    dtype = torch.promote_types(values.dtype, dense.dtype)
    device = dense.device  # the sparse operand's indices/values follow the dense one (e.g. onto the GPU)
    rows, cols, values = rows.to(device), cols.to(device), values.to(device=device, dtype=dtype)
    out = torch.zeros((out_rows, dense.shape[1]), dtype=dtype, device=device)
    return out.index_add(0, rows, values[:, None] * dense.to(dtype)[cols])


def add(a, b, threshold=0, name=None):
    """`tf.sparse.add(a, b, threshold=0)`: sparse + sparse -> SparseTensor; sparse + dense -> dense tensor.

    For two SparseTensors the result holds the union of their indices (row-major), dropping sums whose
    magnitude is below `threshold`.

    Raises:
        ValueError: two SparseTensors of different dense shapes.
    """
    if not isinstance(a, SparseTensor) or not isinstance(b, SparseTensor):
        sparse, dense = (a, b) if isinstance(a, SparseTensor) else (b, a)
        _check_sparse(sparse, "a")
        dense = _dense(dense)
        return dense.index_put(tuple(sparse.indices.t()), sparse.values.to(dense.dtype), accumulate=True)
    if _shape(a) != _shape(b):
        raise ValueError(f"Expected SparseTensors of the same dense shape. Received: {_shape(a)} and {_shape(b)}")
    shape = _shape(a)
    values = torch.cat([a.values, b.values])
    unique, inverse = torch.unique(_linear(torch.cat([a.indices, b.indices]), shape), sorted=True,
                                   return_inverse=True)
    summed = torch.zeros(unique.shape[0], dtype=values.dtype).index_add(0, inverse, values)
    counts = torch.zeros(unique.shape[0], dtype=torch.int64).index_add(0, inverse, torch.ones_like(inverse))
    keep = (counts == 1) | (summed.abs() >= threshold)  # TF thresholds only the sums of entries in both inputs
    return SparseTensor(_unravel(unique, shape)[keep], summed[keep], a.dense_shape)


def concat(axis, sp_inputs, expand_nonconcat_dims=False, name=None, concat_dim=None):
    """`tf.sparse.concat(axis, sp_inputs, expand_nonconcat_dims=False)`: concatenate along `axis`, row-major.

    Raises:
        ValueError: inputs of different ranks, or other dimensions that differ (unless
            `expand_nonconcat_dims=True`, which takes their maximum).
    """
    axis = concat_dim if concat_dim is not None else axis
    inputs = [_check_sparse(s, "sp_inputs") for s in sp_inputs]
    shapes = [_shape(s) for s in inputs]
    rank = len(shapes[0])
    axis = axis + rank if axis < 0 else axis
    if any(len(s) != rank for s in shapes):
        raise ValueError(f"Expected SparseTensors of the same rank. Received: shapes {shapes}")
    shape = [max(s[d] for s in shapes) for d in range(rank)]
    if not expand_nonconcat_dims and any(s[d] != shape[d] for s in shapes for d in range(rank) if d != axis):
        raise ValueError(f"Expected equal dimensions except along axis {axis}. Received: shapes {shapes}")
    offset, parts = 0, []
    for sp, s in zip(inputs, shapes):
        shift = torch.zeros(rank, dtype=torch.int64)
        shift[axis] = offset
        parts.append(sp.indices + shift)
        offset += s[axis]
    shape[axis] = offset
    return reorder(SparseTensor(torch.cat(parts), _cat_values([s.values for s in inputs]), shape))


def _axes(axis, rank):
    if axis is None:
        return list(range(rank))
    axes = [axis] if isinstance(axis, int) else [int(a) for a in (axis.tolist() if hasattr(axis, "tolist") else axis)]
    return sorted({a + rank if a < 0 else a for a in axes})


def _reduce(sp, axis, keepdims, output_is_sparse, combine, empty):
    shape = _shape(sp)
    axes = _axes(axis, len(shape))
    kept = [d for d in range(len(shape)) if d not in axes]
    out_shape = [1 if d in axes else shape[d] for d in range(len(shape))] if keepdims else [shape[d] for d in kept]
    group_shape = [shape[d] for d in kept]
    linear = _linear(sp.indices[:, kept], group_shape)
    unique, inverse = torch.unique(linear, sorted=True, return_inverse=True)
    reduced = combine(torch.full((unique.shape[0],), empty, dtype=sp.values.dtype), inverse, sp.values)
    if output_is_sparse:
        indices = _unravel(unique, group_shape)
        if keepdims:
            full = torch.zeros((indices.shape[0], len(shape)), dtype=torch.int64)
            full[:, kept] = indices
            indices = full
        return SparseTensor(indices, reduced, out_shape)
    total = int(np.prod(group_shape, dtype=np.int64))
    # groups without entries are 0 in the dense result, as TF (for reduce_max too)
    dense = torch.zeros((total,), dtype=sp.values.dtype).index_put((unique,), reduced)
    return dense.reshape(out_shape)


def reduce_sum(sp_input, axis=None, keepdims=None, output_is_sparse=False, name=None):
    """`tf.sparse.reduce_sum(sp_input, axis=None, keepdims=None, output_is_sparse=False)`.

    Sums the stored values over `axis` (all axes by default): a dense tensor, or a SparseTensor holding
    only the groups that had entries when `output_is_sparse`.
    """
    sp = _check_sparse(sp_input, "sp_input")
    return _reduce(sp, axis, bool(keepdims), output_is_sparse,
                   lambda base, groups, values: base.index_add(0, groups, values), 0)


def reduce_max(sp_input, axis=None, keepdims=None, output_is_sparse=False, name=None):
    """`tf.sparse.reduce_max`: the maximum of the stored values over `axis` (implicit zeros are not values).

    Groups without entries are 0 in the dense result, as TF.
    """
    sp = _check_sparse(sp_input, "sp_input")
    lowest = -float("inf") if sp.values.dtype.is_floating_point else torch.iinfo(sp.values.dtype).min
    return _reduce(sp, axis, bool(keepdims), output_is_sparse,
                   lambda base, groups, values: base.scatter_reduce(0, groups, values, "amax"), lowest)


def retain(sp_input, to_retain):
    """`tf.sparse.retain(sp_input, to_retain)`: the entries whose `to_retain` (bool, one per value) is True."""
    sp = _check_sparse(sp_input, "sp_input")
    keep = _dense(to_retain).to(torch.bool)
    if keep.shape != (sp.indices.shape[0],):
        raise ValueError(f"Expected to_retain of shape ({sp.indices.shape[0]},). Received: {tuple(keep.shape)}")
    order = keep.nonzero().reshape(-1)
    return SparseTensor(sp.indices[order], _take(sp.values, order), sp.dense_shape)


def slice(sp_input, start, size, name=None):  # noqa: A001 - TF's name
    """`tf.sparse.slice(sp_input, start, size)`: the entries in `[start, start + size)`, indices shifted."""
    sp = _check_sparse(sp_input, "sp_input")
    start = torch.as_tensor(np.asarray(start), dtype=torch.int64)
    size = torch.as_tensor(np.asarray(size), dtype=torch.int64)
    shape = sp.dense_shape
    end = torch.minimum(start + size, shape)
    inside = ((sp.indices >= start) & (sp.indices < end)).all(1).nonzero().reshape(-1)
    return SparseTensor(sp.indices[inside] - start, _take(sp.values, inside), torch.clamp(end - start, min=0))


def transpose(sp_input, perm=None, name=None):
    """`tf.sparse.transpose(sp_input, perm=None)`: permute dimensions (reversed by default), row-major output."""
    sp = _check_sparse(sp_input, "sp_input")
    perm = list(range(sp.ndim))[::-1] if perm is None else [int(p) for p in np.asarray(perm).reshape(-1)]
    if sorted(perm) != list(range(sp.ndim)):
        raise ValueError(f"Expected perm to be a permutation of range({sp.ndim}). Received: perm={perm}")
    return reorder(SparseTensor(sp.indices[:, perm], sp.values, sp.dense_shape[perm]))


def to_indicator(sp_input, vocab_size, name=None):
    """`tf.sparse.to_indicator(sp_input, vocab_size)`: bool `dense_shape[:-1] + [vocab_size]`, True at the
    ids stored in each last-dimension row.

    Raises:
        TypeError: non-integer values.
    """
    sp = _check_sparse(sp_input, "sp_input")
    if sp.dtype is string or sp.values.dtype.is_floating_point:
        raise TypeError(f"Expected integer ids in sp_input for to_indicator. Received: dtype={sp.dtype}")
    shape = _shape(sp)[:-1] + [int(vocab_size)]
    out = torch.zeros(shape, dtype=torch.bool)
    index = tuple(sp.indices[:, :-1].t()) + (sp.values.to(torch.int64),)
    return out.index_put(index, torch.ones(sp.values.shape[0], dtype=torch.bool))


def expand_dims(sp_input, axis=None, name=None):
    """`tf.sparse.expand_dims(sp_input, axis)`: insert a size-1 dimension at `axis` (-1 appends)."""
    sp = _check_sparse(sp_input, "sp_input")
    rank = sp.ndim
    axis = -1 if axis is None else int(axis)
    axis = axis + rank + 1 if axis < 0 else axis
    zeros = torch.zeros((sp.indices.shape[0], 1), dtype=torch.int64)
    indices = torch.cat([sp.indices[:, :axis], zeros, sp.indices[:, axis:]], 1)
    shape = torch.cat([sp.dense_shape[:axis], torch.ones(1, dtype=torch.int64), sp.dense_shape[axis:]])
    return SparseTensor(indices, sp.values, shape)


def eye(num_rows, num_columns=None, dtype=torch.float32, name=None):
    """`tf.sparse.eye(num_rows, num_columns=None, dtype=tf.float32)`: a sparse identity matrix."""
    num_columns = num_rows if num_columns is None else num_columns
    diagonal = torch.arange(builtins.min(int(num_rows), int(num_columns)), dtype=torch.int64)
    return SparseTensor(torch.stack([diagonal, diagonal], 1), torch.ones(diagonal.shape[0],
                                                                        dtype=as_spec_dtype(dtype)),
                        [int(num_rows), int(num_columns)])


def fill_empty_rows(sp_input, default_value, name=None):
    """`tf.sparse.fill_empty_rows(sp_input, default_value)`: `(filled, empty_row_indicator)`.

    Rows (first dimension) without entries get one entry `default_value` at column 0.
    """
    sp = _check_sparse(sp_input, "sp_input")
    rows = _shape(sp)[0]
    present = torch.zeros(rows, dtype=torch.bool)
    present[sp.indices[:, 0]] = True
    empty = (~present).nonzero().reshape(-1)
    new = torch.zeros((empty.shape[0], sp.ndim), dtype=torch.int64)
    new[:, 0] = empty
    if sp.dtype is string:
        fill = string_values.string_output(np.array([string_values.as_bytes_array(default_value)[()]] *
                                                    empty.shape[0] + [b""], dtype=object)[:-1])
    else:
        fill = torch.full((empty.shape[0],), default_value, dtype=sp.values.dtype)
    filled = reorder(SparseTensor(torch.cat([sp.indices, new]), _cat_values([sp.values, fill]), sp.dense_shape))
    return filled, ~present


def map_values(op, *args, **kwargs):
    """`tf.sparse.map_values(op, *args, **kwargs)`: `op` applied to the values of the SparseTensor arguments.

    Raises:
        ValueError: no SparseTensor argument, or SparseTensors with different indices.
    """
    sparse = [a for a in list(args) + list(kwargs.values()) if isinstance(a, SparseTensor)]
    if not sparse:
        raise ValueError("Expected at least one SparseTensor argument to map_values. Received: none")
    first = sparse[0]
    for other in sparse[1:]:
        if not torch.equal(other.indices, first.indices) or not torch.equal(other.dense_shape, first.dense_shape):
            raise ValueError("Expected SparseTensors with identical indices and dense_shape in map_values.")

    def unwrap(a):
        return a.values if isinstance(a, SparseTensor) else a

    result = op(*[unwrap(a) for a in args], **{k: unwrap(v) for k, v in kwargs.items()})
    return first.with_values(result)


def _elementwise(a, b, function):
    a, b = _check_sparse(a, "sp_a"), _check_sparse(b, "sp_b")
    if _shape(a) != _shape(b):
        raise ValueError(f"Expected SparseTensors of the same dense shape. Received: {_shape(a)} and {_shape(b)}")
    shape = _shape(a)
    union = torch.unique(torch.cat([_linear(a.indices, shape), _linear(b.indices, shape)]), sorted=True)

    def dense_at(sp):
        full = torch.zeros(union.shape[0], dtype=sp.values.dtype)
        position = torch.searchsorted(union, _linear(sp.indices, shape))
        return full.index_put((position,), sp.values)

    return SparseTensor(_unravel(union, shape), function(dense_at(a), dense_at(b)), a.dense_shape)


def maximum(sp_a, sp_b, name=None):
    """`tf.sparse.maximum(sp_a, sp_b)`: elementwise max over the union of indices (absent entries are 0)."""
    return _elementwise(sp_a, sp_b, torch.maximum)


def minimum(sp_a, sp_b, name=None):
    """`tf.sparse.minimum(sp_a, sp_b)`: elementwise min over the union of indices (absent entries are 0)."""
    return _elementwise(sp_a, sp_b, torch.minimum)


def softmax(sp_input, name=None):
    """`tf.sparse.softmax(sp_input)`: softmax over the stored values of each innermost row (absent = -inf)."""
    sp = reorder(_check_sparse(sp_input, "sp_input"))
    shape = _shape(sp)
    groups = _linear(sp.indices[:, :-1], shape[:-1])
    _, inverse = torch.unique(groups, sorted=True, return_inverse=True)
    count = int(inverse.max()) + 1 if inverse.numel() else 0
    peak = torch.full((count,), -float("inf"), dtype=sp.values.dtype).scatter_reduce(0, inverse, sp.values, "amax")
    exp = torch.exp(sp.values - peak[inverse])
    total = torch.zeros(count, dtype=exp.dtype).index_add(0, inverse, exp)
    return sp.with_values(exp / total[inverse])


def split(sp_input=None, num_split=None, axis=None, name=None):
    """`tf.sparse.split(sp_input, num_split, axis)`: `num_split` SparseTensors along `axis`.

    The first `size % num_split` pieces are one longer, as TF.
    """
    sp = _check_sparse(sp_input, "sp_input")
    if num_split is None or axis is None:
        raise ValueError(f"Expected num_split and axis for tf.sparse.split. Received: num_split={num_split}, "
                         f"axis={axis}")
    shape = _shape(sp)
    axis = int(axis) + len(shape) if int(axis) < 0 else int(axis)
    size, extra = divmod(shape[axis], int(num_split))
    pieces, begin = [], 0
    for i in range(int(num_split)):
        width = size + (1 if i < extra else 0)
        start, length = [0] * len(shape), list(shape)
        start[axis], length[axis] = begin, width
        pieces.append(slice(sp, start, length))
        begin += width
    return pieces


def reset_shape(sp_input, new_shape=None):
    """`tf.sparse.reset_shape(sp_input, new_shape=None)`: a new dense shape (the tight bounding box if None).

    Raises:
        ValueError: a `new_shape` of another rank or smaller than the bounding box.
    """
    sp = _check_sparse(sp_input, "sp_input")
    tight = (sp.indices.max(0).values + 1) if sp.indices.shape[0] else torch.zeros(sp.ndim, dtype=torch.int64)
    if new_shape is None:
        return SparseTensor(sp.indices, sp.values, tight)
    new_shape = torch.as_tensor(np.asarray(new_shape), dtype=torch.int64)
    if new_shape.shape != (sp.ndim,) or (new_shape < tight).any():
        raise ValueError(f"Expected new_shape of rank {sp.ndim} holding every index (at least {tight.tolist()}). "
                         f"Received: new_shape={new_shape.tolist()}")
    return SparseTensor(sp.indices, sp.values, new_shape)


def reshape(sp_input, shape, name=None):
    """`tf.sparse.reshape(sp_input, shape)`: the same entries in a new dense shape (one dim may be -1).

    Raises:
        ValueError: a shape with another number of elements, or more than one -1.
    """
    sp = _check_sparse(sp_input, "sp_input")
    old = _shape(sp)
    new = [int(d) for d in np.asarray(shape.tolist() if hasattr(shape, "tolist") else shape).reshape(-1)]
    total = int(np.prod(old, dtype=np.int64))
    if new.count(-1) > 1:
        raise ValueError(f"Expected at most one -1 in shape. Received: shape={new}")
    if -1 in new:
        known = int(np.prod([d for d in new if d != -1], dtype=np.int64))
        new[new.index(-1)] = total // known if known else 0
    if int(np.prod(new, dtype=np.int64)) != total:
        raise ValueError(f"Cannot reshape a tensor with {total} elements to shape {new} "
                         f"({int(np.prod(new, dtype=np.int64))} elements)")
    return SparseTensor(_unravel(_linear(sp.indices, old), new), sp.values, new)


def _segment(data, indices, segment_ids, num_segments, kind):
    data = _dense(data)
    rows = data[_dense(indices).to(torch.int64)]
    ids = _dense(segment_ids).to(torch.int64)
    count = int(num_segments) if num_segments is not None else (int(ids.max()) + 1 if ids.numel() else 0)
    out = torch.zeros((count,) + tuple(data.shape[1:]), dtype=data.dtype).index_add(0, ids, rows)
    if kind == "sum":
        return out
    counts = torch.zeros(count, dtype=data.dtype).index_add(0, ids, torch.ones(ids.shape[0], dtype=data.dtype))
    scale = counts if kind == "mean" else counts.sqrt()
    return out / scale.clamp(min=1).reshape((-1,) + (1,) * (data.ndim - 1))


def segment_sum(data, indices, segment_ids, num_segments=None, name=None):
    """`tf.sparse.segment_sum(data, indices, segment_ids)`: sums of `data[indices]` grouped by `segment_ids`."""
    return _segment(data, indices, segment_ids, num_segments, "sum")


def segment_mean(data, indices, segment_ids, num_segments=None, name=None):
    """`tf.sparse.segment_mean`: means of `data[indices]` per segment (empty segments are 0)."""
    return _segment(data, indices, segment_ids, num_segments, "mean")


def segment_sqrt_n(data, indices, segment_ids, num_segments=None, name=None):
    """`tf.sparse.segment_sqrt_n`: sums of `data[indices]` per segment divided by sqrt(segment size)."""
    return _segment(data, indices, segment_ids, num_segments, "sqrt_n")


def _bincount_parts(values, weights, axis):
    """(flat int64 values, flat weights or None, row of each value or None, number of rows)."""
    if isinstance(values, SparseTensor):
        flat, rows, count = values.values, values.indices[:, 0], int(values.dense_shape[0])
        weights = weights.values if isinstance(weights, SparseTensor) else weights
    elif hasattr(values, "row_splits"):  # a RaggedTensor
        flat = values.flat_values
        rows, count = values.value_rowids().to(torch.int64), int(values.nrows())
        weights = weights.flat_values if hasattr(weights, "row_splits") else weights
    else:
        dense = _dense(values)
        if axis == -1 and dense.ndim != 2:
            raise ValueError(f"Expected 2-D values for tf.sparse.bincount(axis=-1). Received: shape "
                             f"{tuple(dense.shape)}")
        flat = dense.reshape(-1)
        count = dense.shape[0] if dense.ndim else 1
        rows = torch.arange(count).repeat_interleave(dense.shape[1]) if axis == -1 else None
        weights = _dense(weights).reshape(-1) if weights is not None else None
    return flat, weights, rows if axis == -1 else None, count


def bincount(values, weights=None, axis=0, minlength=None, maxlength=None, binary_output=False, name=None):
    """`tf.sparse.bincount(values, weights=None, axis=0, ...)`: counts of each non-negative integer, as a SparseTensor.

    Args:
        values: an int tensor, RaggedTensor or SparseTensor (its stored values are counted).
        weights: optional, same structure as `values`: sums of weights instead of counts.
        axis: 0 counts over everything (a rank-1 result); -1 counts each row of rank-2 values.
        minlength / maxlength: the output's last dimension is at least / at most this (values >= maxlength
            are dropped); default the largest value + 1.
        binary_output: 1 for every present value instead of counts.

    Returns:
        A SparseTensor holding only the non-empty bins, row-major; counts have the values' dtype, sums the
        weights' dtype.

    Raises:
        ValueError: an axis other than 0 / -1, or `weights` with `binary_output`.
        tf.errors.InvalidArgumentError: negative values.
    """
    if axis not in (0, -1):
        raise ValueError(f"Unsupported axis value {axis}. Only 0 and -1 are currently supported.")
    if weights is not None and binary_output:
        raise ValueError("Arguments `binary_output` and `weights` are mutually exclusive. Please specify only one.")
    flat, weights, rows, count = _bincount_parts(values, weights, axis)
    if flat.dtype.is_floating_point or flat.dtype.is_complex:
        raise TypeError(f"Expected integer values for tf.sparse.bincount. Received: dtype={flat.dtype}")
    if flat.numel() and int(flat.min()) < 0:
        raise InvalidArgumentError(f"Input values must be non-negative. Received: min value {int(flat.min())}")
    size = builtins.max(int(flat.max()) + 1 if flat.numel() else 0, int(minlength or 0))
    keep = torch.ones_like(flat, dtype=torch.bool)
    if maxlength is not None:
        size = builtins.min(size, int(maxlength))
        keep = flat < int(maxlength)
    flat = flat[keep].to(torch.int64)
    amounts = (weights[keep] if weights is not None else torch.ones(flat.shape[0], dtype=_values_dtype(values)))
    key = flat if rows is None else rows[keep] * size + flat
    unique, inverse = torch.unique(key, sorted=True, return_inverse=True)
    totals = torch.zeros(unique.shape[0], dtype=amounts.dtype).index_add(0, inverse, amounts)
    if binary_output:
        totals = torch.ones_like(totals)
    if rows is None:
        return SparseTensor(unique[:, None], totals, [size])
    return SparseTensor(torch.stack([unique // builtins.max(size, 1), unique % builtins.max(size, 1)], 1), totals,
                        [count, size])


def _values_dtype(values):
    """The dtype of the integers `bincount` counts (a SparseTensor's/RaggedTensor's values, a tensor's own)."""
    if isinstance(values, SparseTensor):
        return values.values.dtype
    if hasattr(values, "flat_values"):
        return values.flat_values.dtype
    return _dense(values).dtype


def _cross_rows(inputs):
    """Per input, per row: the row's values as Python bytes/ints (SparseTensor: stored values, dense: all)."""
    rows, columns = None, []
    for i, value in enumerate(inputs):
        if isinstance(value, SparseTensor):
            if value.ndim != 2:
                raise ValueError(f"Expected 2-D SparseTensors to cross. Received: inputs[{i}] of rank {value.ndim}")
            count = int(value.dense_shape[0])
            items = (list(string_values.as_bytes_array(value.values)) if value.dtype is string
                     else value.values.tolist())
            per_row = [[] for _ in range(count)]
            for row, item in zip(value.indices[:, 0].tolist(), items):
                per_row[row].append(item)
        else:
            if string_values.is_string_value(value):
                array = string_values.as_bytes_array(value, f"inputs[{i}]")
                per_row = [list(r) for r in array] if array.ndim == 2 else None
            else:
                dense = _dense(value)
                per_row = dense.tolist() if dense.ndim == 2 else None
            if per_row is None:
                raise ValueError(f"Expected 2-D dense tensors to cross. Received: inputs[{i}]={value!r:.80}")
            count = len(per_row)
        if rows is not None and count != rows:
            raise InvalidArgumentError(f"Expected batch size {rows} got {count} for inputs[{i}]")
        rows = count
        columns.append(per_row)
    return rows or 0, columns


def _crossed(inputs, combine):
    if not inputs:
        raise ValueError("Expected at least one input to cross. Received: inputs=[]")
    # TF's SparseCross takes the SparseTensor inputs first, then the dense ones (each group in order).
    inputs = ([v for v in inputs if isinstance(v, SparseTensor)]
              + [v for v in inputs if not isinstance(v, SparseTensor)])
    rows, columns = _cross_rows(inputs)
    indices, values, longest = [], [], 0
    for row in range(rows):
        combos = [()]
        for column in columns:
            combos = [c + (item,) for c in combos for item in column[row]]
        for j, combo in enumerate(combos):
            indices.append([row, j])
            values.append(combine(combo))
        longest = builtins.max(longest, len(combos))
    return indices, values, [rows, longest]


def cross(inputs, name=None, separator=None):
    """`tf.sparse.cross(inputs, separator="_X_")`: the per-row cartesian product of string/int64 features.

    Each row's crossed values are its features' values (SparseTensor: the stored ones; dense 2-D: every
    column) joined with `separator`; as TF, the SparseTensor inputs come first, then the dense ones, the
    first varying slowest.

    Returns:
        A `[batch, max_crosses]` SparseTensor of `tf.string` values.

    Raises:
        ValueError: no inputs, or inputs that are not 2-D.
        tf.errors.InvalidArgumentError: inputs of different batch sizes.
    """
    separator = "_X_" if separator is None else separator
    glue = separator.encode("utf-8") if isinstance(separator, str) else bytes(separator)

    def join(combo):
        return glue.join(item if isinstance(item, bytes) else str(int(item)).encode() for item in combo)

    indices, values, shape = _crossed(inputs, join)
    array = np.empty(len(values), dtype=object)
    array[:] = values
    return SparseTensor(torch.tensor(indices, dtype=torch.int64).reshape(-1, 2), string_values.string_output(array),
                        shape)


def cross_hashed(inputs, num_buckets=0, hash_key=None, name=None):
    """`tf.sparse.cross_hashed(inputs, num_buckets=0, hash_key=None)`: `tf.sparse.cross`, hashed to int64.

    Each cross is TF's `FingerprintCat64` fold of its features' fingerprints (Fingerprint64 of a string, the
    64-bit value of an int) starting from `hash_key` (default TF's 0xDECAFCAFFE), modulo `num_buckets`
    (0: the int64 maximum).

    Returns:
        A `[batch, max_crosses]` SparseTensor of int64 bucket ids.

    Raises:
        ValueError / tf.errors.InvalidArgumentError: as `tf.sparse.cross`.
    """
    key = string_hash.CROSS_HASH_KEY if hash_key is None else int(hash_key) & ((1 << 64) - 1)
    modulus = int(num_buckets) if num_buckets and int(num_buckets) > 0 else np.iinfo(np.int64).max

    def hashed(combo):
        result = key
        for item in combo:
            result = string_hash.fingerprint_cat64(result, string_hash.feature_hash(item))
        return result % modulus

    indices, values, shape = _crossed(inputs, hashed)
    return SparseTensor(torch.tensor(indices, dtype=torch.int64).reshape(-1, 2), torch.tensor(values,
                                                                                             dtype=torch.int64),
                        shape)


def sampled_addmm(indices, values, dense_shape, mat1, mat2, beta=1.0, alpha=1.0, output_type=torch.float32):
    """`tf.sparse.sampled_addmm`: `alpha * (mat1 @ mat2)` read at `indices`, plus `beta * values`.

    Args:
        indices: int `[..., N, 2]` positions in the product matrix (leading batch dims as `mat1`'s).
        values: `[..., N]` values added (scaled by `beta`).
        dense_shape: `[2]` the product's matrix shape (rows, columns).
        mat1, mat2: dense `[..., M, K]` and `[..., K, P]`.
        output_type: the dtype of the result values.

    Returns:
        `(indices, result_values, dense_shape)`, as TF.

    Raises:
        tf.errors.InvalidArgumentError: a `dense_shape` other than the product's `[M, P]`.
    """
    a, b = _dense(mat1), _dense(mat2)
    dtype = as_spec_dtype(output_type)
    product = torch.matmul(a.to(dtype), b.to(dtype))
    shape = _dense(dense_shape)
    if shape.tolist() != list(product.shape[-2:]):
        raise InvalidArgumentError(f"Expected dense_shape {list(product.shape[-2:])} (the shape of mat1 @ mat2). "
                                   f"Received: dense_shape={shape.tolist()}")
    positions = _dense(indices).to(torch.int64)
    rows, columns = positions[..., 0], positions[..., 1]
    batch = product.reshape((-1,) + tuple(product.shape[-2:]))
    flat_rows, flat_columns = rows.reshape(batch.shape[0], -1), columns.reshape(batch.shape[0], -1)
    picked = torch.stack([batch[i][flat_rows[i], flat_columns[i]] for i in range(batch.shape[0])]).reshape(rows.shape)
    return _dense(indices), alpha * picked + beta * _dense(values).to(dtype), _dense(dense_shape)
