"""`tnp`'s array creation and manipulation (numpy's signatures, numpy's dtype inference) over torch tensors.

`tnp.ndarray` is the tensor type itself (`torch.Tensor`), as TF's is `tf.Tensor`; every function returns one.
"""

import math as _math

import numpy as np
import torch

from keraslike._src.numpy import np_dtypes
from keraslike._src.numpy.np_dtypes import infer, result_type, torch_dtype
from keraslike._src.ops import conversion, dtype_promotion

ndarray = torch.Tensor
newaxis = None
pi, e, inf, nan = _math.pi, _math.e, _math.inf, _math.nan


def _contains_tensor(value):
    if isinstance(value, torch.Tensor):
        return True
    return isinstance(value, (list, tuple)) and any(_contains_tensor(v) for v in value)


def asarray(a, dtype=None):
    """`tnp.asarray`: `a` as a tensor (a tensor of the wanted dtype is returned as is)."""
    dtype = torch_dtype(dtype)
    if isinstance(a, torch.Tensor):
        return a if dtype is None or a.dtype == dtype else a.to(dtype)
    if _contains_tensor(a):
        t = conversion.convert_to_tensor(a)
        return t if dtype is None else t.to(dtype)
    target = dtype or infer(a)
    t = conversion.to_tensor(np.asarray(a))
    return t if t.dtype == target else t.to(target)


def array(val, dtype=None, copy=True, ndmin=0):
    """`tnp.array`: as `asarray`, copied unless `copy=False`, with at least `ndmin` dimensions."""
    t = asarray(val, dtype)
    if copy and isinstance(val, torch.Tensor) and t is val:
        t = t.clone()
    if t.dim() < ndmin:
        t = t.reshape((1,) * (ndmin - t.dim()) + tuple(t.shape))
    return t


def asanyarray(a, dtype=None):
    return asarray(a, dtype)


def ascontiguousarray(a, dtype=None):
    return array(a, dtype, ndmin=1)


def copy(a):
    """`tnp.copy`: a new tensor with `a`'s values (on the current `tf.device`, as TF places the copy)."""
    return conversion.to_tensor(asarray(a).clone())


def _shape(shape):
    return (int(shape),) if isinstance(shape, (int, np.integer)) else tuple(int(s) for s in shape)


def _filled(shape, value, dtype):
    return conversion.to_tensor(torch.full(_shape(shape), value, dtype=dtype))


def zeros(shape, dtype=float):
    return _filled(shape, 0, torch_dtype(dtype))


def ones(shape, dtype=float):
    return _filled(shape, 1, torch_dtype(dtype))


def empty(shape, dtype=float):
    return zeros(shape, dtype)


def full(shape, fill_value, dtype=None):
    fill = asarray(fill_value, dtype)
    return torch.broadcast_to(fill, _shape(shape)).clone()


def _like(a, dtype):
    a = asarray(a)
    return a, (torch_dtype(dtype) or a.dtype)


def zeros_like(a, dtype=None):
    a, dtype = _like(a, dtype)
    return torch.zeros(a.shape, dtype=dtype, device=a.device)


def ones_like(a, dtype=None):
    a, dtype = _like(a, dtype)
    return torch.ones(a.shape, dtype=dtype, device=a.device)


def empty_like(a, dtype=None):
    return zeros_like(a, dtype)


def full_like(a, fill_value, dtype=None):
    a, dtype = _like(a, dtype)
    return torch.full(a.shape, fill_value, dtype=dtype, device=a.device)


def eye(N, M=None, k=0, dtype=float):  # noqa: N803 (numpy's names)
    M = N if M is None else M  # noqa: N806
    out = torch.zeros((N, M), dtype=torch_dtype(dtype))
    rows = torch.arange(max(0, -k), min(N, M - k))
    out[rows, rows + k] = 1
    return conversion.to_tensor(out)


def identity(n, dtype=float):
    return eye(n, dtype=dtype)


def _mixes_python_ints_and_floats(values):
    kinds = {type(v) for v in values if isinstance(v, (int, float)) and not isinstance(v, (bool, np.generic))}
    return kinds == {int, float}


