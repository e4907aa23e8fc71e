"""The array ops of `tf.*` on string tensors: `reshape`, `concat`, `stack`, `gather`, `where`, ...

Mirrors the string kernels of `tensorflow/python/ops/array_ops.py` (TF registers its shape and
selection kernels for every dtype, `tf.string` included). The numeric ops in `array.py`,
`indexing.py`, `creation.py` and `math.py` call these when an input is string data
(`string_tensor.has_strings`); results are `StringTensor`s, shapes and indices torch int tensors.

Example:
    >>> tf.reshape(tf.constant(["a", "b", "c", "d"]), [2, 2])   # [[b'a' b'b'] [b'c' b'd']]
    >>> tf.where([True, False], "yes", "no")                     # [b'yes' b'no']
"""

import builtins

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.ops import dtypes
from keraslike._src.ops.conversion import normalize_axes, normalize_axis, to_shape
from keraslike._src.ops.string_tensor import StringTensor, as_string_array, concat_elementwise

_wrap = StringTensor.from_bytes_array


def _ints(values):
    if isinstance(values, torch.Tensor):
        return [int(v) for v in values.reshape(-1).tolist()]
    if isinstance(values, (int, np.integer)):
        return [int(values)]
    return [int(v) for v in values]


def _index_array(indices, arg_name):
    if isinstance(indices, torch.Tensor):
        if indices.is_floating_point() or indices.is_complex() or indices.dtype == torch.bool:
            raise TypeError(f"Expected integer `{arg_name}`. Received: {arg_name} with dtype="
                            f"{dtypes.dtype_name(indices.dtype)}")
        return indices.detach().cpu().numpy().astype(np.int64)
    array = np.asarray(indices)
    if array.dtype.kind not in "iu":
        raise TypeError(f"Expected integer `{arg_name}`. Received: {arg_name}={indices!r:.80}")
    return array.astype(np.int64)


def _bool_array(mask, arg_name):
    if isinstance(mask, torch.Tensor):
        if mask.dtype != torch.bool:
            raise TypeError(f"Expected a bool `{arg_name}`. Received: {arg_name} with dtype="
                            f"{dtypes.dtype_name(mask.dtype)}")
        return mask.detach().cpu().numpy()
    array = np.asarray(mask)
    if array.dtype != np.bool_:
        raise TypeError(f"Expected a bool `{arg_name}`. Received: {arg_name}={mask!r:.80}")
    return array


def _strings(value, arg_name):
    try:
        return as_string_array(value)
    except TypeError as err:
        raise TypeError(f"{err} (argument `{arg_name}`)") from None


def shape(input, out_type=torch.int32):
    """`tf.shape` of a string tensor: 1-D int tensor (int32 by default)."""
    return torch.tensor(list(_strings(input, "input").shape), dtype=dtypes.as_dtype(out_type))


def size(input, out_type=torch.int32):
    """`tf.size` of a string tensor: scalar int tensor."""
    return torch.tensor(_strings(input, "input").size, dtype=dtypes.as_dtype(out_type))


def rank(input):
    """`tf.rank` of a string tensor: scalar int32 tensor."""
    return torch.tensor(_strings(input, "input").ndim, dtype=torch.int32)


def identity(input):
    """`tf.identity` of a string tensor (string tensors are immutable: the same values)."""
    return _wrap(_strings(input, "input"))


def reshape(tensor, shape):
    """`tf.reshape` of a string tensor; one dimension may be -1.

    Raises:
        ValueError: if the number of elements does not match `shape`.
    """
    x = _strings(tensor, "tensor")
    dims = to_shape(shape, "shape")
    try:
        return _wrap(x.reshape(dims))
    except ValueError:
        raise ValueError(
            f"Cannot reshape a tensor with {x.size} elements (shape {list(x.shape)}) to the "
            f"requested shape. Received: shape={list(dims)}"
        ) from None


def _list(values, arg_name, op_name):
    if isinstance(values, StringTensor) and values.ndim > 0:
        values = list(values)
    if not isinstance(values, (list, tuple)) or not values:
        raise ValueError(f"`{op_name}` expects a non-empty list of tensors. Received: {arg_name}={values!r:.80}")
    for i, v in enumerate(values):
        if isinstance(v, torch.Tensor):
            raise TypeError(f"`{op_name}` expects tensors of one dtype; {arg_name}[{i}] is a "
                            f"{dtypes.dtype_name(v.dtype)} tensor among strings. Received: {arg_name}[{i}]={v!r:.60}")
    return [_strings(v, f"{arg_name}[{i}]") for i, v in enumerate(values)]


