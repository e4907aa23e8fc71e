"""`keras.ops.numpy`: NumPy-style ops on torch tensors, with Keras 3's dtype rules.

Mirrors `keras/src/ops/numpy.py` (the API) as the TensorFlow backend computes it
(`keras/src/backend/tensorflow/numpy.py`), since `tf.keras` is Keras 3 on TensorFlow:

- Operands are converted as `keras.ops.convert_to_tensor` does (Python floats -> float32, Python
  ints -> int32, numpy arrays keep their dtype) and promoted with `keras.backend.result_type`
  (`int32 + float32 -> float32`, `int8 + 1 -> int8`: Python scalars are weak in the arithmetic ops).
- Ops that give floats (`sqrt`, `mean`, `divide`, ...) turn integers and bools into `floatx()`.
- Reductions `sum`/`prod` widen bool/int8/int16 to int32; `argmax`/`argsort`/`count_nonzero` give int32.
- Results stay on the inputs' device and are differentiable through torch autograd.

Example:
    >>> from keraslike.keras import ops
    >>> ops.add(np.int32([1, 2]), np.float32([0.5, 0.5]))   # float32 [1.5, 2.5]
    >>> ops.mean(np.int32([1, 2]))                          # float32 1.5
"""

import builtins
import math
import numbers

import numpy as np
import torch

from keraslike._src.keras import backend
from keraslike._src.keras.ops import dtypes
from keraslike._src.ops import reverse_slicing, sparse_gradient
from keraslike._src.keras.ops.tensors import axes_tuple, convert, dtype_of, floatx, promote, shape_tuple, to_float
from keraslike._src.ops.conversion import check_broadcastable
from keraslike._src.ops.math import clamp_as_tf, maximum_ties_to_x, minimum_ties_to_x, no_gradient

_INT_OR_BOOL = (torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64)


def _name(fn, name, doc):
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc
    return fn


def _is_intlike(x):
    return x.dtype in _INT_OR_BOOL


def _keep(x, like):
    return x if x.dtype == like.dtype else x.to(like.dtype)


# ---- element-wise, one operand --------------------------------------------------------------------------------


def _float_unary(name, fn, wide_int64=False):
    def op(x):
        x = convert(x)
        if wide_int64 and x.dtype == torch.int64:
            x = x.to(torch.float64)
        return fn(to_float(x))

    return _name(op, name, f"`keras.ops.{name}(x)` element-wise; integer and bool inputs give `floatx()`.")


def _same_unary(name, fn, bool_to_int=False):
    def op(x):
        x = convert(x)
        if bool_to_int and x.dtype == torch.bool:
            x = x.to(torch.int32)
        return fn(x)

    return _name(op, name, f"`keras.ops.{name}(x)` element-wise; the result keeps `x`'s dtype.")


def _bool_unary(name, fn):
    def op(x):
        return fn(convert(x))

    return _name(op, name, f"`keras.ops.{name}(x)` element-wise; the result is bool.")


arccos = _float_unary("arccos", torch.acos)
arccosh = _float_unary("arccosh", torch.acosh)
arcsin = _float_unary("arcsin", torch.asin)
arcsinh = _float_unary("arcsinh", torch.asinh)
arctan = _float_unary("arctan", torch.atan)
arctanh = _float_unary("arctanh", torch.atanh)
cos = _float_unary("cos", torch.cos)
cosh = _float_unary("cosh", torch.cosh)
sin = _float_unary("sin", torch.sin)
sinh = _float_unary("sinh", torch.sinh)
tan = _float_unary("tan", torch.tan)
tanh = _float_unary("tanh", torch.tanh)
exp = _float_unary("exp", torch.exp)
exp2 = _float_unary("exp2", torch.exp2)
expm1 = _float_unary("expm1", torch.expm1)
log = _float_unary("log", torch.log)
log10 = _float_unary("log10", torch.log10)
log1p = _float_unary("log1p", torch.log1p)
log2 = _float_unary("log2", torch.log2)
sqrt = _float_unary("sqrt", torch.sqrt)
ceil = _float_unary("ceil", no_gradient(torch.ceil))  # TF registers no gradient for Ceil/Floor/Round
floor = _float_unary("floor", no_gradient(torch.floor))
fabs = _float_unary("fabs", torch.abs)
sinc = _float_unary("sinc", torch.sinc)
cbrt = _float_unary("cbrt", lambda x: torch.sign(x) * torch.abs(x).pow(1.0 / 3.0), wide_int64=True)
deg2rad = _float_unary("deg2rad", torch.deg2rad, wide_int64=True)
rad2deg = _float_unary("rad2deg", torch.rad2deg, wide_int64=True)
i0 = _float_unary("i0", torch.special.i0, wide_int64=True)
abs = _same_unary("abs", torch.abs)
absolute = _same_unary("absolute", torch.abs)
negative = _same_unary("negative", torch.neg)
sign = _same_unary("sign", lambda x: torch.sgn(x) if x.is_complex() else torch.sign(x))  # complex: x / |x|
square = _same_unary("square", torch.square, bool_to_int=True)
copy = _same_unary("copy", torch.clone)
isfinite = _bool_unary("isfinite", torch.isfinite)
isinf = _bool_unary("isinf", torch.isinf)
isnan = _bool_unary("isnan", torch.isnan)
isneginf = _bool_unary("isneginf", torch.isneginf)
isposinf = _bool_unary("isposinf", torch.isposinf)
isreal = _bool_unary("isreal", torch.isreal)
logical_not = _bool_unary("logical_not", torch.logical_not)


def signbit(x):
    """`keras.ops.signbit(x)`: True where the sign bit is set (also for -0.0 and -nan)."""
    x = convert(x)
    if x.dtype == torch.bool:
        return torch.zeros_like(x)
    return torch.signbit(x)


def reciprocal(x):
    """`keras.ops.reciprocal(x)`: `1 / x` element-wise; integer inputs give `floatx()`."""
    return torch.reciprocal(to_float(x))


def round(x, decimals=0):
    """`keras.ops.round(x, decimals=0)`: round half to even; integer inputs keep their dtype.

    With negative `decimals` integers are rounded to tens, hundreds, ...
    """
    x = convert(x)
    if _is_intlike(x):
        if decimals >= 0:
            return x
        factor = 10 ** (-decimals)
        return (torch.round(x.to(torch.float64) / factor) * factor).to(x.dtype)
    return torch.round(x, decimals=int(decimals)).detach()  # TF registers no gradient for Round


def trunc(x):
    """`keras.ops.trunc(x)`: round towards zero; integer and bool inputs are returned as is."""
    x = convert(x)
    return x if _is_intlike(x) else torch.trunc(x)


def conj(x):
    """`keras.ops.conj(x)`: complex conjugate (real inputs unchanged)."""
    x = convert(x)
    return torch.conj(x).resolve_conj() if x.is_complex() else x


conjugate = _name(lambda x: conj(x), "conjugate", "`keras.ops.conjugate(x)`: alias of `conj`.")


def real(x):
    """`keras.ops.real(x)`: real part (real inputs unchanged)."""
    x = convert(x)
    return torch.real(x) if x.is_complex() else x


def imag(x):
    """`keras.ops.imag(x)`: imaginary part (zeros of `x`'s dtype for real inputs)."""
    x = convert(x)
    return torch.imag(x) if x.is_complex() else torch.zeros_like(x)


def angle(x):
    """`keras.ops.angle(x)`: the argument of complex numbers; reals give 0 or pi, ints give floatx."""
    x = convert(x)
    return torch.angle(x if x.is_complex() else to_float(x))


def nan_to_num(x, nan=0.0, posinf=None, neginf=None):
    """`keras.ops.nan_to_num(x, nan=0.0, posinf=None, neginf=None)`: replace nan/inf by finite numbers.

    `posinf`/`neginf` default to the dtype's largest/smallest finite values; integers pass through.
    """
    x = convert(x)
    if _is_intlike(x):
        return x
    return torch.nan_to_num(x, nan=nan, posinf=posinf, neginf=neginf)


# ---- element-wise, two operands -------------------------------------------------------------------------------


def _binary(name, fn, weak=True, extra=(), bool_fn=None, doc=None):
    def op(x1, x2):
        a, b = promote(x1, x2, extra=extra, weak=weak)
        try:
            if a.dtype == torch.bool and bool_fn is not None:
                return bool_fn(a, b)
            return fn(a, b)
        except RuntimeError:
            check_broadcastable(a.shape, b.shape, op_name=f"keras.ops.{name}")  # TF's InvalidArgumentError
            raise

    return _name(op, name, doc or f"`keras.ops.{name}(x1, x2)` element-wise with broadcasting and Keras promotion.")


def _bitwise(name, fn, weak=True):
    """`keras.ops.{name}(x, y)`: Keras names the bitwise ops' arguments `x`, `y` (not `x1`, `x2`)."""
    binary = _binary(name, fn, weak=weak)

    def op(x, y):
        return binary(x, y)

    return _name(op, name, f"`keras.ops.{name}(x, y)` element-wise with broadcasting and Keras promotion.")