def arange(start, stop=None, step=1, dtype=None):
    """`tnp.arange`: numpy's dtype (the widest of start, stop, step) unless `dtype` is given."""
    if not step:
        raise ValueError(f"Expected a non-zero `step`. Received: step={step}")
    bounds = [start, step] if stop is None else [start, step, stop]
    given = [start] + ([] if stop is None else [stop]) + ([] if step == 1 and type(step) is int else [step])
    if dtype is None and np_dtypes.auto_conversion() and _mixes_python_ints_and_floats(given):
        if dtype_promotion.state.mode == "safe":  # TF: a weak int meets a weak float only with a lossy promotion
            raise TypeError("dtype_conversion_mode='safe' does not promote int32 and float32 implicitly for "
                            f"tnp.arange; give `dtype` or float bounds. Received: start={start!r}, stop={stop!r}, "
                            f"step={step!r}")
        dtype = torch.float64  # TF's "all" mode: float64, where float bounds alone give float32
    dtype = torch_dtype(dtype) or result_type(*bounds)
    if stop is None:
        start, stop = 0, start
    values = np.arange(float(start) if isinstance(start, float) else start, stop, step)
    return conversion.to_tensor(torch.from_numpy(np.ascontiguousarray(values))).to(dtype)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    dtype = torch_dtype(dtype) or result_type(start, stop, float(num))
    values, step = np.linspace(np.asarray(start, np.float64), np.asarray(stop, np.float64), num,
                               endpoint=endpoint, retstep=True, axis=axis)
    out = asarray(values).to(dtype)
    return (out, step) if retstep else out


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    dtype = torch_dtype(dtype) or result_type(start, stop, float(num))
    return asarray(np.logspace(start, stop, num, endpoint=endpoint, base=base, axis=axis)).to(dtype)


def meshgrid(*xi, indexing="xy"):
    return list(torch.meshgrid(*[asarray(x) for x in xi], indexing=indexing))


def diag(v, k=0):
    return torch.diag(asarray(v), k)


def shape(a):
    return tuple(asarray(a).shape)


def ndim(a):
    return asarray(a).dim()


def size(a, axis=None):
    t = asarray(a)
    return t.numel() if axis is None else t.shape[axis]


def _axes(axis):
    return axis if axis is None or isinstance(axis, int) else tuple(axis)


def reshape(a, newshape, order="C"):
    """`tnp.reshape`: row-major (`order="C"`) or column-major (`order="F"`) reading and writing."""
    t = asarray(a)
    newshape = _shape(newshape)
    if order == "C":
        return t.reshape(newshape)
    if order != "F":
        raise ValueError(f"Expected `order` to be 'C' or 'F'. Received: order={order!r}")
    flat = t.permute(*reversed(range(t.dim()))).reshape(-1)
    return flat.reshape(tuple(reversed(newshape))).permute(*reversed(range(len(newshape))))


def ravel(a):
    return asarray(a).reshape(-1)


def transpose(a, axes=None):
    t = asarray(a)
    return t.permute(*(reversed(range(t.dim())) if axes is None else axes))


def swapaxes(a, axis1, axis2):
    return torch.swapaxes(asarray(a), axis1, axis2)


def moveaxis(a, source, destination):
    return torch.movedim(asarray(a), source, destination)


def expand_dims(a, axis):
    t = asarray(a)
    for ax in sorted(axis if isinstance(axis, (list, tuple)) else [axis]):
        t = t.unsqueeze(ax if ax >= 0 else ax + t.dim() + 1)
    return t


def squeeze(a, axis=None):
    t = asarray(a)
    return t.squeeze() if axis is None else t.squeeze(axis)


def _promoted(arrays):
    dtype = result_type(*arrays)
    return [asarray(x, dtype) for x in arrays]


def concatenate(arys, axis=0):
    tensors = _promoted(list(arys))
    if axis is None:
        return torch.cat([t.reshape(-1) for t in tensors])
    return torch.cat(tensors, dim=axis)


def stack(arrays, axis=0):
    return torch.stack(_promoted(list(arrays)), dim=axis)


