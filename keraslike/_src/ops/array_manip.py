"""Rearranging and describing tensors: `roll`, `repeat`, `meshgrid`, `bitcast`, `unravel_index`, shape helpers.

Mirrors `tensorflow/python/ops/manip_ops.py` (`roll`) and `array_ops.py` (`repeat`, `meshgrid`, `bitcast`,
`unravel_index`, `shape_n`, `broadcast_dynamic_shape`, `broadcast_static_shape`, `guarantee_const`).

Example:
    >>> tf.roll([0, 1, 2, 3, 4], shift=2, axis=0)          # int32 [3 4 0 1 2]
    >>> tf.repeat([1, 2, 3], repeats=[3, 1, 2], axis=0)    # int32 [1 1 1 2 3 3]
    >>> tf.unravel_index([5, 0, 11], [3, 4])               # int32 [[1 0 2] [1 0 3]]
"""

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.ops import dtypes
from keraslike._src.ops import string_array_ops as _str
from keraslike._src.ops.conversion import normalize_axis, to_tensor
from keraslike._src.ops.string_tensor import has_strings
from keraslike._src.ops.tensor_shape import TensorShape
from keraslike._src.ragged import dynamic_ragged_shape
from keraslike._src.ragged.dynamic_ragged_shape import DynamicRaggedShape
from keraslike._src.ragged.ragged_dispatch import on_flat_values


def _ints(values):
    if isinstance(values, torch.Tensor):
        return [int(v) for v in values.reshape(-1).tolist()]
    return [int(v) for v in np.asarray(values).reshape(-1).tolist()]


def roll(input, shift, axis, name=None):
    """`tf.roll(input, shift, axis)`: elements shifted cyclically by `shift` along `axis` (lists pair up).

    An axis named twice is shifted by the sum of its shifts, as TF. Returns a tensor of `input`'s shape.

    Raises:
        ValueError: `shift` and `axis` of different lengths.
    """
    x = to_tensor(input, None, "input")
    shifts, axes = _ints(shift), _ints(axis)
    if len(shifts) != len(axes):
        raise ValueError(f"`shift` and `axis` must have the same length. Received: shift={shift}, axis={axis}")
    total = {}
    for s, a in zip(shifts, axes):
        a = normalize_axis(a, x.dim())
        total[a] = total.get(a, 0) + s
    if not total:
        return x.clone()
    return torch.roll(x, tuple(total.values()), tuple(total.keys()))


def repeat(input, repeats, axis=None, name=None):
    """`tf.repeat(input, repeats, axis=None)`: each element (slice along `axis`) repeated `repeats` times.

    `repeats` is an int or a 1-D list with one count per slice; `axis=None` works on the flattened input (numpy's
    `np.repeat`).

    Raises:
        ValueError: a `repeats` list whose length does not match the axis.
    """
    if has_strings(input):
        return _str.repeat(input, repeats, axis)
    x = to_tensor(input, None, "input")
    if axis is None:
        x, axis = x.reshape(-1), 0
    axis = normalize_axis(axis, x.dim())
    counts = to_tensor(repeats, None, "repeats").to(torch.long).reshape(-1)
    if counts.numel() == 1:
        return torch.repeat_interleave(x, int(counts), dim=axis)
    if counts.numel() != x.shape[axis]:
        raise ValueError(f"`repeats` must have one count per slice of axis {axis} ({x.shape[axis]}). "
                         f"Received: repeats with {counts.numel()} elements")
    return torch.repeat_interleave(x, counts.to(x.device), dim=axis)


def meshgrid(*args, **kwargs):
    """`tf.meshgrid(*args, indexing="xy")`: N-D coordinate grids from 1-D coordinate vectors.

    With `indexing="xy"` (Cartesian, the default) the first two output dims are swapped against `"ij"` (matrix).

    Returns:
        A list of `len(args)` tensors of the grid shape.

    Raises:
        TypeError: keyword arguments other than `indexing` and `name`. ValueError: another `indexing`.
    """
    indexing = kwargs.pop("indexing", "xy")
    kwargs.pop("name", None)
    if kwargs:
        raise TypeError(f"Unsupported keyword arguments for tf.meshgrid: {sorted(kwargs)}. "
                        f"Received: {', '.join(f'{k}={v!r}' for k, v in kwargs.items())}")
    if indexing not in ("xy", "ij"):
        raise ValueError(f"`indexing` must be 'xy' or 'ij'. Received: indexing={indexing!r}")
    tensors = [to_tensor(a, None, "args").reshape(-1) for a in args]
    if not tensors:
        return []
    return list(torch.meshgrid(*tensors, indexing=indexing))