def _compare(name, fn):
    def op(x1, x2):
        a, b = promote(x1, x2)
        return fn(a, b)

    return _name(op, name, f"`keras.ops.{name}(x1, x2)`: element-wise comparison, a bool tensor.")


add = _binary("add", torch.add, bool_fn=torch.logical_or)
subtract = _binary("subtract", torch.sub)
multiply = _binary("multiply", torch.mul, bool_fn=torch.logical_and)
maximum = _binary("maximum", maximum_ties_to_x, bool_fn=torch.logical_or)  # TF's gradient: ties to x1
minimum = _binary("minimum", minimum_ties_to_x, bool_fn=torch.logical_and)
fmax = _binary("fmax", torch.fmax, bool_fn=torch.logical_or)
fmin = _binary("fmin", torch.fmin, bool_fn=torch.logical_and)
divide = _binary("divide", torch.div, extra=(float,))
true_divide = _binary("true_divide", torch.div, extra=(float,))
floor_divide = _binary("floor_divide", lambda a, b: torch.floor_divide(a, b))
power = _binary("power", torch.pow)
mod = _binary("mod", torch.remainder, weak=False)
fmod = _binary("fmod", torch.fmod, weak=False)
arctan2 = _binary("arctan2", torch.atan2, weak=False, extra=(float,))
logaddexp = _binary("logaddexp", torch.logaddexp, weak=False, extra=(float,))
logaddexp2 = _binary("logaddexp2", torch.logaddexp2, weak=False, extra=(float,))
nextafter = _binary("nextafter", torch.nextafter, weak=False, extra=(float,))
gcd = _binary("gcd", torch.gcd, weak=False)
lcm = _binary("lcm", torch.lcm, weak=False)
bitwise_and = _bitwise("bitwise_and", torch.bitwise_and, weak=False)
bitwise_or = _bitwise("bitwise_or", torch.bitwise_or, weak=False)
bitwise_xor = _bitwise("bitwise_xor", torch.bitwise_xor, weak=False)
bitwise_left_shift = _bitwise("bitwise_left_shift", torch.bitwise_left_shift)
bitwise_right_shift = _bitwise("bitwise_right_shift", torch.bitwise_right_shift)
left_shift = _bitwise("left_shift", torch.bitwise_left_shift)
right_shift = _bitwise("right_shift", torch.bitwise_right_shift)
equal = _compare("equal", torch.eq)
not_equal = _compare("not_equal", torch.ne)
greater = _compare("greater", torch.gt)
greater_equal = _compare("greater_equal", torch.ge)
less = _compare("less", torch.lt)
less_equal = _compare("less_equal", torch.le)
logical_and = _compare("logical_and", torch.logical_and)
logical_or = _compare("logical_or", torch.logical_or)
logical_xor = _compare("logical_xor", torch.logical_xor)


def _wide_float(a, b):
    """Float dtype of the TF backend's `hypot`/`heaviside`: int64 inputs give float64, other ints floatx."""
    dtype = dtypes.result_type(dtype_of(a) if not isinstance(a, numbers.Number) else "int32" if isinstance(
        a, numbers.Integral) else "float32", dtype_of(b) if not isinstance(b, numbers.Number) else "int32" if
        isinstance(b, numbers.Integral) else "float32")
    if dtype == "int64":
        return "float64"
    if "int" in dtype or dtype == "bool":
        return dtypes.standardize_dtype(None)
    return dtype


def hypot(x1, x2):
    """`keras.ops.hypot(x1, x2)`: `sqrt(x1**2 + x2**2)` element-wise (ints -> floatx, int64 -> float64)."""
    a, b = promote(x1, x2, dtype=_wide_float(x1, x2))
    return torch.hypot(a, b)


def heaviside(x1, x2):
    """`keras.ops.heaviside(x1, x2)`: 0 where `x1 < 0`, `x2` where `x1 == 0`, 1 where `x1 > 0`."""
    a, b = promote(x1, x2, dtype=_wide_float(x1, x2))
    return torch.heaviside(a, b)


def divide_no_nan(x1, x2):
    """`keras.ops.divide_no_nan(x1, x2)`: `x1 / x2`, with 0 wherever `x2 == 0`."""
    a, b = promote(x1, x2, extra=(float,))
    safe = torch.where(b == 0, torch.ones_like(b), b)
    return torch.where(b == 0, torch.zeros_like(a), a / safe)


def ldexp(x1, x2):
    """`keras.ops.ldexp(x1, x2)`: `x1 * 2**x2`; `x2` must be integer.

    Raises:
        TypeError: if `x2` is not integer.
    """
    b = convert(x2) if not isinstance(x2, numbers.Integral) else x2
    if isinstance(b, torch.Tensor) and not _is_intlike(b):
        raise TypeError(f"ldexp exponent must be an integer type. Received: x2 with dtype {b.dtype}")
    a = convert(x1)
    out = dtypes.result_type(a.dtype, float) if not a.is_floating_point() else dtypes.standardize_dtype(a.dtype)
    a = a.to(dtypes.to_torch_dtype(out))
    b = convert(b, device=a.device)
    return a * torch.pow(torch.tensor(2.0, dtype=a.dtype, device=a.device), b.to(a.dtype))


def bitwise_invert(x):
    """`keras.ops.bitwise_invert(x)`: bitwise NOT of an integer or bool tensor."""
    return torch.bitwise_not(convert(x))


bitwise_not = _name(lambda x: bitwise_invert(x), "bitwise_not", "`keras.ops.bitwise_not(x)`: bitwise NOT.")


def clip(x, x_min, x_max):
    """`keras.ops.clip(x, x_min, x_max)`: limit values to `[x_min, x_max]`; bool inputs become int32."""
    x = convert(x)
    if x.dtype == torch.bool:
        x = x.to(torch.int32)
    lo = convert(x_min, x.dtype, x.device)
    hi = convert(x_max, x.dtype, x.device)
    return clamp_as_tf(x, lo, hi)


def isclose(x1, x2, rtol=1e-5, atol=1e-8, equal_nan=False):
    """`keras.ops.isclose(x1, x2, rtol=1e-05, atol=1e-08, equal_nan=False)`: element-wise closeness."""
    a, b = promote(x1, x2)
    return torch.isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)


def allclose(x1, x2, rtol=1e-5, atol=1e-8, equal_nan=False):
    """`keras.ops.allclose(...)`: a bool scalar tensor, True when every element `isclose`."""
    return torch.all(isclose(x1, x2, rtol, atol, equal_nan))


# ---- creation -------------------------------------------------------------------------------------------------


def _new_dtype(dtype):
    return floatx() if dtype is None else dtypes.to_torch_dtype(dtype)


def _device():
    return backend.current_device()


def zeros(shape, dtype=None):
    """`keras.ops.zeros(shape, dtype=None)`: zeros of `floatx()` unless `dtype` is given."""
    return torch.zeros(shape_tuple(shape), dtype=_new_dtype(dtype), device=_device())


def ones(shape, dtype=None):
    """`keras.ops.ones(shape, dtype=None)`: ones of `floatx()` unless `dtype` is given."""
    return torch.ones(shape_tuple(shape), dtype=_new_dtype(dtype), device=_device())


def empty(shape, dtype=None):
    """`keras.ops.empty(shape, dtype=None)`: an uninitialised tensor (here: zeros, as the TF backend)."""
    return zeros(shape, dtype)


def full(shape, fill_value, dtype=None):
    """`keras.ops.full(shape, fill_value, dtype=None)`: `fill_value` everywhere, `floatx()` by default."""
    value = convert(fill_value, _new_dtype(dtype), _device())
    return torch.broadcast_to(value, shape_tuple(shape)).clone()


def _like_dtype(x, dtype):
    return x.dtype if dtype is None else dtypes.to_torch_dtype(dtype)


def zeros_like(x, dtype=None):
    """`keras.ops.zeros_like(x, dtype=None)`: zeros with `x`'s shape (and dtype unless given)."""
    x = convert(x)
    return torch.zeros_like(x, dtype=_like_dtype(x, dtype))


def ones_like(x, dtype=None):
    """`keras.ops.ones_like(x, dtype=None)`: ones with `x`'s shape (and dtype unless given)."""
    x = convert(x)
    return torch.ones_like(x, dtype=_like_dtype(x, dtype))


def empty_like(x, dtype=None):
    """`keras.ops.empty_like(x, dtype=None)`: like `zeros_like` (torch's empty memory is never exposed)."""
    return zeros_like(x, dtype)


def full_like(x, fill_value, dtype=None):
    """`keras.ops.full_like(x, fill_value, dtype=None)`: `fill_value` with `x`'s shape and dtype."""
    x = convert(x)
    value = convert(fill_value, _like_dtype(x, dtype), x.device)
    return torch.broadcast_to(value, x.shape).clone()


def array(x, dtype=None):
    """`keras.ops.array(x, dtype=None)`: a tensor from array-like `x` (same rules as `convert_to_tensor`)."""
    return convert(x, dtype)


def _scalar(v):
    return v.item() if isinstance(v, torch.Tensor) else v