def stack(values, axis=0):
    """`tf.stack` of string tensors of one shape along a new axis.

    Raises:
        ValueError: if shapes differ or `axis` is out of range.
    """
    arrays = _list(values, "values", "tf.stack")
    for i, a in enumerate(arrays[1:], 1):
        if a.shape != arrays[0].shape:
            raise ValueError(f"`tf.stack` expects tensors of one shape. Received: values[0].shape="
                             f"{list(arrays[0].shape)}, values[{i}].shape={list(a.shape)}")
    return _wrap(np.stack(arrays, axis=normalize_axis(axis, arrays[0].ndim + 1)))


def concat(values, axis):
    """`tf.concat` of string tensors along an existing axis.

    Raises:
        ValueError: for mismatched ranks or non-concat dimensions.
    """
    arrays = _list(values, "values", "tf.concat")
    ax = normalize_axis(axis, arrays[0].ndim)
    for i, a in enumerate(arrays):
        if a.ndim != arrays[0].ndim or any(a.shape[d] != arrays[0].shape[d] for d in range(a.ndim) if d != ax):
            raise ValueError(f"`tf.concat` expects all dimensions except {ax} to match. Received: values[0].shape="
                             f"{list(arrays[0].shape)}, values[{i}].shape={list(a.shape)}")
    return _wrap(np.concatenate(arrays, axis=ax))


def unstack(value, num=None, axis=0):
    """`tf.unstack` of a string tensor: list of the slices along `axis`."""
    x = _strings(value, "value")
    axis = normalize_axis(axis, x.ndim)
    if num is not None and int(num) != x.shape[axis]:
        raise ValueError(f"Expected `num` to equal the size of dimension {axis} ({x.shape[axis]}). Received: num={num}")
    moved = np.moveaxis(x, axis, 0)
    return [_wrap(moved[i]) if moved.ndim > 1 else _wrap(moved[i : i + 1].reshape(())) for i in range(x.shape[axis])]


def expand_dims(input, axis):
    """`tf.expand_dims` of a string tensor: a length-1 axis at `axis` in `[-rank-1, rank]`."""
    x = _strings(input, "input")
    return _wrap(np.expand_dims(x, normalize_axis(axis, x.ndim + 1)))


def squeeze(input, axis=None):
    """`tf.squeeze` of a string tensor.

    Raises:
        ValueError: if a listed dimension is not 1.
    """
    x = _strings(input, "input")
    if axis is None:
        return _wrap(x.reshape([d for d in x.shape if d != 1]))
    axes = normalize_axes(axis, x.ndim)
    for a in axes:
        if x.shape[a] != 1:
            raise ValueError(f"Can not squeeze dim[{a}], expected a dimension of 1, got {x.shape[a]}. "
                             f"Received: axis={axis!r}")
    return _wrap(x.reshape([d for i, d in enumerate(x.shape) if i not in axes]))


def transpose(a, perm=None):
    """`tf.transpose` of a string tensor; default reverses the dimensions."""
    x = _strings(a, "a")
    perm = list(range(x.ndim))[::-1] if perm is None else _ints(perm)
    if sorted(p % max(x.ndim, 1) for p in perm) != list(range(x.ndim)):
        raise ValueError(f"Expected `perm` to be a permutation of range({x.ndim}). Received: perm={perm}")
    return _wrap(np.ascontiguousarray(x.transpose(perm)))


def tile(input, multiples):
    """`tf.tile` of a string tensor.

    Raises:
        ValueError: if `len(multiples)` differs from the rank.
    """
    x = _strings(input, "input")
    reps = _ints(multiples)
    if len(reps) != x.ndim:
        raise ValueError(f"Expected `multiples` to have one entry per dimension ({x.ndim}). Received: multiples={reps}")
    return _wrap(np.tile(x, reps) if reps else x)


def broadcast_to(input, shape):
    """`tf.broadcast_to` of a string tensor."""
    x = _strings(input, "input")
    dims = to_shape(shape, "shape")
    try:
        return _wrap(np.array(np.broadcast_to(x, dims)))
    except ValueError:
        raise ValueError(f"Cannot broadcast shape {list(x.shape)} to the requested shape. "
                         f"Received: shape={list(dims)}") from None