def bitcast(input, type, name=None):
    """`tf.bitcast(input, type)`: the same bytes read as `type`, without copying.

    Same item size: same shape. To a smaller type: a new last dim of `size(input.dtype) / size(type)`. To a
    larger type: the last dim must equal `size(type) / size(input.dtype)` and is removed.

    Raises:
        ValueError: a last dimension that does not fit, or a complex/bool/quantized pairing torch can't view.
    """
    x = to_tensor(input, None, "input").contiguous()
    target = dtypes.as_dtype(type)
    src_size, dst_size = x.element_size(), torch.empty((), dtype=target).element_size()
    if src_size == dst_size:
        return x.view(target)
    if src_size > dst_size:
        return x.unsqueeze(-1).view(target)
    ratio = dst_size // src_size
    if x.dim() == 0 or x.shape[-1] != ratio:
        raise ValueError(f"Cannot bitcast from {x.dtype.name} to {target.name}: the last dimension must be "
                         f"{ratio}. Received: input.shape={list(x.shape)}")
    return x.view(target).squeeze(-1)


def guarantee_const(input, name=None):
    """`tf.guarantee_const(input)` (deprecated in TF): the input itself; a graph-optimizer hint only."""
    return to_tensor(input, None, "input")


def shape_n(input, out_type=torch.int32, name=None):
    """`tf.shape_n(input)`: the shape of each tensor of the list `input`, as 1-D `out_type` tensors."""
    dtype = dtypes.as_dtype(out_type)
    if dtype not in (torch.int32, torch.int64):
        raise TypeError(f"`out_type` must be tf.int32 or tf.int64. Received: out_type={out_type!r}")
    return [torch.tensor(list(to_tensor(t, None, "input").shape), dtype=dtype) for t in input]


def broadcast_dynamic_shape(shape_x, shape_y):
    """`tf.broadcast_dynamic_shape(shape_x, shape_y)`: the broadcast of two 1-D int shape tensors.

    Returns:
        1-D tensor of `shape_x`'s integer dtype (int32 for lists).

    Raises:
        tf.errors.InvalidArgumentError: shapes that do not broadcast.
    """
    if isinstance(shape_x, DynamicRaggedShape) or isinstance(shape_y, DynamicRaggedShape):
        return dynamic_ragged_shape.broadcast_dynamic_shape(shape_x, shape_y)
    x, y = to_tensor(shape_x, None, "shape_x"), to_tensor(shape_y, None, "shape_y")
    try:
        out = torch.broadcast_shapes(tuple(_ints(x)), tuple(_ints(y)))
    except RuntimeError:
        raise errors.InvalidArgumentError(f"Incompatible shapes: {_ints(x)} vs. {_ints(y)}. "
                                          f"Received: shape_x={_ints(x)}, shape_y={_ints(y)}") from None
    return torch.tensor(list(out), dtype=x.dtype)


def broadcast_static_shape(shape_x, shape_y):
    """`tf.broadcast_static_shape(shape_x, shape_y)`: the broadcast `TensorShape` of two `TensorShape`s.

    Unknown dims broadcast with 1 to unknown and with n to n; an unknown rank gives an unknown shape.

    Raises:
        ValueError: shapes that do not broadcast.
    """
    x, y = TensorShape(shape_x), TensorShape(shape_y)
    if x.rank is None or y.rank is None:
        return TensorShape(None)
    dims_x, dims_y = x.as_list(), y.as_list()
    rank = max(len(dims_x), len(dims_y))
    dims_x, dims_y = [1] * (rank - len(dims_x)) + dims_x, [1] * (rank - len(dims_y)) + dims_y
    out = []
    for a, b in zip(dims_x, dims_y):
        if a == 1 or b == 1:
            out.append(b if a == 1 else a)
        elif a is None or b is None:
            out.append(a if b is None else b)
        elif a == b:
            out.append(a)
        else:
            raise ValueError(f"Incompatible shapes for broadcasting. Received: shape_x={x}, shape_y={y}")
    return TensorShape(out)


def unravel_index(indices, dims, name=None):
    """`tf.unravel_index(indices, dims)`: flat indices into a `dims`-shaped array -> coordinates.

    Returns:
        `[len(dims)] + indices.shape` tensor of `indices`' dtype (a 1-D `[len(dims)]` for a scalar index).

    Raises:
        tf.errors.InvalidArgumentError: an index outside `[0, prod(dims))`.
    """
    idx = to_tensor(indices, None, "indices")
    shape = _ints(dims)
    total = int(np.prod(shape)) if shape else 1
    if idx.numel() and (int(idx.min()) < 0 or int(idx.max()) >= total):
        raise errors.InvalidArgumentError(f"index out of bounds for shape {shape}. Received: indices={indices!r}")
    coords = torch.unravel_index(idx.to(torch.long), tuple(shape))
    return torch.stack(coords).to(idx.dtype)


def parallel_stack(values, name="parallel_stack"):
    """`tf.parallel_stack`: a graph-only op; eagerly TF raises, and so does keraslike (use `tf.stack`).

    Raises:
        RuntimeError: always, as TF 2.21 eager does.
    """
    raise RuntimeError("tf.parallel_stack() is not compatible with eager execution; use tf.stack(values). "
                       f"Received: {len(values)} values")


# TF's ragged dispatch: these ops run on a RaggedTensor's flat values (ragged/ragged_dispatch.py)
bitcast = on_flat_values(bitcast)