def arange(start, stop=None, step=None, dtype=None):
    """`keras.ops.arange(start, stop=None, step=None, dtype=None)`: evenly spaced values in `[start, stop)`.

    Without `dtype` the type follows Keras promotion of the arguments: ints give int32, any float
    gives `floatx()`.

    Raises:
        ValueError: if `step` is 0.
    """
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    if dtype is None:
        dtype = dtypes.result_type(*(dtype_of(v) for v in (start, stop, step)))
    start, stop, step = _scalar(start), _scalar(stop), _scalar(step)
    if step == 0:
        raise ValueError(f"Expected a non-zero `step`. Received: step={step}")
    torch_dtype = dtypes.to_torch_dtype(dtype)
    count = builtins.max(int(math.ceil((stop - start) / step)), 0)
    idx = torch.arange(count, dtype=torch.float64, device=_device())
    out = start + idx * step
    return out.to(torch_dtype) if torch_dtype.is_floating_point else torch.arange(
        start, stop, step, dtype=torch_dtype, device=_device())


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    """`keras.ops.linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0)`.

    `start`/`stop` may be tensors (the new axis goes at `axis`). Returns `samples`, or
    `(samples, step)` with `retstep=True`.
    """
    if dtype is None:
        dtype = dtypes.result_type(dtype_of(start), dtype_of(stop), float)
    a, b = promote(start, stop, dtype="float64")
    div = (num - 1) if endpoint else num
    step = (b - a) / div if div > 0 else torch.full_like(b - a, float("nan"))
    shape = (num,) + (1,) * a.dim()
    idx = torch.arange(num, dtype=torch.float64, device=a.device).reshape(shape)
    out = a + idx * step
    if endpoint and num > 1:
        out[-1] = b
    out = torch.movedim(out, 0, axis if axis >= 0 else out.dim() + axis)
    out = out.to(dtypes.to_torch_dtype(dtype))
    return (out, step.to(out.dtype)) if retstep else out


def logspace(start, stop, num=50, endpoint=True, base=10, dtype=None, axis=0):
    """`keras.ops.logspace(start, stop, num=50, endpoint=True, base=10, dtype=None, axis=0)`: `base ** linspace`."""
    exps = linspace(start, stop, num, endpoint, dtype="float64", axis=axis)
    if dtype is None:
        dtype = dtypes.result_type(dtype_of(start), dtype_of(stop), float)
    return torch.pow(torch.tensor(float(base), dtype=torch.float64, device=exps.device), exps).to(
        dtypes.to_torch_dtype(dtype))


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """`keras.ops.geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0)`: a geometric progression."""
    a, b = promote(start, stop, dtype="float64")
    out = torch.exp(linspace(torch.log(a), torch.log(b), num, endpoint, dtype="float64", axis=axis))
    if dtype is None:
        dtype = dtypes.result_type(dtype_of(start), dtype_of(stop), float)
    return out.to(dtypes.to_torch_dtype(dtype))


def eye(N, M=None, k=0, dtype=None):
    """`keras.ops.eye(N, M=None, k=0, dtype=None)`: ones on the `k`-th diagonal of an `N x M` matrix."""
    M = N if M is None else M
    out = torch.zeros((int(N), int(M)), dtype=_new_dtype(dtype), device=_device())
    return out + torch.ones_like(out).triu(k).tril(k)


def identity(n, dtype=None):
    """`keras.ops.identity(n, dtype=None)`: the `n x n` identity matrix (`floatx()` by default)."""
    return eye(n, dtype=dtype)


def tri(N, M=None, k=0, dtype=None):
    """`keras.ops.tri(N, M=None, k=0, dtype=None)`: ones at and below the `k`-th diagonal."""
    M = N if M is None else M
    return torch.ones((int(N), int(M)), dtype=_new_dtype(dtype), device=_device()).tril(k)


def tril(x, k=0):
    """`keras.ops.tril(x, k=0)`: zero the elements above the `k`-th diagonal (last two axes)."""
    return torch.tril(convert(x), int(k))


def triu(x, k=0):
    """`keras.ops.triu(x, k=0)`: zero the elements below the `k`-th diagonal (last two axes)."""
    return torch.triu(convert(x), int(k))


def meshgrid(*x, indexing="xy"):
    """`keras.ops.meshgrid(*x, indexing="xy")`: coordinate grids from 1-D tensors ("xy" or "ij").

    Raises:
        ValueError: for another `indexing`.
    """
    if indexing not in ("xy", "ij"):
        raise ValueError(f"Valid values for `indexing` are 'xy' and 'ij'. Received: indexing={indexing}")
    tensors = promote(*x)
    return list(torch.meshgrid(*tensors, indexing=indexing))


def vander(x, N=None, increasing=False):
    """`keras.ops.vander(x, N=None, increasing=False)`: the Vandermonde matrix of a 1-D `x`.

    Raises:
        ValueError: if `x` is not 1-D.
    """
    x = convert(x)
    if x.dim() != 1:
        raise ValueError(f"Input tensor must be 1-dimensional. Received: x with shape={tuple(x.shape)}")
    N = x.shape[0] if N is None else int(N)
    powers = torch.arange(N, device=x.device)
    if not increasing:
        powers = powers.flip(0)
    if _is_intlike(x):
        return torch.stack([x ** int(p) if p else torch.ones_like(x) for p in powers.tolist()], dim=-1)
    return x[:, None] ** powers.to(x.dtype)


def _window(name, fn):
    def op(x):
        n = int(_scalar(x))
        return fn(n).to(floatx()).to(_device())

    return _name(op, name, f"`keras.ops.{name}(x)`: the {name.title()} window of `x` points (`floatx()`).")


def _numpy_window(values):
    return torch.as_tensor(np.asarray(values, dtype=np.float64))


bartlett = _window("bartlett", lambda n: _numpy_window(np.bartlett(n)))
blackman = _window("blackman", lambda n: _numpy_window(np.blackman(n)))
hamming = _window("hamming", lambda n: _numpy_window(np.hamming(n)))
hanning = _window("hanning", lambda n: _numpy_window(np.hanning(n)))


def kaiser(x, beta):
    """`keras.ops.kaiser(x, beta)`: the Kaiser window of `x` points with shape parameter `beta`."""
    return _numpy_window(np.kaiser(int(_scalar(x)), float(_scalar(beta)))).to(floatx()).to(_device())


# ---- reductions ---------------------------------------------------------------------------------------------


def _reduce_axes(x, axis):
    axes = axes_tuple(axis, x.dim())
    return tuple(range(x.dim())) if axes is None else axes


def _sum_dtype(x):
    if x.dtype in (torch.bool, torch.int8, torch.int16):
        return torch.int32
    if x.dtype == torch.uint8:
        return torch.int64  # Keras gives uint32, which torch cannot add; int64 holds the same values
    return x.dtype


def sum(x, axis=None, keepdims=False):
    """`keras.ops.sum(x, axis=None, keepdims=False)`: bool/int8/int16 sum as int32, others keep their dtype."""
    x = convert(x)
    axes = _reduce_axes(x, axis)
    if not axes:
        return x.to(_sum_dtype(x))
    return torch.sum(x, dim=axes, keepdim=keepdims, dtype=_sum_dtype(x))


def prod(x, axis=None, keepdims=False, dtype=None):
    """`keras.ops.prod(x, axis=None, keepdims=False, dtype=None)`: product of elements (sum's dtype rule)."""
    x = convert(x)
    out_dtype = _sum_dtype(x) if dtype is None else dtypes.to_torch_dtype(dtype)
    x = x.to(out_dtype)
    for a in sorted(_reduce_axes(x, axis), reverse=True):
        x = torch.prod(x, dim=a, keepdim=keepdims)
    return x.to(out_dtype)


def mean(x, axis=None, keepdims=False):
    """`keras.ops.mean(x, axis=None, keepdims=False)`: integer and bool inputs give `floatx()`."""
    x = to_float(x)
    axes = _reduce_axes(x, axis)
    if not axes:
        return x.clone()
    if x.dtype in (torch.float16, torch.bfloat16):
        return torch.mean(x.float(), dim=axes, keepdim=keepdims).to(x.dtype)
    return torch.mean(x, dim=axes, keepdim=keepdims)


def _minmax(fn, name):
    def op(x, axis=None, keepdims=False, initial=None):
        x = convert(x)
        axes = _reduce_axes(x, axis)
        if x.numel() == 0 and initial is None:
            raise ValueError(f"Cannot compute the {name} of an empty tensor. Received: x with shape={tuple(x.shape)}")
        out = fn(x, dim=axes, keepdim=keepdims) if axes else x.clone()
        if initial is not None:
            init = convert(initial, x.dtype, x.device)
            out = torch.maximum(out, init) if name == "max" else torch.minimum(out, init)
        return out

    doc = f"`keras.ops.{name}(x, axis=None, keepdims=False, initial=None)`: keeps `x`'s dtype."
    return _name(op, name, doc)


max = _minmax(torch.amax, "max")
min = _minmax(torch.amin, "min")