def reverse(tensor, axis):
    """`tf.reverse` of a string tensor along the listed axes."""
    x = _strings(tensor, "tensor")
    return _wrap(np.ascontiguousarray(np.flip(x, normalize_axes(axis, x.ndim))))


def fill(dims, value):
    """`tf.fill(dims, value)` with a string scalar `value`.

    Raises:
        ValueError: if `value` is not a scalar.
    """
    v = _strings(value, "value")
    if v.ndim != 0:
        raise ValueError(f"Expected `value` to be a scalar. Received: value with shape={list(v.shape)}")
    out = np.empty(to_shape(dims, "dims"), dtype=object)
    out[...] = v[()]
    return _wrap(out)


def empty_strings(shape):
    """`tf.zeros(shape, tf.string)`: a string tensor of `b""`."""
    return fill(shape, b"")


def gather(params, indices, axis=None, batch_dims=0):
    """`tf.gather` of a string tensor (output shape as in TF's `gather_v2`).

    Raises:
        errors.InvalidArgumentError: for an out-of-range index (as TF's CPU kernel).
    """
    p = _strings(params, "params")
    idx = _index_array(indices, "indices")
    batch_dims = _batch_dims(batch_dims, idx.ndim)
    axis = normalize_axis(batch_dims if axis is None else axis, p.ndim)
    bad = (idx < 0) | (idx >= p.shape[axis])
    if bad.any():
        raise errors.InvalidArgumentError(
            f"indices = {int(idx[bad][0])} is not in [0, {p.shape[axis]}) for axis {axis}. Received: "
            f"indices={indices!r:.80}")
    if batch_dims == 0:
        return _wrap(np.take(p, idx, axis=axis))
    if idx.shape[:batch_dims] != p.shape[:batch_dims]:
        raise ValueError(f"Expected `params` and `indices` to share the first {batch_dims} dimensions. "
                         f"Received: params.shape={list(p.shape)}, indices.shape={list(idx.shape)}")
    rows = [np.take(p[b], idx[b], axis=axis - batch_dims) for b in np.ndindex(*p.shape[:batch_dims])]
    out = np.stack(rows).reshape(p.shape[:batch_dims] + rows[0].shape)
    return _wrap(out)


def boolean_mask(tensor, mask, axis=None):
    """`tf.boolean_mask` of a string tensor: keep the entries where the k-D `mask` is True.

    Raises:
        ValueError: for mismatched shapes or a scalar mask.
    """
    t = _strings(tensor, "tensor")
    m = _bool_array(mask, "mask")
    axis = 0 if axis is None else normalize_axis(axis, t.ndim)
    k = m.ndim
    if k == 0 or t.shape[axis:axis + k] != m.shape:
        raise ValueError(f"Expected `mask` of rank >= 1 matching tensor.shape[{axis}:{axis + k}]. Received: "
                         f"mask.shape={list(m.shape)}, tensor.shape={list(t.shape)}")
    flat = t.reshape(t.shape[:axis] + (-1,) + t.shape[axis + k:])
    return _wrap(np.take(flat, np.flatnonzero(m), axis=axis))


def where(condition, x, y):
    """`tf.where(condition, x, y)` with string `x` and `y`: elementwise select, all three broadcast.

    Raises:
        TypeError: if `condition` is not bool or only one of `x`/`y` is a string.
        errors.InvalidArgumentError: if the shapes do not broadcast.
    """
    c = _bool_array(condition, "condition")
    a, b = _strings(x, "x"), _strings(y, "y")
    try:
        return _wrap(np.array(np.where(c, a, b), dtype=object))
    except ValueError:
        raise errors.InvalidArgumentError(
            f"condition, x and y must broadcast together. Received: condition.shape={list(c.shape)}, "
            f"x.shape={list(a.shape)}, y.shape={list(b.shape)}") from None


def _binary_arrays(x, y, op):
    for name, v in (("x", x), ("y", y)):
        if isinstance(v, torch.Tensor):
            raise errors.InvalidArgumentError(
                f"cannot compute {op} as input `{name}` was expected to be a string tensor but is a "
                f"{dtypes.dtype_name(v.dtype)} tensor. Received: {name} with dtype={dtypes.dtype_name(v.dtype)}")
    return _strings(x, "x"), _strings(y, "y")


def equal(x, y):
    """`tf.math.equal` on strings: elementwise bytes equality, broadcasting -> bool tensor.

    Raises:
        errors.InvalidArgumentError: if the shapes do not broadcast (TF's `equal` raises; `==` does not).
    """
    a, b = _binary_arrays(x, y, "Equal")
    return _compare(a, b, np.equal)


