"""`tnp`'s math: numpy's signatures and dtype rules (promotion, ints to float64 where numpy does) over torch."""

import builtins

import torch

from keraslike._src.numpy.array_ops import asarray
from keraslike._src.numpy.np_dtypes import (accumulator_of_ints, auto_conversion, float_of_ints, result_type,
                                            torch_dtype)

_SMALL_INTS = frozenset({torch.bool, torch.int8, torch.int16, torch.int32, torch.uint8, torch.uint16, torch.uint32})


def _inexact(t):
    return t.is_floating_point() or t.is_complex()


def _pair(x1, x2):
    dtype = result_type(x1, x2)
    return asarray(x1, dtype), asarray(x2, dtype)


def _binary(name, fn, to_float=False):
    def op(x1, x2):
        a, b = _pair(x1, x2)
        if to_float and not _inexact(a):
            a, b = a.to(float_of_ints()), b.to(float_of_ints())
        return fn(a, b)

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"`tnp.{name}`: numpy's `{name}` (operands promoted by numpy's rules)."
    return op


def _unary(name, fn, to_float=False):
    def op(x):
        t = asarray(x)
        if to_float and not _inexact(t):
            t = t.to(float_of_ints())
        return fn(t)

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"`tnp.{name}`: numpy's `{name}`" + (" (integers give float64, as numpy)." if to_float else ".")
    return op


add = _binary("add", torch.add)
subtract = _binary("subtract", torch.sub)
multiply = _binary("multiply", torch.mul)
def true_divide(x1, x2):
    """`tnp.true_divide`: integers divide as floats (float64; under TF's auto dtype conversion TF's truediv rule:
    int8/int16/uint8/uint16 -> float32, wider ints -> float64)."""
    a, b = _pair(x1, x2)
    if not _inexact(a):
        narrow = auto_conversion() and a.dtype in (torch.bool, torch.int8, torch.int16, torch.uint8, torch.uint16)
        a, b = (a.to(torch.float32), b.to(torch.float32)) if narrow else (a.to(torch.float64), b.to(torch.float64))
    return torch.div(a, b)


divide = true_divide
floor_divide = _binary("floor_divide", lambda a, b: torch.div(a, b, rounding_mode="floor"))
mod = remainder = _binary("mod", torch.remainder)
fmod = _binary("fmod", torch.fmod)
power = _binary("power", torch.pow)
float_power = _binary("float_power", torch.float_power)
maximum = _binary("maximum", torch.maximum)
minimum = _binary("minimum", torch.minimum)
arctan2 = _binary("arctan2", torch.atan2, to_float=True)
hypot = _binary("hypot", torch.hypot, to_float=True)
logaddexp = _binary("logaddexp", torch.logaddexp, to_float=True)
heaviside = _binary("heaviside", torch.heaviside)
equal = _binary("equal", torch.eq)
not_equal = _binary("not_equal", torch.ne)
less = _binary("less", torch.lt)
less_equal = _binary("less_equal", torch.le)
greater = _binary("greater", torch.gt)
greater_equal = _binary("greater_equal", torch.ge)
logical_and = _binary("logical_and", torch.logical_and)
logical_or = _binary("logical_or", torch.logical_or)
logical_xor = _binary("logical_xor", torch.logical_xor)
bitwise_and = _binary("bitwise_and", torch.bitwise_and)
bitwise_or = _binary("bitwise_or", torch.bitwise_or)
bitwise_xor = _binary("bitwise_xor", torch.bitwise_xor)
kron = _binary("kron", torch.kron)

abs = absolute = _unary("abs", torch.abs)  # noqa: A001 (numpy's name)
negative = _unary("negative", torch.neg)
positive = _unary("positive", torch.positive)
square = _unary("square", torch.square)
sign = _unary("sign", torch.sgn)
logical_not = _unary("logical_not", torch.logical_not)
bitwise_not = invert = _unary("bitwise_not", torch.bitwise_not)
isnan = _unary("isnan", torch.isnan)
isinf = _unary("isinf", torch.isinf)
isfinite = _unary("isfinite", torch.isfinite)
real = _unary("real", torch.real)
imag = _unary("imag", lambda t: torch.imag(t) if t.is_complex() else torch.zeros_like(t))
conj = conjugate = _unary("conj", lambda t: torch.conj(t).resolve_conj())
angle = _unary("angle", torch.angle, to_float=True)
sqrt = _unary("sqrt", torch.sqrt, to_float=True)
cbrt = _unary("cbrt", lambda t: torch.sign(t) * torch.abs(t) ** (1.0 / 3.0), to_float=True)
reciprocal = _unary("reciprocal", torch.reciprocal, to_float=True)
exp = _unary("exp", torch.exp, to_float=True)
exp2 = _unary("exp2", torch.exp2, to_float=True)
expm1 = _unary("expm1", torch.expm1, to_float=True)
log = _unary("log", torch.log, to_float=True)
log2 = _unary("log2", torch.log2, to_float=True)
log10 = _unary("log10", torch.log10, to_float=True)
log1p = _unary("log1p", torch.log1p, to_float=True)
sin = _unary("sin", torch.sin, to_float=True)
cos = _unary("cos", torch.cos, to_float=True)
tan = _unary("tan", torch.tan, to_float=True)
arcsin = _unary("arcsin", torch.asin, to_float=True)
arccos = _unary("arccos", torch.acos, to_float=True)
arctan = _unary("arctan", torch.atan, to_float=True)
sinh = _unary("sinh", torch.sinh, to_float=True)
cosh = _unary("cosh", torch.cosh, to_float=True)
tanh = _unary("tanh", torch.tanh, to_float=True)
arcsinh = _unary("arcsinh", torch.asinh, to_float=True)
arccosh = _unary("arccosh", torch.acosh, to_float=True)
arctanh = _unary("arctanh", torch.atanh, to_float=True)
floor = _unary("floor", torch.floor, to_float=True)
ceil = _unary("ceil", torch.ceil, to_float=True)
rint = _unary("rint", torch.round, to_float=True)
fix = _unary("fix", torch.trunc, to_float=True)
deg2rad = radians = _unary("deg2rad", torch.deg2rad, to_float=True)
rad2deg = degrees = _unary("rad2deg", torch.rad2deg, to_float=True)
sinc = _unary("sinc", torch.sinc, to_float=True)