def amax(x, axis=None, keepdims=False):
    """`keras.ops.amax(x, axis=None, keepdims=False)`: maximum along `axis`."""
    return max(x, axis, keepdims)


def amin(x, axis=None, keepdims=False):
    """`keras.ops.amin(x, axis=None, keepdims=False)`: minimum along `axis`."""
    return min(x, axis, keepdims)


def ptp(x, axis=None, keepdims=False):
    """`keras.ops.ptp(x, axis=None, keepdims=False)`: `max - min` along `axis`."""
    return subtract(max(x, axis, keepdims), min(x, axis, keepdims))


def all(x, axis=None, keepdims=False):
    """`keras.ops.all(x, axis=None, keepdims=False)`: logical AND along `axis` (a bool tensor)."""
    x = convert(x).bool()
    axes = _reduce_axes(x, axis)
    return torch.all(x, dim=axes, keepdim=keepdims) if axes else x


def any(x, axis=None, keepdims=False):
    """`keras.ops.any(x, axis=None, keepdims=False)`: logical OR along `axis` (a bool tensor)."""
    x = convert(x).bool()
    axes = _reduce_axes(x, axis)
    return torch.any(x, dim=axes, keepdim=keepdims) if axes else x


def var(x, axis=None, keepdims=False):
    """`keras.ops.var(x, axis=None, keepdims=False)`: population variance (ddof 0); ints give floatx."""
    x = to_float(x)
    axes = _reduce_axes(x, axis)
    return torch.var(x, dim=axes, keepdim=keepdims, correction=0)


def std(x, axis=None, keepdims=False):
    """`keras.ops.std(x, axis=None, keepdims=False)`: population standard deviation; ints give floatx."""
    return torch.sqrt(var(x, axis, keepdims))


def average(x, axis=None, weights=None):
    """`keras.ops.average(x, axis=None, weights=None)`: (weighted) mean along `axis`.

    1-D `weights` along `axis` or weights of `x`'s shape, as numpy.
    """
    if weights is None:
        return mean(x, axis)
    x, w = promote(x, weights, extra=(float,), weak=False)
    if axis is not None and w.dim() == 1 and x.dim() > 1:
        shape = [1] * x.dim()
        shape[axis] = -1
        w = w.reshape(shape)
    w = torch.broadcast_to(w, x.shape)
    dims = None if axis is None else (axis,)
    if dims is None:
        return torch.sum(x * w) / torch.sum(w)
    return torch.sum(x * w, dim=dims) / torch.sum(w, dim=dims)


def _arg(fn, name):
    def op(x, axis=None, keepdims=False):
        x = convert(x)
        if x.dtype == torch.bool:
            x = x.to(torch.int32)
        if axis is None:
            out = fn(x.reshape(-1), dim=0)
            if keepdims:
                out = out.reshape((1,) * x.dim())
            return out.to(torch.int32)
        return fn(x, dim=int(axis), keepdim=keepdims).to(torch.int32)

    return _name(op, name, f"`keras.ops.{name}(x, axis=None, keepdims=False)`: int32 indices (first occurrence).")


argmax = _arg(torch.argmax, "argmax")
argmin = _arg(torch.argmin, "argmin")


def argsort(x, axis=-1):
    """`keras.ops.argsort(x, axis=-1)`: int32 indices that sort `x` (stable); `axis=None` flattens."""
    x = convert(x)
    if axis is None:
        x, axis = x.reshape(-1), 0
    if x.dim() == 0:
        return torch.zeros((), dtype=torch.int32, device=x.device)
    return torch.argsort(x, dim=axis, stable=True).to(torch.int32)


def sort(x, axis=-1):
    """`keras.ops.sort(x, axis=-1)`: sorted along `axis`; `axis=None` flattens."""
    x = convert(x)
    if axis is None:
        x, axis = x.reshape(-1), 0
    if x.dim() == 0:
        return x
    return torch.sort(x, dim=axis, stable=True).values


def argpartition(x, kth, axis=-1):
    """`keras.ops.argpartition(x, kth, axis=-1)`: int32 indices putting the `kth` element in sorted place.

    Elements before it are not larger and those after not smaller; this implementation returns a
    full stable argsort, which satisfies that contract (the order within each side is unspecified).
    """
    x = convert(x)
    n = x.shape[axis]
    if not -n <= int(kth) < n:
        raise ValueError(f"kth(={kth}) out of bounds for axis of size {n}. Received: kth={kth}")
    return argsort(x, axis)


def count_nonzero(x, axis=None):
    """`keras.ops.count_nonzero(x, axis=None)`: number of non-zero values along `axis` (int32)."""
    x = convert(x)
    axes = _reduce_axes(x, axis)
    return torch.sum(x != 0, dim=axes, dtype=torch.int32)


def _cumulative(fn, name, nan_value=None):
    def op(x, axis=None, dtype=None):
        x = convert(x)
        out = (torch.int32 if x.dtype == torch.bool else x.dtype) if dtype is None else dtypes.to_torch_dtype(dtype)
        if nan_value is not None and x.is_floating_point():
            x = torch.nan_to_num(x, nan=nan_value)  # infinities become the dtype's extremes, as Keras
        if axis is None:
            x, axis = x.reshape(-1), 0
        return fn(x.to(out), dim=int(axis)).to(out)

    doc = f"`keras.ops.{name}(x, axis=None, dtype=None)`: `axis=None` flattens; bool gives int32."
    return _name(op, name, doc)


cumsum = _cumulative(torch.cumsum, "cumsum")
cumprod = _cumulative(torch.cumprod, "cumprod")
nancumsum = _cumulative(torch.cumsum, "nancumsum", nan_value=0.0)
nancumprod = _cumulative(torch.cumprod, "nancumprod", nan_value=1.0)


def median(x, axis=None, keepdims=False):
    """`keras.ops.median(x, axis=None, keepdims=False)`: the median (mean of the two middles); floats out."""
    return quantile(x, 0.5, axis=axis, keepdims=keepdims)


_METHODS = ("linear", "lower", "higher", "midpoint", "nearest")


def _quantile(x, q, axis, method, keepdims, ignore_nan):
    if method not in _METHODS:
        raise ValueError(f"Invalid `method`. Expected one of {_METHODS}. Received: method={method}")
    x = to_float(x)
    compute = torch.float32 if x.dtype in (torch.float16, torch.bfloat16) else x.dtype
    qt = convert(q, compute, x.device)
    fn = torch.nanquantile if ignore_nan else torch.quantile
    axes = _reduce_axes(x, axis)
    xx = x.to(compute)
    if axis is None or len(axes) > 1:
        keep = [d for d in range(x.dim()) if d not in axes]
        xx = xx.permute(*keep, *axes).reshape(*[x.shape[d] for d in keep], -1)
        out = fn(xx, qt, dim=-1, interpolation=method)
        if keepdims:
            shape = [1 if d in axes else x.shape[d] for d in range(x.dim())]
            out = out.reshape(*qt.shape, *shape)
    else:
        out = fn(xx, qt, dim=axes[0], keepdim=keepdims, interpolation=method)
    return out.to(x.dtype)


def quantile(x, q, axis=None, method="linear", keepdims=False):
    """`keras.ops.quantile(x, q, axis=None, method="linear", keepdims=False)`: `q` in [0, 1].

    `method` is one of "linear", "lower", "higher", "midpoint", "nearest". A 1-D `q` puts its
    axis first, as numpy.
    """
    return _quantile(x, q, axis, method, keepdims, False)


def percentile(x, q, axis=None, method="linear", keepdims=False):
    """`keras.ops.percentile(x, q, ...)`: like `quantile` with `q` in [0, 100]."""
    return _quantile(x, divide(q, 100.0) if not isinstance(q, numbers.Number) else q / 100.0, axis, method,
                     keepdims, False)


def nanquantile(x, q, axis=None, method="linear", keepdims=False):
    """`keras.ops.nanquantile(x, q, ...)`: `quantile` ignoring NaNs."""
    return _quantile(x, q, axis, method, keepdims, True)


def nanpercentile(x, q, axis=None, method="linear", keepdims=False):
    """`keras.ops.nanpercentile(x, q, ...)`: `percentile` ignoring NaNs."""
    return _quantile(x, q / 100.0 if isinstance(q, numbers.Number) else divide(q, 100.0), axis, method,
                     keepdims, True)


def nanmedian(x, axis=None, keepdims=False):
    """`keras.ops.nanmedian(x, axis=None, keepdims=False)`: median ignoring NaNs."""
    return nanquantile(x, 0.5, axis=axis, keepdims=keepdims)


def _nan_to(x, value):
    return torch.where(torch.isnan(x), torch.full_like(x, value), x) if x.is_floating_point() else x


def nansum(x, axis=None, keepdims=False):
    """`keras.ops.nansum(x, axis=None, keepdims=False)`: sum treating NaNs as zero."""
    return sum(_nan_to(convert(x), 0.0), axis, keepdims)


def nanprod(x, axis=None, keepdims=False):
    """`keras.ops.nanprod(x, axis=None, keepdims=False)`: product treating NaNs as one."""
    return prod(_nan_to(convert(x), 1.0), axis, keepdims)