def hstack(tup):
    tensors = [torch.atleast_1d(t) for t in _promoted(list(tup))]
    return torch.cat(tensors, dim=0 if tensors[0].dim() == 1 else 1)


def vstack(tup):
    return torch.cat([torch.atleast_2d(t) for t in _promoted(list(tup))], dim=0)


def dstack(tup):
    return torch.dstack(_promoted(list(tup)))


def split(ary, indices_or_sections, axis=0):
    t = asarray(ary)
    if isinstance(indices_or_sections, int):
        if t.shape[axis] % indices_or_sections:
            raise ValueError("array split does not result in an equal division. "
                             f"Received: indices_or_sections={indices_or_sections}")
        return list(torch.tensor_split(t, indices_or_sections, dim=axis))
    return list(torch.tensor_split(t, list(indices_or_sections), dim=axis))


def tile(A, reps):  # noqa: N803
    return torch.tile(asarray(A), (reps,) if isinstance(reps, int) else tuple(reps))


def repeat(a, repeats, axis=None):
    t = asarray(a)
    if axis is None:
        t, axis = t.reshape(-1), 0
    return torch.repeat_interleave(t, asarray(repeats) if not isinstance(repeats, int) else repeats, dim=axis)


def flip(m, axis=None):
    t = asarray(m)
    dims = range(t.dim()) if axis is None else ([axis] if isinstance(axis, int) else axis)
    return torch.flip(t, tuple(dims))


def roll(a, shift, axis=None):
    return torch.roll(asarray(a), shift, axis)


def broadcast_to(array, shape):
    return torch.broadcast_to(asarray(array), _shape(shape))


def where(condition, x=None, y=None):
    """`tnp.where`: elements of `x` or `y` by `condition` (promoted as numpy), or `nonzero(condition)`."""
    cond = asarray(condition).to(torch.bool)
    if x is None and y is None:
        return nonzero(cond)
    a, b = _promoted([x, y])
    return torch.where(cond, a, b)


def nonzero(a):
    return tuple(torch.nonzero(asarray(a), as_tuple=True))


def clip(a, a_min, a_max):
    t = asarray(a)
    dtype = result_type(*[v for v in (t, a_min, a_max) if v is not None])
    t = t.to(dtype)
    lo = None if a_min is None else asarray(a_min, dtype)
    hi = None if a_max is None else asarray(a_max, dtype)
    return torch.clamp(t, lo, hi)


def sort(a, axis=-1, kind="quicksort", order=None):
    if order is not None:
        raise ValueError(f"`order` is for structured arrays, which tnp does not have. Received: order={order!r}")
    t = asarray(a)
    if axis is None:
        t, axis = t.reshape(-1), 0
    return torch.sort(t, dim=axis, stable=True).values


def argsort(a, axis=-1, kind="quicksort", order=None):
    if order is not None:
        raise ValueError(f"`order` is for structured arrays, which tnp does not have. Received: order={order!r}")
    t = asarray(a)
    if axis is None:
        t, axis = t.reshape(-1), 0
    return torch.sort(t, dim=axis, stable=True).indices


def take(a, indices, axis=None):
    t, idx = asarray(a), asarray(indices).to(torch.int64)
    if axis is None:
        return t.reshape(-1)[idx]
    return torch.index_select(t, axis, idx.reshape(-1)).reshape(
        t.shape[:axis % t.dim()] + idx.shape + t.shape[axis % t.dim() + 1:])


def take_along_axis(arr, indices, axis):
    return torch.take_along_dim(asarray(arr), asarray(indices).to(torch.int64), dim=axis)


def trace(a, offset=0, axis1=0, axis2=1):
    return torch.diagonal(asarray(a), offset, axis1, axis2).sum(-1)


def diagonal(a, offset=0, axis1=0, axis2=1):
    return torch.diagonal(asarray(a), offset, axis1, axis2)


def atleast_1d(*arys):
    out = [torch.atleast_1d(asarray(a)) for a in arys]
    return out[0] if len(out) == 1 else out


def atleast_2d(*arys):
    out = [torch.atleast_2d(asarray(a)) for a in arys]
    return out[0] if len(out) == 1 else out