def not_equal(x, y):
    """`tf.math.not_equal` on strings (see `equal`)."""
    a, b = _binary_arrays(x, y, "NotEqual")
    return _compare(a, b, np.not_equal)


def _compare(a, b, fn):
    try:
        np.broadcast_shapes(a.shape, b.shape)
    except ValueError:
        raise errors.InvalidArgumentError(
            f"Incompatible shapes: {list(a.shape)} vs. {list(b.shape)}. Received: x.shape={list(a.shape)}, "
            f"y.shape={list(b.shape)}") from None
    return torch.from_numpy(np.asarray(fn(a, b), dtype=bool).copy())


def add(x, y):
    """`tf.math.add` on strings: elementwise concatenation (TF's `Add` string kernel), broadcasting."""
    a, b = _binary_arrays(x, y, "Add")
    return concat_elementwise(a, b)


class StringCastError(errors.UnimplementedError, TypeError):
    """TF's `UnimplementedError` for a cast to or from `tf.string` (also a `TypeError`)."""


def cast_error(x, dtype):
    """`tf.cast` to or from `tf.string` is not supported (TF: "Cast string to int32 is not supported").

    Raises:
        StringCastError: always (a `tf.errors.UnimplementedError` and a `TypeError`); the message
            names `tf.strings.to_number` / `tf.strings.as_string`.
    """
    source = "string" if isinstance(x, StringTensor) or not isinstance(x, torch.Tensor) else dtypes.dtype_name(x.dtype)
    target = dtypes.dtype_name(dtype)
    raise StringCastError(
        None, "Cast", f"Cast {source} to {target} is not supported; use tf.strings.to_number (string to numbers) "
        f"or tf.strings.as_string (numbers to string). Received: dtype={target}")


def unique(x, out_idx=torch.int32):
    """`tf.unique` / `unique_with_counts` of a 1-D string tensor: `(y, idx, count)`, `y` by first occurrence.

    Raises:
        ValueError: if `x` is not 1-D. TypeError: for an `out_idx` other than int32/int64.
    """
    array = _strings(x, "x")
    if array.ndim != 1:
        raise ValueError(f"unique expects a 1-D vector. Received: x with shape={list(array.shape)}")
    out = dtypes.as_dtype(out_idx)
    if out not in (torch.int32, torch.int64):
        raise TypeError(f"Expected out_idx tf.int32 or tf.int64. Received: out_idx={out_idx!r}")
    first, idx, counts = {}, [], []
    for value in array.tolist():
        position = first.setdefault(value, len(first))
        if position == len(counts):
            counts.append(0)
        counts[position] += 1
        idx.append(position)
    y = np.asarray(list(first) + [None], dtype=object)[:-1]
    return _wrap(y), torch.tensor(idx, dtype=out), torch.tensor(counts, dtype=out)