def nanmean(x, axis=None, keepdims=False):
    """`keras.ops.nanmean(x, axis=None, keepdims=False)`: mean of the non-NaN values (NaN when none)."""
    x = to_float(x)
    valid = ~torch.isnan(x)
    axes = _reduce_axes(x, axis)
    total = torch.sum(torch.where(valid, x, torch.zeros_like(x)), dim=axes, keepdim=keepdims)
    return total / torch.sum(valid, dim=axes, keepdim=keepdims).to(x.dtype)


def nanvar(x, axis=None, keepdims=False):
    """`keras.ops.nanvar(x, axis=None, keepdims=False)`: population variance of the non-NaN values."""
    x = to_float(x)
    m = nanmean(x, axis, keepdims=True)
    return nanmean(torch.square(x - m), axis, keepdims)


def nanstd(x, axis=None, keepdims=False):
    """`keras.ops.nanstd(x, axis=None, keepdims=False)`: standard deviation of the non-NaN values."""
    return torch.sqrt(nanvar(x, axis, keepdims))


def _nan_minmax(name, fill, fn):
    def op(x, axis=None, keepdims=False):
        x = convert(x)
        if not x.is_floating_point():
            return fn(x, axis, keepdims)
        nan = torch.isnan(x)
        out = fn(torch.where(nan, torch.full_like(x, fill), x), axis, keepdims)
        all_nan = all(nan, axis, keepdims)
        return torch.where(all_nan, torch.full_like(out, float("nan")), out)

    return _name(op, name, f"`keras.ops.{name}(x, axis=None, keepdims=False)`: ignoring NaNs (NaN when all are).")


nanmax = _nan_minmax("nanmax", float("-inf"), lambda x, a, k: max(x, a, k))
nanmin = _nan_minmax("nanmin", float("inf"), lambda x, a, k: min(x, a, k))


def _nan_arg(name, fill, fn):
    def op(x, axis=None, keepdims=False):
        x = convert(x)
        if x.is_floating_point():
            x = torch.where(torch.isnan(x), torch.full_like(x, fill), x)
        return fn(x, axis, keepdims)

    return _name(op, name, f"`keras.ops.{name}(x, axis=None, keepdims=False)`: int32 index ignoring NaNs.")


nanargmax = _nan_arg("nanargmax", float("-inf"), lambda x, a, k: argmax(x, a, k))
nanargmin = _nan_arg("nanargmin", float("inf"), lambda x, a, k: argmin(x, a, k))


def trace(x, offset=0, axis1=0, axis2=1):
    """`keras.ops.trace(x, offset=0, axis1=0, axis2=1)`: sum along a diagonal (sum's dtype rule)."""
    return sum(diagonal(x, offset, axis1, axis2), axis=-1)


# ---- shapes and layout ----------------------------------------------------------------------------------------


def reshape(x, newshape):
    """`keras.ops.reshape(x, newshape)`: one entry may be -1 (or None)."""
    shape = tuple(-1 if s is None else int(s) for s in (newshape if not isinstance(newshape, numbers.Integral)
                                                         else (newshape,)))
    return torch.reshape(convert(x), shape)


def ravel(x):
    """`keras.ops.ravel(x)`: a flat 1-D tensor."""
    return torch.reshape(convert(x), (-1,))


def transpose(x, axes=None):
    """`keras.ops.transpose(x, axes=None)`: reverse the axes, or permute them as `axes`."""
    x = convert(x)
    if axes is None:
        axes = tuple(reversed(range(x.dim())))
    return x.permute(*axes)


def expand_dims(x, axis):
    """`keras.ops.expand_dims(x, axis)`: insert length-1 axes at `axis` (an int or a tuple)."""
    x = convert(x)
    axes = (axis,) if isinstance(axis, numbers.Integral) else tuple(axis)
    out_rank = x.dim() + len(axes)
    for a in sorted(a % out_rank for a in axes):
        x = x.unsqueeze(a)
    return x


def squeeze(x, axis=None):
    """`keras.ops.squeeze(x, axis=None)`: drop length-1 axes.

    Raises:
        ValueError: if a given axis is not of length 1.
    """
    x = convert(x)
    if axis is None:
        return torch.squeeze(x)
    axes = axes_tuple(axis, x.dim())
    for a in axes:
        if x.shape[a] != 1:
            raise ValueError(f"Cannot squeeze axis {a}: it has size {x.shape[a]}. Received: axis={axis}")
    return torch.squeeze(x, dim=axes)


def moveaxis(x, source, destination):
    """`keras.ops.moveaxis(x, source, destination)`: move axes to new places."""
    return torch.movedim(convert(x), source, destination)


def swapaxes(x, axis1, axis2):
    """`keras.ops.swapaxes(x, axis1, axis2)`: exchange two axes."""
    return torch.swapaxes(convert(x), axis1, axis2)


def broadcast_to(x, shape):
    """`keras.ops.broadcast_to(x, shape)`: broadcast to `shape` (a new tensor, not a view)."""
    return torch.broadcast_to(convert(x), shape_tuple(shape)).clone()


def flip(x, axis=None):
    """`keras.ops.flip(x, axis=None)`: reverse along `axis` (all axes by default)."""
    x = convert(x)
    axes = _reduce_axes(x, axis)
    return torch.flip(x, axes)


def fliplr(x):
    """`keras.ops.fliplr(x)`: reverse axis 1."""
    return flip(x, 1)


def flipud(x):
    """`keras.ops.flipud(x)`: reverse axis 0."""
    return flip(x, 0)


def rot90(array, k=1, axes=(0, 1)):
    """`keras.ops.rot90(array, k=1, axes=(0, 1))`: rotate by 90 degrees `k` times in the plane `axes`."""
    return torch.rot90(convert(array), int(k), tuple(axes))


def roll(x, shift, axis=None):
    """`keras.ops.roll(x, shift, axis=None)`: rotate elements; `axis=None` rolls the flattened tensor."""
    x = convert(x)
    if axis is None:
        return torch.roll(x.reshape(-1), shift).reshape(x.shape)
    return torch.roll(x, shift, axis)


def tile(x, repeats):
    """`keras.ops.tile(x, repeats)`: repeat the whole tensor `repeats` times along each axis."""
    x = convert(x)
    reps = shape_tuple(repeats)
    return x.tile(reps)


def repeat(x, repeats, axis=None):
    """`keras.ops.repeat(x, repeats, axis=None)`: repeat each element; `axis=None` flattens first."""
    x = convert(x)
    if isinstance(repeats, (list, tuple, np.ndarray)) or isinstance(repeats, torch.Tensor):
        repeats = convert(repeats, "int64", x.device)
    if axis is None:
        return torch.repeat_interleave(x.reshape(-1), repeats)
    return torch.repeat_interleave(x, repeats, dim=axis)


def concatenate(xs, axis=0):
    """`keras.ops.concatenate(xs, axis=0)`: join tensors along an existing axis; `axis=None` flattens."""
    tensors = promote(*xs, weak=False)
    if axis is None:
        tensors, axis = [t.reshape(-1) for t in tensors], 0
    return torch.cat(tensors, dim=axis)


def append(x1, x2, axis=None):
    """`keras.ops.append(x1, x2, axis=None)`: `concatenate([x1, x2])`; `axis=None` flattens both."""
    return concatenate([x1, x2], axis)


def stack(x, axis=0):
    """`keras.ops.stack(x, axis=0)`: join tensors along a new axis."""
    return torch.stack(promote(*x, weak=False), dim=axis)


def hstack(xs):
    """`keras.ops.hstack(xs)`: concatenate along axis 1 (axis 0 for 1-D inputs)."""
    tensors = promote(*xs, weak=False)
    return torch.hstack(tensors)


def vstack(xs):
    """`keras.ops.vstack(xs)`: concatenate along axis 0 (1-D inputs give a longer 1-D tensor, as Keras)."""
    return torch.cat(promote(*xs, weak=False), dim=0)


def dstack(xs):
    """`keras.ops.dstack(xs)`: concatenate along axis 2 after making inputs at least 3-D."""
    return torch.dstack(promote(*xs, weak=False))


def split(x, indices_or_sections, axis=0):
    """`keras.ops.split(x, indices_or_sections, axis=0)`: a list of sub-tensors.

    An int `n` gives `n` equal parts (it must divide the axis); a list gives split points.

    Raises:
        ValueError: if an int does not divide the axis length.
    """
    x = convert(x)
    if isinstance(indices_or_sections, numbers.Integral):
        n = int(indices_or_sections)
        if x.shape[axis] % n:
            raise ValueError(f"array split does not result in an equal division: axis of size {x.shape[axis]} "
                             f"into {n} sections. Received: indices_or_sections={n}")
        return list(torch.tensor_split(x, n, dim=axis))
    return list(torch.tensor_split(x, [int(i) for i in indices_or_sections], dim=axis))


def array_split(x, indices_or_sections, axis=0):
    """`keras.ops.array_split(x, indices_or_sections, axis=0)`: like `split`, unequal parts allowed."""
    x = convert(x)
    if isinstance(indices_or_sections, numbers.Integral):
        return list(torch.tensor_split(x, int(indices_or_sections), dim=axis))
    return list(torch.tensor_split(x, [int(i) for i in indices_or_sections], dim=axis))