def around(a, decimals=0):
    """`tnp.around`: half to even, at `decimals` places (integers are returned unchanged for decimals >= 0)."""
    t = asarray(a)
    if not _inexact(t):
        return t if decimals >= 0 else torch.round(t.to(torch.float64), decimals=decimals).to(t.dtype)
    return torch.round(t, decimals=decimals)


round = round_ = around  # noqa: A001 (numpy's name)


def matmul(x1, x2):
    a, b = _pair(x1, x2)
    return torch.matmul(a, b)


def dot(a, b):
    a, b = _pair(a, b)
    if a.dim() == 0 or b.dim() == 0:
        return a * b
    if b.dim() == 1:
        return torch.tensordot(a, b, dims=([a.dim() - 1], [0]))
    return torch.tensordot(a, b, dims=([a.dim() - 1], [b.dim() - 2]))


def vdot(a, b):
    a, b = _pair(a, b)
    return torch.sum(torch.conj(a.reshape(-1)) * b.reshape(-1))


def inner(a, b):
    a, b = _pair(a, b)
    if a.dim() == 0 or b.dim() == 0:
        return a * b
    return torch.tensordot(a, b, dims=([a.dim() - 1], [b.dim() - 1]))


def outer(a, b):
    a, b = _pair(a, b)
    return torch.outer(a.reshape(-1), b.reshape(-1))


def tensordot(a, b, axes=2):
    a, b = _pair(a, b)
    return torch.tensordot(a, b, dims=axes)


def cross(a, b, axis=-1):
    a, b = _pair(a, b)
    return torch.linalg.cross(a, b, dim=axis)


def einsum(subscripts, *operands, **kwargs):
    if kwargs:
        raise TypeError(f"tnp.einsum takes no keyword arguments here. Received: {sorted(kwargs)}")
    dtype = result_type(*operands)
    return torch.einsum(subscripts, *[asarray(o, dtype) for o in operands])


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    a, b = _pair(a, b)
    return torch.isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return torch.all(isclose(a, b, rtol, atol, equal_nan))


def array_equal(a1, a2):
    a, b = asarray(a1), asarray(a2)
    return torch.tensor(a.shape == b.shape and bool(torch.all(a == b.to(a.dtype) if a.shape == b.shape else False)))


# ---- reductions --------------------------------------------------------------------------------------------

def _dims(axis):
    if axis is None:
        return None
    return (axis,) if isinstance(axis, int) else tuple(axis)


def _accumulating(t, dtype):
    dtype = torch_dtype(dtype)
    if dtype is not None:
        return t.to(dtype)
    return t.to(accumulator_of_ints()) if t.dtype in _SMALL_INTS else t


def sum(a, axis=None, dtype=None, keepdims=None):  # noqa: A001 (numpy's name)
    """`tnp.sum`: bools and integers narrower than 64 bits sum in int64, as numpy (int32 under TF's auto dtype
    conversion)."""
    t = _accumulating(asarray(a), dtype)
    dims = _dims(axis)
    kept = {"dtype": t.dtype} if t.dtype != torch.bool else {}  # torch sums int32 into int64
    return torch.sum(t, **kept) if dims is None and not keepdims else torch.sum(
        t, dim=dims if dims is not None else tuple(range(t.dim())), keepdim=bool(keepdims), **kept)


def prod(a, axis=None, dtype=None, keepdims=None):
    t = _accumulating(asarray(a), dtype)
    out = t
    for d in sorted((range(t.dim()) if axis is None else [x % t.dim() for x in _dims(axis)]), reverse=True):
        out = torch.prod(out, dim=d, keepdim=bool(keepdims))
    return out


