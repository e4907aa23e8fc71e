"""Tensor factories: `zeros`, `ones`, `*_like`, `fill`, `range`, `one_hot`, `eye`, `linspace`.

Mirrors `tensorflow/python/ops/array_ops.py` (`zeros`, `ones`, `fill`, `one_hot`),
`tensorflow/python/ops/math_ops.py` (`range`) and `linalg_ops.py` (`eye`).
New tensors land on the `tf.device` scope's device, else torch's default device.

Example:
    >>> tf.range(5)                      # int32 [0 1 2 3 4]
    >>> tf.one_hot([0, 2], depth=3)      # float32 [[1 0 0] [0 0 1]]
"""

import builtins

import torch

from keraslike._src.ops import dtypes
from keraslike._src.ops import string_array_ops as _str
from keraslike._src.ops.string_tensor import has_strings
from keraslike._src.ops.conversion import normalize_axis, to_shape, to_tensor
from keraslike._src.placement.scope import current_torch_device
from keraslike._src.ragged.dynamic_ragged_shape import DynamicRaggedShape
from keraslike._src.ragged.ragged_tensor import RaggedTensor

_RANGE_ORDER = {torch.int32: 0, torch.int64: 1, torch.float32: 2, torch.float64: 3}


def zeros(shape, dtype=torch.float32, name=None):
    """`tf.zeros(shape, dtype=tf.float32)`: a tensor of zeros (of `b""` for `tf.string`); ragged for a
    DynamicRaggedShape."""
    if isinstance(shape, DynamicRaggedShape):
        return shape.wrap_flat_values(zeros(shape.inner_dims, dtype))
    if dtypes.as_dtype(dtype) is dtypes.string:
        return _str.empty_strings(shape)
    return torch.zeros(to_shape(shape), dtype=dtypes.as_dtype(dtype), device=current_torch_device("Fill"))


def ones(shape, dtype=torch.float32, name=None):
    """`tf.ones(shape, dtype=tf.float32)`: a tensor of ones (ragged for a DynamicRaggedShape)."""
    if isinstance(shape, DynamicRaggedShape):
        return shape.wrap_flat_values(ones(shape.inner_dims, dtype))
    return torch.ones(to_shape(shape), dtype=dtypes.as_dtype(dtype), device=current_torch_device("Fill"))


def _is_ragged(value):
    return hasattr(value, "with_flat_values") and hasattr(value, "flat_values")


def zeros_like(input, dtype=None, name=None):
    """`tf.zeros_like(input, dtype=None)`: zeros with `input`'s shape (and dtype unless given; `b""` for strings)."""
    if _is_ragged(input):  # TF's ragged dispatch: the same row partition over new flat values
        return input.with_flat_values(zeros_like(input.flat_values, dtype))
    if has_strings(input) and dtype in (None, dtypes.string, "string"):
        return _str.empty_strings(_str.shape(input))
    x = to_tensor(input, None, "input")
    return torch.zeros_like(x, dtype=dtypes.as_dtype(dtype) or x.dtype)


def ones_like(input, dtype=None, name=None):
    """`tf.ones_like(input, dtype=None)`: ones with `input`'s shape (and dtype unless given; ragged for ragged)."""
    if _is_ragged(input):
        return input.with_flat_values(ones_like(input.flat_values, dtype))
    x = to_tensor(input, None, "input")
    return torch.ones_like(x, dtype=dtypes.as_dtype(dtype) or x.dtype)


def fill(dims, value, name=None):
    """`tf.fill(dims, value)`: a tensor of shape `dims` filled with scalar `value` (its dtype).

    Raises:
        ValueError: if `value` is not a scalar.
    """
    if isinstance(dims, DynamicRaggedShape):
        return dims.wrap_flat_values(fill(dims.inner_dims, value))
    if has_strings(value):
        return _str.fill(dims, value)
    v = to_tensor(value, None, "value")
    if v.dim() != 0:
        raise ValueError(f"Expected `value` to be a scalar. Received: value with shape={list(v.shape)}")
    return v.expand(to_shape(dims, "dims")).clone()