def hsplit(x, indices_or_sections):
    """`keras.ops.hsplit(x, indices_or_sections)`: `split` along axis 1 (axis 0 for 1-D)."""
    x = convert(x)
    return split(x, indices_or_sections, axis=0 if x.dim() == 1 else 1)


def vsplit(x, indices_or_sections):
    """`keras.ops.vsplit(x, indices_or_sections)`: `split` along axis 0."""
    return split(x, indices_or_sections, axis=0)


def dsplit(x, indices_or_sections):
    """`keras.ops.dsplit(x, indices_or_sections)`: `split` along axis 2."""
    return split(x, indices_or_sections, axis=2)


def diagonal(x, offset=0, axis1=0, axis2=1):
    """`keras.ops.diagonal(x, offset=0, axis1=0, axis2=1)`: the diagonal of the `(axis1, axis2)` planes, last."""
    return torch.diagonal(convert(x), int(offset), axis1, axis2)


def diag(x, k=0):
    """`keras.ops.diag(x, k=0)`: the `k`-th diagonal of a 2-D `x`, or a 2-D matrix with a 1-D `x` on it.

    Raises:
        ValueError: for other ranks.
    """
    x = convert(x)
    if x.dim() not in (1, 2):
        raise ValueError(f"`x` must be 1-D or 2-D. Received: x with shape={tuple(x.shape)}")
    return torch.diag(x, int(k))


def diagflat(x, k=0):
    """`keras.ops.diagflat(x, k=0)`: a 2-D matrix with the flattened `x` on its `k`-th diagonal."""
    return torch.diagflat(convert(x), int(k))


def diff(a, n=1, axis=-1):
    """`keras.ops.diff(a, n=1, axis=-1)`: the `n`-th discrete difference along `axis`."""
    return torch.diff(convert(a), n=int(n), dim=axis)


def _pad_indices(n, before, after, mode, device):
    idx = torch.arange(-before, n + after, device=device)
    if mode == "edge":
        return idx.clamp(0, n - 1)
    if mode == "wrap":
        return idx % n
    if mode == "reflect":
        period = 2 * (n - 1) if n > 1 else 1
        m = idx.abs() % period
        return torch.where(m >= n, period - m, m)
    period = 2 * n  # symmetric
    m = torch.where(idx < 0, -idx - 1, idx) % period
    return torch.where(m >= n, period - 1 - m, m)


_PAD_MODES = ("constant", "edge", "reflect", "symmetric", "wrap", "maximum", "minimum", "mean", "median")


def pad(x, pad_width, mode="constant", constant_values=None):
    """`keras.ops.pad(x, pad_width, mode="constant", constant_values=None)`: pad each axis.

    `pad_width` is `((before, after), ...)` per axis, one pair for all, or an int. Modes:
    "constant", "edge", "reflect", "symmetric", "wrap", "maximum", "minimum", "mean", "median".

    Raises:
        ValueError: for another mode, or `constant_values` with a mode other than "constant".
    """
    x = convert(x)
    if mode not in _PAD_MODES:
        raise ValueError(f"`mode` must be one of {_PAD_MODES}. Received: mode={mode}")
    if constant_values is not None and mode != "constant":
        raise ValueError(f"Argument `constant_values` can only be provided when `mode == 'constant'`. "
                         f"Received: mode={mode}")
    widths = np.broadcast_to(np.asarray(pad_width, dtype=np.int64).reshape(-1, 2) if np.ndim(pad_width) else
                             np.asarray([[pad_width, pad_width]]), (x.dim(), 2)).tolist()
    if mode == "constant":
        spec = []
        for before, after in reversed(widths):
            spec += [int(before), int(after)]
        value = 0 if constant_values is None else _scalar(constant_values)
        if x.dtype == torch.bool:
            return torch.nn.functional.pad(x.to(torch.int32), spec, value=int(value)).bool()
        return torch.nn.functional.pad(x, spec, value=value)
    for axis, (before, after) in enumerate(widths):
        if mode in ("maximum", "minimum", "mean", "median"):
            stat = {"maximum": torch.amax, "minimum": torch.amin}.get(mode)
            if stat is not None:
                fill = stat(x, dim=axis, keepdim=True)
            elif mode == "mean":
                fill = torch.mean(x, dim=axis, keepdim=True)
            else:
                fill = torch.quantile(x, 0.5, dim=axis, keepdim=True)
            parts = [fill.expand(*x.shape[:axis], before, *x.shape[axis + 1:]), x,
                     fill.expand(*x.shape[:axis], after, *x.shape[axis + 1:])]
            x = torch.cat(parts, dim=axis)
        else:
            idx = _pad_indices(x.shape[axis], int(before), int(after), mode, x.device)
            x = torch.index_select(x, axis, idx)
    return x


# ---- indexing and selection ----------------------------------------------------------------------------------


def _wrap_indices(indices, n):
    return torch.where(indices < 0, indices + n, indices)


def take(x, indices, axis=None):
    """`keras.ops.take(x, indices, axis=None)`: elements at `indices` along `axis` (flattened when None).

    Negative indices count from the end.
    """
    x = convert(x)
    idx = convert(indices, device=x.device)
    if idx.is_floating_point():
        idx = idx.to(torch.int64)
    if axis is None:
        x, axis = x.reshape(-1), 0
    axis = axis % x.dim()
    idx = _wrap_indices(idx.to(torch.int64), x.shape[axis])
    if axis == 0:  # a variable's rows: TF's IndexedSlices gradient (ops/sparse_gradient.py), as Keras 3's tf.gather
        return sparse_gradient.gather_rows(x, idx)
    out = torch.index_select(x, axis, idx.reshape(-1))
    return out.reshape(*x.shape[:axis], *idx.shape, *x.shape[axis + 1:])


def take_along_axis(x, indices, axis=None):
    """`keras.ops.take_along_axis(x, indices, axis=None)`: numpy's `take_along_axis` (broadcasting)."""
    x = convert(x)
    idx = convert(indices, device=x.device).to(torch.int64)
    if axis is None:
        x, axis = x.reshape(-1), 0
    axis = axis % x.dim()
    idx = _wrap_indices(idx, x.shape[axis])
    shape_x = list(x.shape)
    shape_i = list(idx.shape)
    shape_x[axis] = shape_i[axis] = 1
    b = torch.broadcast_shapes(tuple(shape_x), tuple(shape_i))
    x_b = x.expand(*[b[d] if d != axis else x.shape[d] for d in range(x.dim())])
    i_b = idx.expand(*[b[d] if d != axis else idx.shape[d] for d in range(idx.dim())])
    return torch.gather(x_b, axis, i_b)


def get_item(x, key):
    """`keras.ops.get_item(x, key)`: `x[key]` (a list key is a tuple index, as Keras; negative steps work)."""
    key = tuple(key) if isinstance(key, list) else key
    x = convert(x)
    return reverse_slicing.getitem(x, key) if reverse_slicing.has_negative_step(key) else x[key]


def where(condition, x1=None, x2=None):
    """`keras.ops.where(condition, x1=None, x2=None)`: pick `x1` where True, else `x2` (promoted).

    With only `condition`, returns the indices of its non-zero elements, like `nonzero`.

    Raises:
        ValueError: if exactly one of `x1`, `x2` is given.
    """
    cond = convert(condition)
    if x1 is None and x2 is None:
        return nonzero(cond)
    if x1 is None or x2 is None:
        raise ValueError("`x1` and `x2` either both should be `None` or both should have non-None value.")
    a, b = promote(x1, x2)
    return torch.where(cond.to(a.device).bool(), a, b)


def nonzero(x):
    """`keras.ops.nonzero(x)`: a tuple (list) of int32 index tensors, one per axis."""
    x = convert(x)
    return [t.to(torch.int32) for t in torch.nonzero(x, as_tuple=True)]


def select(condlist, choicelist, default=0):
    """`keras.ops.select(condlist, choicelist, default=0)`: numpy's `select`: first true condition wins.

    Raises:
        ValueError: if the lists differ in length or are empty.
    """
    if len(condlist) != len(choicelist):
        raise ValueError(f"condlist and choicelist must have the same length. Received: len(condlist)={len(condlist)}"
                         f", len(choicelist)={len(choicelist)}")
    if not condlist:
        raise ValueError("condlist must be non-empty. Received: condlist=[]")
    choices = promote(*choicelist, default)
    out = choices[-1]
    for cond, choice in reversed(list(zip(condlist, choices[:-1]))):
        out = torch.where(convert(cond, device=choice.device).bool(), choice, out)
    return out