def _float_of(t, dtype):
    dtype = torch_dtype(dtype)
    if dtype is not None:
        return t.to(dtype)
    return t if _inexact(t) else t.to(float_of_ints())


def mean(a, axis=None, dtype=None, out=None, keepdims=None):
    if out is not None:
        raise ValueError(f"tnp.mean has no `out` (tensors are immutable). Received: out={out!r}")
    t = _float_of(asarray(a), dtype)
    dims = _dims(axis)
    return torch.mean(t, dim=dims if dims is not None else tuple(range(t.dim())), keepdim=bool(keepdims))


def average(a, axis=None, weights=None, returned=False):
    t = asarray(a)
    if weights is None:
        avg = mean(t, axis)
        count = torch.tensor(t.numel() / builtins.max(avg.numel(), 1), dtype=avg.dtype)
        return (avg, torch.broadcast_to(count, avg.shape)) if returned else avg
    w = asarray(weights)
    dtype = result_type(t, w)
    dtype = dtype if dtype.is_floating_point or dtype.is_complex else torch.float64
    t, w = t.to(dtype), w.to(dtype)
    if axis is not None and w.dim() == 1 and t.dim() > 1:
        shape = [1] * t.dim()
        shape[axis] = -1
        w = w.reshape(shape)
    total = sum(w * torch.ones_like(t), axis)
    avg = sum(t * w, axis) / total
    return (avg, total) if returned else avg


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=None):
    if out is not None:
        raise ValueError(f"tnp.var has no `out` (tensors are immutable). Received: out={out!r}")
    t = _float_of(asarray(a), dtype)
    dims = _dims(axis)
    return torch.var(t, dim=dims if dims is not None else tuple(range(t.dim())), correction=ddof,
                     keepdim=bool(keepdims))


def std(a, axis=None, keepdims=None):
    t = _float_of(asarray(a), None)
    dims = _dims(axis)
    return torch.std(t, dim=dims if dims is not None else tuple(range(t.dim())), correction=0,
                     keepdim=bool(keepdims))


def amax(a, axis=None, out=None, keepdims=None):
    if out is not None:
        raise ValueError(f"tnp.amax has no `out` (tensors are immutable). Received: out={out!r}")
    t = asarray(a)
    dims = _dims(axis)
    return torch.amax(t, dim=dims if dims is not None else tuple(range(t.dim())), keepdim=bool(keepdims))


def amin(a, axis=None, out=None, keepdims=None):
    if out is not None:
        raise ValueError(f"tnp.amin has no `out` (tensors are immutable). Received: out={out!r}")
    t = asarray(a)
    dims = _dims(axis)
    return torch.amin(t, dim=dims if dims is not None else tuple(range(t.dim())), keepdim=bool(keepdims))


max = amax  # noqa: A001 (numpy's name)
min = amin  # noqa: A001 (numpy's name)


def ptp(a, axis=None, keepdims=None):
    return amax(a, axis, keepdims=keepdims) - amin(a, axis, keepdims=keepdims)


def all(a, axis=None, keepdims=None):  # noqa: A001 (numpy's name)
    t = asarray(a).to(torch.bool)
    dims = _dims(axis)
    return torch.all(t) if dims is None and not keepdims else torch.all(
        t, dim=dims if dims is not None else tuple(range(t.dim())), keepdim=bool(keepdims))


def any(a, axis=None, keepdims=None):  # noqa: A001 (numpy's name)
    t = asarray(a).to(torch.bool)
    dims = _dims(axis)
    return torch.any(t) if dims is None and not keepdims else torch.any(
        t, dim=dims if dims is not None else tuple(range(t.dim())), keepdim=bool(keepdims))


def count_nonzero(a, axis=None):
    t = asarray(a)
    return torch.count_nonzero(t, dim=_dims(axis)).to(torch.int64)


def _arg(fn, a, axis):
    t = asarray(a)
    return fn(t.reshape(-1), 0) if axis is None else fn(t, axis)


def argmax(a, axis=None):
    return _arg(torch.argmax, a, axis)


def argmin(a, axis=None):
    return _arg(torch.argmin, a, axis)


def _cumulative(fn, a, axis, dtype):
    t = _accumulating(asarray(a), dtype)
    if axis is None:
        t, axis = t.reshape(-1), 0
    return fn(t, dim=axis)


def cumsum(a, axis=None, dtype=None):
    return _cumulative(torch.cumsum, a, axis, dtype)


def cumprod(a, axis=None, dtype=None):
    return _cumulative(torch.cumprod, a, axis, dtype)


def diff(a, n=1, axis=-1):
    return torch.diff(asarray(a), n=n, dim=axis)


def median(a, axis=None, keepdims=None):
    t = _float_of(asarray(a), None)
    if axis is None:
        t, axis = t.reshape(-1), 0
    return torch.quantile(t, 0.5, dim=axis, keepdim=bool(keepdims))