def range(start, limit=None, delta=1, dtype=None, name="range"):
    """`tf.range(start, limit=None, delta=1, dtype=None)`: like Python's `range`, as a tensor.

    With one argument it counts from 0 to `start`. The dtype is the widest of the
    arguments' (int32 < int64 < float32 < float64) unless `dtype` is given.

    Raises:
        ValueError: if `delta` is 0.
    """
    if limit is None:
        start, limit = 0, start
    args = [to_tensor(a, None, n) for a, n in ((start, "start"), (limit, "limit"), (delta, "delta"))]
    if dtype is None:
        dtype = builtins.max((a.dtype for a in args), key=lambda d: _RANGE_ORDER.get(d, 1))
    dtype = dtypes.as_dtype(dtype)
    s, lim, d = (a.item() for a in args)
    if d == 0:
        raise ValueError("Expected a non-zero `delta` for tf.range. Received: delta=0")
    if (lim - s) * d <= 0:
        return torch.zeros(0, dtype=dtype, device=current_torch_device("Range"))
    return torch.arange(s, lim, d, dtype=dtype, device=current_torch_device("Range"))


def one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None, name=None):
    """`tf.one_hot`: encode integer `indices` as one-hot vectors of length `depth`.

    Mirrors `tensorflow/python/ops/array_ops.py` (`one_hot`).

    Args:
        indices: integer tensor of shape `[...]`; entries outside `[0, depth)`
            (e.g. -1) give all-`off_value` rows. Float indices are cast to int64 (truncated toward
            zero), as TF does for numpy float arrays (Keras 2 code passes float labels).
        depth: int, size of the new dimension.
        on_value, off_value: scalars, default 1 and 0.
        axis: position of the new dimension, default -1 (last).
        dtype: result dtype; default the dtype of `on_value`/`off_value`, else float32.

    Returns:
        `torch.Tensor` of rank `rank(indices) + 1`.

    Raises:
        TypeError: if `indices` are complex or boolean.
    """
    if isinstance(indices, RaggedTensor) and axis in (None, -1):  # TF's ragged dispatch: on the flat values
        return indices.with_flat_values(one_hot(indices.flat_values, depth, on_value, off_value, axis, dtype))
    idx = to_tensor(indices, None, "indices")
    if idx.is_floating_point():
        idx = idx.to(torch.int64)  # truncates toward zero, as TF's cast
    if idx.is_complex() or idx.dtype == torch.bool:
        raise TypeError(
            f"Expected integer `indices` for tf.one_hot. "
            f"Received: indices with dtype={dtypes.dtype_name(idx.dtype)}"
        )
    depth = int(depth.item() if isinstance(depth, torch.Tensor) else depth)
    if dtype is None:
        given = next((v for v in (on_value, off_value) if v is not None), None)
        dtype = to_tensor(given).dtype if given is not None else torch.float32
    dtype = dtypes.as_dtype(dtype)
    on = to_tensor(1 if on_value is None else on_value, dtype, "on_value", idx.device)
    off = to_tensor(0 if off_value is None else off_value, dtype, "off_value", idx.device)
    hot = idx.unsqueeze(-1) == torch.arange(depth, device=idx.device, dtype=idx.dtype)
    out = torch.where(hot, on, off)
    if axis is None or axis == -1:
        return out
    return out.movedim(-1, normalize_axis(axis, idx.dim() + 1))


def eye(num_rows, num_columns=None, batch_shape=None, dtype=torch.float32, name=None):
    """`tf.eye(num_rows, num_columns=None, batch_shape=None, dtype=tf.float32)`: identity matrices."""
    cols = num_rows if num_columns is None else num_columns
    out = torch.eye(int(num_rows), int(cols), dtype=dtypes.as_dtype(dtype), device=current_torch_device("Eye"))
    if batch_shape is not None:
        batch = to_shape(batch_shape, "batch_shape")
        out = out.expand(*batch, *out.shape).clone()
    return out


def linspace(start, stop, num, name=None, axis=0):
    """`tf.linspace(start, stop, num)`: `num` evenly spaced values from `start` to `stop` inclusive.

    Integer `start`/`stop` give float64 values, as TF 2.21 (`tf.linspace(-2, 2, 5)` is float64).
    """
    s = to_tensor(start, None, "start")
    if not (s.is_floating_point() or s.is_complex()):
        s = s.to(torch.float64)
    e = to_tensor(stop, None, "stop", s.device)
    e = e.to(s.dtype) if not (e.is_floating_point() or e.is_complex()) else e
    if e.dtype != s.dtype:
        raise TypeError(f"`start` and `stop` must have the same dtype. Received: start={start!r}, stop={stop!r}")
    steps = torch.linspace(0, 1, int(num), dtype=s.dtype, device=s.device)
    shape = [1] * s.dim() + [int(num)]
    out = s.unsqueeze(-1) + (e - s).unsqueeze(-1) * steps.reshape(shape)
    if int(num) > 0:
        out[..., -1] = e  # exact end point, as TF
    return out.movedim(-1, normalize_axis(axis, s.dim() + 1))