def searchsorted(sorted_sequence, values, side="left"):
    """`keras.ops.searchsorted(sorted_sequence, values, side="left")`: int32 insertion points (1-D sequence).

    Raises:
        ValueError: for a `side` other than "left"/"right" or a sequence that is not 1-D.
    """
    if side not in ("left", "right"):
        raise ValueError(f"`side` must be either 'left' or 'right'. Received: side={side}")
    seq, vals = promote(sorted_sequence, values, weak=False)
    if seq.dim() != 1:
        raise ValueError(f"`searchsorted` only supports 1-D sorted sequences. Received: "
                         f"sorted_sequence.shape={tuple(seq.shape)}")
    return torch.searchsorted(seq, vals, right=side == "right").to(torch.int32)


def digitize(x, bins):
    """`keras.ops.digitize(x, bins)`: int32 index of the bin each value falls in (increasing bins)."""
    x, b = promote(x, bins, weak=False)
    return torch.bucketize(x, b, right=True).to(torch.int32)


def bincount(x, weights=None, minlength=0, sparse=False):
    """`keras.ops.bincount(x, weights=None, minlength=0, sparse=False)`: counts of non-negative ints.

    A 2-D `x` counts each row. Counts are int32; with `weights` the weights' dtype.

    Raises:
        ValueError: for `sparse=True` (torch tensors here are dense).
    """
    if sparse:
        raise ValueError("`sparse=True` is not supported: keraslike tensors are dense. Use sparse=False. "
                         "Received: sparse=True")
    x = convert(x).to(torch.int64)
    w = None if weights is None else convert(weights, device=x.device)
    dtype = torch.int32 if w is None else (w.dtype if w.is_floating_point() else torch.int32)
    length = builtins.max(int(x.max().item()) + 1 if x.numel() else 0, int(minlength))
    if x.dim() == 1:
        return torch.bincount(x, w, minlength=length).to(dtype)
    rows = [torch.bincount(r, None if w is None else w[i], minlength=length) for i, r in enumerate(x)]
    return torch.stack(rows).to(dtype)


def histogram(x, bins=10, range=None):
    """`keras.ops.histogram(x, bins=10, range=None)`: `(counts, bin_edges)` of a 1-D `x`.

    Raises:
        ValueError: if `x` is not 1-D or `bins` is not a positive int.
    """
    x = convert(x)
    if x.dim() != 1:
        raise ValueError(f"Input tensor must be 1-dimensional. Received: x with shape={tuple(x.shape)}")
    if not isinstance(bins, numbers.Integral) or bins < 1:
        raise ValueError(f"Argument `bins` should be a positive integer. Received: bins={bins}")
    xf = x if x.is_floating_point() else x.to(floatx())
    lo, hi = (xf.min().item(), xf.max().item()) if range is None else range
    edges = torch.linspace(lo, hi, bins + 1, dtype=torch.float64, device=x.device).to(xf.dtype)
    counts = torch.histc(xf.double(), bins=bins, min=lo, max=hi).to(xf.dtype)
    return counts, edges


def unique(x, sorted=True, return_index=False, return_inverse=False, return_counts=False, axis=None, size=None,
           fill_value=None):
    """`keras.ops.unique(x, sorted=True, return_index=False, return_inverse=False, return_counts=False,
    axis=None, size=None, fill_value=None)`: the sorted unique values (of the flattened `x` when `axis=None`).

    With `size`, the result is padded (with `fill_value`, default the smallest value) or cut to
    `size`. Extra outputs come in numpy's order: values, index, inverse, counts.
    """
    x = convert(x)
    flat = x if axis is not None else x.reshape(-1)
    dim = 0 if axis is None else axis
    values, inverse, counts = torch.unique(flat, sorted=True, return_inverse=True, return_counts=True, dim=dim)
    outputs = [values]
    if return_index:
        n = flat.shape[dim]
        positions = torch.arange(n, device=x.device)
        first = torch.full((values.shape[dim],), n, dtype=torch.int64, device=x.device)
        first = first.scatter_reduce(0, inverse.reshape(-1), positions, reduce="amin")
        outputs.append(first.to(torch.int32))
    if return_inverse:
        outputs.append(inverse.to(torch.int32))
    if return_counts:
        outputs.append(counts.to(torch.int32))
    if size is not None:
        outputs = [_fit_size(o, int(size), fill_value if i == 0 else 0, values) if i != (
            1 + return_index) or not return_inverse else o for i, o in enumerate(outputs)]
    return outputs[0] if len(outputs) == 1 else tuple(outputs)


def _fit_size(t, size, fill, values):
    if t.shape[0] >= size:
        return t[:size]
    if fill is None:
        fill = values.min().item() if values.numel() else 0
    extra = torch.full((size - t.shape[0], *t.shape[1:]), fill, dtype=t.dtype, device=t.device)
    return torch.cat([t, extra])


def isin(x1, x2, assume_unique=False, invert=False):
    """`keras.ops.isin(x1, x2, assume_unique=False, invert=False)`: whether each element of `x1` is in `x2`."""
    a, b = promote(x1, x2, weak=False)
    return torch.isin(a, b, assume_unique=assume_unique, invert=invert)


def unravel_index(indices, shape):
    """`keras.ops.unravel_index(indices, shape)`: a tuple of coordinate tensors for flat `indices`."""
    idx = convert(indices)
    out = []
    for dim in reversed(shape_tuple(shape)):
        out.append(idx % dim)
        idx = torch.div(idx, dim, rounding_mode="floor")
    return tuple(reversed(out))


# ---- products -------------------------------------------------------------------------------------------------


def _int_product(fn, a, b):
    """Integer matmul-like products: computed exactly in float64 (torch lacks some int kernels) and cast back."""
    if a.dtype == torch.bool:
        return fn(a.to(torch.int32), b.to(torch.int32)).bool()
    if a.dtype in _INT_OR_BOOL and a.device.type != "cpu":
        return fn(a.double(), b.double()).round().to(a.dtype)
    return fn(a, b)


def matmul(x1, x2):
    """`keras.ops.matmul(x1, x2)`: matrix product with numpy's broadcasting rules; Keras promotion."""
    a, b = promote(x1, x2, weak=False)
    return _int_product(torch.matmul, a, b)


def dot(x1, x2):
    """`keras.ops.dot(x1, x2)`: numpy's `dot` (scalars multiply; N-D x M-D contracts last/second-to-last)."""
    a, b = promote(x1, x2, weak=False)
    if a.dim() == 0 or b.dim() == 0:
        return a * b
    if b.dim() <= 2:
        return _int_product(torch.matmul, a, b)
    return _int_product(lambda p, q: torch.tensordot(p, q, dims=([p.dim() - 1], [q.dim() - 2])), a, b)


def vdot(x1, x2):
    """`keras.ops.vdot(x1, x2)`: dot product of the flattened tensors (conjugating `x1`)."""
    a, b = promote(x1, x2, weak=False)
    a = a.reshape(-1)
    if a.is_complex():
        a = a.conj()
    return _int_product(lambda p, q: torch.sum(p * q), a, b.reshape(-1))


def inner(x1, x2):
    """`keras.ops.inner(x1, x2)`: sum-product over the last axes."""
    a, b = promote(x1, x2, weak=False)
    if a.dim() == 0 or b.dim() == 0:
        return a * b
    return _int_product(lambda p, q: torch.tensordot(p, q, dims=([-1], [-1])), a, b)


def outer(x1, x2):
    """`keras.ops.outer(x1, x2)`: outer product of the flattened tensors."""
    a, b = promote(x1, x2, weak=False)
    return a.reshape(-1, 1) * b.reshape(1, -1)


def tensordot(x1, x2, axes=2):
    """`keras.ops.tensordot(x1, x2, axes=2)`: contract the last `axes` axes of `x1` with the first of `x2`,
    or the axis lists `axes=(a_axes, b_axes)`."""
    a, b = promote(x1, x2, weak=False)
    if not isinstance(axes, numbers.Integral):
        axes = [list(ax) if isinstance(ax, (list, tuple)) else [ax] for ax in axes]
    return _int_product(lambda p, q: torch.tensordot(p, q, dims=axes), a, b)


def kron(x1, x2):
    """`keras.ops.kron(x1, x2)`: the Kronecker product."""
    a, b = promote(x1, x2, weak=False)
    return torch.kron(a, b)


def cross(x1, x2, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """`keras.ops.cross(x1, x2, axisa=-1, axisb=-1, axisc=-1, axis=None)`: cross product of 2- or 3-vectors.

    Raises:
        ValueError: if the vector axes are not of length 2 or 3.
    """
    a, b = promote(x1, x2, weak=False)
    if axis is not None:
        axisa = axisb = axisc = axis
    a, b = torch.movedim(a, axisa, -1), torch.movedim(b, axisb, -1)
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError(f"Dimension must be either 2 or 3. Received: x1.shape={tuple(x1.shape)}, "
                         f"x2.shape={tuple(x2.shape)}")
    if a.shape[-1] == 2 and b.shape[-1] == 2:
        return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]
    if a.shape[-1] == 2:
        a = torch.nn.functional.pad(a, (0, 1))
    if b.shape[-1] == 2:
        b = torch.nn.functional.pad(b, (0, 1))
    a, b = torch.broadcast_tensors(a, b)
    return torch.movedim(torch.linalg.cross(a, b), -1, axisc)