def split(value, num_or_size_splits, axis=0):
    """`tf.split` of a string tensor: an int splits evenly, a list gives sizes (one may be -1).

    Raises:
        ValueError: if the sizes do not add up to the dimension.
    """
    x = _strings(value, "value")
    axis = normalize_axis(axis, x.ndim)
    dim = x.shape[axis]
    if isinstance(num_or_size_splits, (int, np.integer)) or (
            isinstance(num_or_size_splits, torch.Tensor) and num_or_size_splits.dim() == 0):
        n = int(num_or_size_splits)
        if n <= 0 or dim % n:
            raise ValueError(f"Expected `num_or_size_splits` to evenly divide dimension {axis} of size {dim}. "
                             f"Received: num_or_size_splits={n}")
        sizes = [dim // n] * n
    else:
        sizes = _ints(num_or_size_splits)
        if sizes.count(-1) == 1:
            sizes[sizes.index(-1)] = dim - (sum(sizes) + 1)
        if sum(sizes) != dim or any(s < 0 for s in sizes):
            raise ValueError(f"Expected `num_or_size_splits` to sum to the size of dimension {axis} ({dim}). "
                             f"Received: num_or_size_splits={list(num_or_size_splits)}")
    return [_wrap(np.ascontiguousarray(part)) for part in np.split(x, np.cumsum(sizes)[:-1], axis=axis)]


def slice(input_, begin, size):
    """`tf.slice` of a string tensor: the block from `begin` of `size` (-1: to the end)."""
    x = _strings(input_, "input_")
    index = tuple(builtins.slice(b, None if s == -1 else b + s) for b, s in zip(_ints(begin), _ints(size)))
    return _wrap(np.ascontiguousarray(x[index]))


def pad(tensor, paddings, mode="CONSTANT", constant_values=""):
    """`tf.pad` of a string tensor; CONSTANT pads with `constant_values` (`b""` for the default 0).

    Raises:
        ValueError: for bad `paddings` or `mode`.
    """
    x = _strings(tensor, "tensor")
    rows = paddings.tolist() if isinstance(paddings, torch.Tensor) else paddings
    pads = [_ints(p) for p in rows]
    if len(pads) != x.ndim or any(len(p) != 2 for p in pads):
        raise ValueError(f"Expected `paddings` of shape [{x.ndim}, 2]. Received: paddings={pads}")
    mode = mode.upper()
    if mode == "CONSTANT":
        fill = b"" if isinstance(constant_values, (int, float)) and constant_values == 0 else _strings(
            constant_values, "constant_values")[()]
        out = np.full([d + a + b for d, (a, b) in zip(x.shape, pads)], fill, dtype=object)
        out[tuple(builtins.slice(a, a + d) for d, (a, _) in zip(x.shape, pads))] = x
        return _wrap(out)
    if mode not in ("REFLECT", "SYMMETRIC"):
        raise ValueError(f"Expected `mode` 'CONSTANT', 'REFLECT' or 'SYMMETRIC'. Received: mode={mode!r}")
    return _wrap(np.pad(x, pads, mode="reflect" if mode == "REFLECT" else "symmetric"))


def repeat(input, repeats, axis=None):
    """`tf.repeat` of a string tensor (numpy's `np.repeat`; `axis=None` flattens first)."""
    x = _strings(input, "input")
    counts = _ints(repeats)
    if axis is None:
        x, axis = x.reshape(-1), 0
    axis = normalize_axis(axis, x.ndim)
    return _wrap(np.repeat(x, counts[0] if len(counts) == 1 else counts, axis=axis))


def gather_nd(params, indices, batch_dims=0):
    """`tf.gather_nd` of a string tensor: `indices[..., :M]` index the first M dims after the `batch_dims`
    leading ones that `params` and `indices` share.

    Raises:
        errors.InvalidArgumentError: for an out-of-range index (as TF's CPU kernel).
        ValueError: when the leading `batch_dims` dimensions differ.
    """
    p = _strings(params, "params")
    idx = _index_array(indices, "indices")
    batch_dims = _batch_dims(batch_dims, idx.ndim)
    if idx.shape[:batch_dims] != p.shape[:batch_dims]:
        raise ValueError(f"Expected `params` and `indices` to share the first {batch_dims} dimensions. "
                         f"Received: params.shape={list(p.shape)}, indices.shape={list(idx.shape)}")
    m = idx.shape[-1]
    sizes = np.asarray(p.shape[batch_dims:batch_dims + m])
    if ((idx < 0) | (idx >= sizes)).any():
        bad = idx.reshape(-1, m)[((idx < 0) | (idx >= sizes)).reshape(-1, m).any(-1)][0]
        raise errors.InvalidArgumentError(
            f"index {bad.tolist()} does not index into param shape {list(p.shape)}. Received: "
            f"indices={indices!r:.80}")
    batch = np.indices(idx.shape[:-1])[:batch_dims]  # each output position's own batch coordinates
    return _wrap(np.asarray(p[tuple(batch) + tuple(np.moveaxis(idx, -1, 0))], dtype=object))


def _batch_dims(batch_dims, indices_rank):
    """TF's `batch_dims`: a negative one counts from the rank of `indices`."""
    batch_dims = int(batch_dims)
    return batch_dims + indices_rank if batch_dims < 0 else batch_dims


def setdiff1d(x, y):
    """`tf.compat.v1.setdiff1d` of 1-D string tensors: `(out, idx)`, the entries of `x` not in `y` (order and
    repeats of `x` kept) and their positions in `x` (int64 numpy array; the caller casts)."""
    a, b = _strings(x, "x"), _strings(y, "y")
    if a.ndim != 1 or b.ndim != 1:
        raise errors.InvalidArgumentError(f"x and y must be vectors. Received: x.shape={list(a.shape)}, "
                                          f"y.shape={list(b.shape)}")
    drop = set(b.tolist())
    idx = np.asarray([i for i, v in enumerate(a.tolist()) if v not in drop], dtype=np.int64)
    return _wrap(np.asarray(a[idx], dtype=object)), idx