def einsum(subscripts, *operands, **kwargs):
    """`keras.ops.einsum(subscripts, *operands)`: Einstein summation; operands promoted (int8 pairs give int32).

    Raises:
        ValueError: for keyword arguments (torch's einsum takes none of numpy's).
    """
    if kwargs:
        raise ValueError(f"einsum takes no keyword arguments here. Received: {sorted(kwargs)}")
    tensors = promote(*operands, weak=False)
    if tensors and tensors[0].dtype in _INT_OR_BOOL:
        out = torch.einsum(subscripts, *[t.double() for t in tensors]).round()
        dtype = torch.int32 if tensors[0].dtype in (torch.int8, torch.uint8, torch.int16, torch.bool) else \
            tensors[0].dtype
        return out.to(dtype)
    return torch.einsum(subscripts, *tensors)


def correlate(x1, x2, mode="valid"):
    """`keras.ops.correlate(x1, x2, mode="valid")`: cross-correlation of two 1-D sequences.

    `mode` is "valid", "same" or "full", as numpy. Integer inputs give floatx (int64 -> float64).

    Raises:
        ValueError: for another mode or inputs that are not 1-D.
    """
    if mode not in ("valid", "same", "full"):
        raise ValueError(f"`mode` must be 'valid', 'same' or 'full'. Received: mode={mode}")
    a, b = promote(x1, x2, dtype=_wide_float(x1, x2))
    if a.dim() != 1 or b.dim() != 1:
        raise ValueError(f"correlate expects 1-D inputs. Received: x1.shape={tuple(a.shape)}, "
                         f"x2.shape={tuple(b.shape)}")
    n, m = a.shape[0], b.shape[0]
    full = torch.nn.functional.conv1d(torch.nn.functional.pad(a, (m - 1, m - 1)).reshape(1, 1, -1),
                                      b.reshape(1, 1, -1)).reshape(-1)
    if mode == "full":
        return full
    if mode == "same":
        length = builtins.max(n, m)
        start = (n + m - 1 - length) // 2
        return full[start:start + length]
    return full[m - 1:n] if n >= m else full[n - 1:m]


def corrcoef(x):
    """`keras.ops.corrcoef(x)`: Pearson correlation coefficients of the rows of `x` (int64 -> float64)."""
    x = convert(x)
    x = x.double() if x.dtype == torch.int64 else to_float(x)
    return torch.corrcoef(x)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """`keras.ops.trapezoid(y, x=None, dx=1.0, axis=-1)`: integral by the trapezoidal rule (floats out)."""
    y = to_float(y)
    if x is None:
        return torch.trapezoid(y, dx=dx, dim=axis)
    return torch.trapezoid(y, convert(x, y.dtype, y.device), dim=axis)


def vectorize(pyfunc, *, excluded=None, signature=None):
    """`keras.ops.vectorize(pyfunc, *, excluded=None, signature=None)`: numpy's `vectorize` on tensors.

    The function is mapped with `torch.vmap` over every element (or over the core dimensions of a
    `signature` such as `"(d,d)->(d)"`); `excluded` names arguments (positions or keywords) passed as is.
    """
    excluded = set(excluded or ())

    def wrapped(*args, **kwargs):
        core = _core_dims(signature, len(args))
        tensor_pos = [i for i in range(len(args)) if i not in excluded]
        tensors = [convert(args[i]) for i in tensor_pos]
        batch_shapes = [t.shape[:t.dim() - core[i]] for i, t in zip(tensor_pos, tensors)]
        batch = torch.broadcast_shapes(*batch_shapes) if batch_shapes else ()
        flat = [t.expand(*batch, *t.shape[t.dim() - core[i]:]).reshape(-1, *t.shape[t.dim() - core[i]:])
                for i, t in zip(tensor_pos, tensors)]

        def call(*elems):
            full = list(args)
            for i, e in zip(tensor_pos, elems):
                full[i] = e
            return pyfunc(*full, **kwargs)

        out = torch.vmap(call)(*flat)
        return out.reshape(*batch, *out.shape[1:])

    return wrapped


def _core_dims(signature, nargs):
    if signature is None:
        return [0] * nargs
    inputs = signature.split("->")[0]
    groups = [g.strip("() ") for g in inputs.split("),")]
    return [len([d for d in g.split(",") if d.strip()]) for g in groups] + [0] * nargs


def view(x, dtype=None):
    """`keras.ops.view(x, dtype=None)`: reinterpret the bytes as `dtype` (the last axis rescales)."""
    x = convert(x)
    return x if dtype is None else x.view(dtypes.to_torch_dtype(dtype))


def ndim(x):
    """`keras.ops.ndim(x)`: the rank, a Python int (also for symbolic tensors)."""
    if hasattr(x, "shape") and not isinstance(x, torch.Tensor):
        return len(x.shape)
    return convert(x).dim()


def size(x):
    """`keras.ops.size(x)`: the number of elements, an int32 scalar tensor."""
    x = convert(x)
    return torch.tensor(x.numel(), dtype=torch.int32, device=x.device)


def slogdet(x):
    """`keras.ops.slogdet(x)`: `(sign, log|det|)` of (batches of) square matrices."""
    return tuple(torch.linalg.slogdet(to_float(x)))


__all__ = [
    "abs",
    "absolute",
    "add",
    "all",
    "allclose",
    "amax",
    "amin",
    "angle",
    "any",
    "append",
    "arange",
    "arccos",
    "arccosh",
    "arcsin",
    "arcsinh",
    "arctan",
    "arctan2",
    "arctanh",
    "argmax",
    "argmin",
    "argpartition",
    "argsort",
    "array",
    "array_split",
    "average",
    "bartlett",
    "bincount",
    "bitwise_and",
    "bitwise_invert",
    "bitwise_left_shift",
    "bitwise_not",
    "bitwise_or",
    "bitwise_right_shift",
    "bitwise_xor",
    "blackman",
    "broadcast_to",
    "cbrt",
    "ceil",
    "clip",
    "concatenate",
    "conj",
    "conjugate",
    "copy",
    "corrcoef",
    "correlate",
    "cos",
    "cosh",
    "count_nonzero",
    "cross",
    "cumprod",
    "cumsum",
    "deg2rad",
    "diag",
    "diagflat",
    "diagonal",
    "diff",
    "digitize",
    "divide",
    "divide_no_nan",
    "dot",
    "dsplit",
    "dstack",
    "einsum",
    "empty",
    "empty_like",
    "equal",
    "exp",
    "exp2",
    "expand_dims",
    "expm1",
    "eye",
    "fabs",
    "flip",
    "fliplr",
    "flipud",
    "floor",
    "floor_divide",
    "fmax",
    "fmin",
    "fmod",
    "full",
    "full_like",
    "gcd",
    "geomspace",
    "get_item",
    "greater",
    "greater_equal",
    "hamming",
    "hanning",
    "heaviside",
    "histogram",
    "hsplit",
    "hstack",
    "hypot",
    "i0",
    "identity",
    "imag",
    "inner",
    "isclose",
    "isfinite",
    "isin",
    "isinf",
    "isnan",
    "isneginf",
    "isposinf",
    "isreal",
    "kaiser",
    "kron",
    "lcm",
    "ldexp",
    "left_shift",
    "less",
    "less_equal",
    "linspace",
    "log",
    "log10",
    "log1p",
    "log2",
    "logaddexp",
    "logaddexp2",
    "logical_and",
    "logical_not",
    "logical_or",
    "logical_xor",
    "logspace",
    "matmul",
    "max",
    "maximum",
    "mean",
    "median",
    "meshgrid",
    "min",
    "minimum",
    "mod",
    "moveaxis",
    "multiply",
    "nan_to_num",
    "nanargmax",
    "nanargmin",
    "nancumprod",
    "nancumsum",
    "nanmax",
    "nanmean",
    "nanmedian",
    "nanmin",
    "nanpercentile",
    "nanprod",
    "nanquantile",
    "nanstd",
    "nansum",
    "nanvar",
    "ndim",
    "negative",
    "nextafter",
    "nonzero",
    "not_equal",
    "ones",
    "ones_like",
    "outer",
    "pad",
    "percentile",
    "power",
    "prod",
    "ptp",
    "quantile",
    "rad2deg",
    "ravel",
    "real",
    "reciprocal",
    "repeat",
    "reshape",
    "right_shift",
    "roll",
    "rot90",
    "round",
    "searchsorted",
    "select",
    "sign",
    "signbit",
    "sin",
    "sinc",
    "sinh",
    "size",
    "slogdet",
    "sort",
    "split",
    "sqrt",
    "square",
    "squeeze",
    "stack",
    "std",
    "subtract",
    "sum",
    "swapaxes",
    "take",
    "take_along_axis",
    "tan",
    "tanh",
    "tensordot",
    "tile",
    "trace",
    "transpose",
    "trapezoid",
    "tri",
    "tril",
    "triu",
    "true_divide",
    "trunc",
    "unique",
    "unravel_index",
    "vander",
    "var",
    "vdot",
    "vectorize",
    "view",
    "vsplit",
    "vstack",
    "where",
    "zeros",
    "zeros_like",
]
