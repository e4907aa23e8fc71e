"""Element-wise math, comparisons, `cast`, `matmul`, `add_n`, `einsum` (`tf.math.*`).

Mirrors `tensorflow/python/ops/math_ops.py` and the generated `gen_math_ops`.
Every op accepts tensors, Variables, numpy arrays and Python values. As in TF,
two tensor operands must share a dtype (no silent promotion) and a Python
operand takes the dtype of the tensor operand (`x * 2` on float32 is float32;
`int_tensor * 2.5` raises `TypeError`).

Example:
    >>> a = tf.constant([1., 2., 3., 4., 5., 6.], shape=[2, 3])
    >>> b = tf.constant([1., 2., 3., 4., 5., 6.], shape=[3, 2])
    >>> tf.matmul(a, b)          # [[22. 28.] [49. 64.]]
"""

import functools

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.ops import dtype_promotion, dtypes
from keraslike._src.ops import string_array_ops as _str
from keraslike._src.ops import value_semantics
from keraslike._src.ops.cached_logits import cache_logits
from keraslike._src.ops.string_tensor import has_strings
from keraslike._src.ragged.ragged_tensor import RaggedTensor, ragged_binary, use_tf_ops
from keraslike._src.ops.conversion import binary_operands, check_broadcastable, to_tensor
from keraslike._src.placement import log as _log
from keraslike._src.ragged.ragged_dispatch import on_flat_values, on_flat_values_binary
from keraslike._src.ragged import ragged_array_ops
from keraslike._src.sparse.sparse_dispatch import on_sparse_values

# TF op types the placement log prints (eager type, TF1 default node name) where the
# CamelCase of the Python name is not it.
_OP_TYPES = {
    "add": ("AddV2", "Add"), "subtract": ("Sub", "Sub"), "multiply": ("Mul", "Mul"),
    "divide": ("RealDiv", "truediv"), "negative": ("Neg", "Neg"), "pow": ("Pow", "Pow"),
    "floordiv": ("FloorDiv", "floordiv"), "floormod": ("FloorMod", "FloorMod"),
    "truncatemod": ("TruncateMod", "TruncateMod"), "logical_not": ("LogicalNot", "LogicalNot"),
    "not_equal": ("NotEqual", "NotEqual"), "greater_equal": ("GreaterEqual", "GreaterEqual"),
    "less_equal": ("LessEqual", "LessEqual"), "is_nan": ("IsNan", "IsNan"), "is_inf": ("IsInf", "IsInf"),
    "is_finite": ("IsFinite", "IsFinite"), "squared_difference": ("SquaredDifference", "SquaredDifference"),
}


def _op_type(short):
    return _OP_TYPES.get(short) or ("".join(p.capitalize() for p in short.split("_")),) * 2


def _is_float(t):
    return t.is_floating_point() or t.is_complex()


def _require_float(t, op_name, arg_name="x"):
    if not _is_float(t):
        raise TypeError(
            f"`{op_name}` expects a floating point or complex tensor (TF allows no integer or bool "
            f"input here; use tf.cast). Received: {arg_name} with dtype={dtypes.dtype_name(t.dtype)}"
        )


def _require_bool(t, op_name, arg_name="x"):
    if t.dtype != torch.bool:
        raise TypeError(
            f"`{op_name}` expects a bool tensor. Received: {arg_name} with "
            f"dtype={dtypes.dtype_name(t.dtype)}"
        )


# ---- unary ops ---------------------------------------------------------------------------------


def _unary(tf_name, fn, kind="any", doc=""):
    """Build a TF unary op: `kind` is "any", "float" (float/complex only) or "bool"."""

    def op(x, name=None):
        if isinstance(x, RaggedTensor):  # TF's ragged dispatch: the op on the flat values
            return x.with_flat_values(op(x.flat_values))
        x = to_tensor(x, None, "x")
        if kind == "float":
            _require_float(x, tf_name)
        elif kind == "bool":
            _require_bool(x, tf_name)
        out = fn(x)
        if _log.TRACE.on:
            _log.record(op_type, out, (x,), name, default_name)
        return out

    short = tf_name.rsplit(".", 1)[-1]
    op_type, default_name = _op_type(short)
    op.__name__ = op.__qualname__ = short
    op.__doc__ = (
        f"`{tf_name}(x)`: {doc}\n\n"
        "Mirrors `tensorflow/python/ops/math_ops.py` (generated kernel).\n\n"
        "Args:\n    x: tensor or array-like.\n    name: ignored.\n\n"
        "Returns:\n    `torch.Tensor` of the same shape"
        + (" and dtype.\n" if kind != "bool" else " (bool).\n")
        + ("\nRaises:\n    TypeError: if `x` is not floating point or complex.\n" if kind == "float" else "")
    )
    return op


def _round_half_even(x):
    return torch.round(x) if _is_float(x) else x


abs = _unary("tf.math.abs", torch.abs, doc="absolute value |x| (magnitude for complex).")
negative = _unary("tf.math.negative", torch.neg, doc="-x.")
def _sign(x):
    return torch.sgn(x) if x.is_complex() else torch.sign(x)  # complex: x / |x| (0 at 0), as TF


sign = _unary("tf.math.sign", _sign, doc="-1, 0 or 1 by the sign of x; x / |x| for complex x (0 at 0).")
square = _unary("tf.math.square", torch.square, doc="x * x.")
exp = _unary("tf.math.exp", torch.exp, "float", "e ** x.")
expm1 = _unary("tf.math.expm1", torch.expm1, "float", "e ** x - 1, accurate near 0.")
log = _unary("tf.math.log", torch.log, "float", "natural logarithm.")
log1p = _unary("tf.math.log1p", torch.log1p, "float", "log(1 + x), accurate near 0.")
sqrt = _unary("tf.math.sqrt", torch.sqrt, "float", "square root.")
rsqrt = _unary("tf.math.rsqrt", torch.rsqrt, "float", "1 / sqrt(x).")
reciprocal = _unary("tf.math.reciprocal", torch.reciprocal, "float", "1 / x.")
def _sigmoid_with_logits(x):
    """`torch.sigmoid(x)` carrying `x` as its logits for the cross-entropy losses (ops/cached_logits.py)."""
    return cache_logits(torch.sigmoid(x), x)


sigmoid = _unary("tf.math.sigmoid", _sigmoid_with_logits, "float", "1 / (1 + exp(-x)).")
log_sigmoid = _unary("tf.math.log_sigmoid", torch.nn.functional.logsigmoid, "float", "log(sigmoid(x)).")
tanh = _unary("tf.math.tanh", torch.tanh, "float", "hyperbolic tangent.")
softplus = _unary("tf.math.softplus", torch.nn.functional.softplus, "float", "log(exp(x) + 1).")
softsign = _unary("tf.math.softsign", torch.nn.functional.softsign, "float", "x / (abs(x) + 1).")
sin = _unary("tf.math.sin", torch.sin, "float", "sine.")
cos = _unary("tf.math.cos", torch.cos, "float", "cosine.")
tan = _unary("tf.math.tan", torch.tan, "float", "tangent.")
asin = _unary("tf.math.asin", torch.asin, "float", "arc sine.")
acos = _unary("tf.math.acos", torch.acos, "float", "arc cosine.")
atan = _unary("tf.math.atan", torch.atan, "float", "arc tangent.")
sinh = _unary("tf.math.sinh", torch.sinh, "float", "hyperbolic sine.")
cosh = _unary("tf.math.cosh", torch.cosh, "float", "hyperbolic cosine.")
acosh = _unary("tf.math.acosh", torch.acosh, "float", "inverse hyperbolic cosine (NaN below 1).")
asinh = _unary("tf.math.asinh", torch.asinh, "float", "inverse hyperbolic sine.")
atanh = _unary("tf.math.atanh", torch.atanh, "float", "inverse hyperbolic tangent (+-inf at +-1).")
erf = _unary("tf.math.erf", torch.erf, "float", "Gauss error function.")
lgamma = _unary("tf.math.lgamma", torch.lgamma, "float", "log |Gamma(x)|.")
def no_gradient(fn):
    """`fn` whose result is not connected to its input for tapes, as TF registers no gradient for Floor, Ceil,
    Round and Rint (`tape.gradient` of such a result alone is None; torch's kernels give zeros)."""

    @functools.wraps(fn)
    def detached(x):
        return fn(x).detach()

    return detached


floor = _unary("tf.math.floor", no_gradient(torch.floor), "float", "largest integer not greater than x.")
ceil = _unary("tf.math.ceil", no_gradient(torch.ceil), "float", "smallest integer not less than x.")
round = _unary(
    "tf.math.round", no_gradient(_round_half_even), doc="nearest integer, halves to even (banker's rounding)."
)
is_nan = _unary("tf.math.is_nan", torch.isnan, "float", "True where x is NaN (bool result).")
is_inf = _unary("tf.math.is_inf", torch.isinf, "float", "True where x is +-inf (bool result).")
is_finite = _unary("tf.math.is_finite", torch.isfinite, "float", "True where x is finite (bool result).")
logical_not = _unary("tf.math.logical_not", torch.logical_not, "bool", "element-wise NOT.")
real = _unary("tf.math.real", lambda x: x.real if x.is_complex() else x, doc="real part.")
imag = _unary("tf.math.imag", lambda x: x.imag if x.is_complex() else torch.zeros_like(x), doc="imag part.")
conj = _unary("tf.math.conj", lambda x: x.conj().resolve_conj() if x.is_complex() else x, doc="conjugate.")


# ---- binary ops --------------------------------------------------------------------------------


def _binary(tf_name, fn, kind="any", doc=""):
    """Build a TF binary op with broadcasting and TF's operand conversion."""

    def op(x, y, name=None):
        if isinstance(x, RaggedTensor) or isinstance(y, RaggedTensor):  # TF's ragged dispatch
            return ragged_binary(x, y, op)
        x, y = binary_operands(x, y, tf_name)
        if kind == "float":
            _require_float(x, tf_name)
        elif kind == "bool":
            _require_bool(x, tf_name)
        try:
            out = fn(x, y)
        except RuntimeError:
            check_broadcastable(x.shape, y.shape, op_name=tf_name)  # TF's InvalidArgumentError when they do not
            raise
        if _log.TRACE.on:
            _log.record(op_type, out, (x, y), name, default_name)
        return out

    op.__name__ = op.__qualname__ = tf_name.rsplit(".", 1)[-1]
    op_type, default_name = _op_type(op.__name__)
    op.__doc__ = (
        f"`{tf_name}(x, y)`: {doc} Broadcasts like numpy.\n\n"
        "Mirrors `tensorflow/python/ops/math_ops.py`.\n\n"
        "Args:\n    x: tensor or array-like.\n    y: tensor or array-like; converted to `x`'s dtype\n"
        "        when it is not a tensor (and vice versa).\n    name: ignored.\n\n"
        "Returns:\n    `torch.Tensor` of the broadcast shape.\n\n"
        "Raises:\n    TypeError: if two tensors of different dtypes are given, or a Python value\n"
        "        cannot be represented in the tensor's dtype.\n"
    )
    return op


def _truediv(x, y):
    # TF's truediv: int8/int16/uint8 -> float32, int32/int64 -> float64.
    if not _is_float(x):
        target = torch.float64 if x.dtype in (torch.int32, torch.int64) else torch.float32
        x, y = x.to(target), y.to(target)
    return torch.div(x, y)


def _floordiv(x, y):
    return torch.div(x, y, rounding_mode="floor")


def _maximum(x, y):
    # TF routes the gradient of ties to `x` and propagates NaN from either side.
    keep_x = x >= y
    if _is_float(x):
        keep_x = torch.logical_or(keep_x, torch.isnan(x))
    return torch.where(keep_x, x, y)


def _minimum(x, y):
    keep_x = x <= y
    if _is_float(x):
        keep_x = torch.logical_or(keep_x, torch.isnan(x))
    return torch.where(keep_x, x, y)


maximum_ties_to_x, minimum_ties_to_x = _maximum, _minimum  # TF's Maximum/Minimum gradients (keras.ops too)


def _divide_no_nan(x, y):
    zero = y == 0
    safe = torch.where(zero, torch.ones_like(y), y)
    return torch.where(zero, torch.zeros_like(x), x / safe)


def _xdivy(x, y):
    """0 where x == 0 (whatever y), else x / y: `xdivy(1., 0.)` is inf, as TF."""
    zero = x == 0
    safe = torch.where(zero, torch.ones_like(y), y)  # no 0/0 in the branch not taken (its gradient would be NaN)
    return torch.where(zero, torch.zeros_like(x / safe), x / safe)


def _multiply_no_nan(x, y):
    return torch.where(y == 0, torch.zeros_like(x * y), x * y)


def _with_strings(op, string_op):
    """`op`, sending string operands to `string_op` (TF registers these kernels for tf.string too)."""

    @functools.wraps(op)
    def dispatch(x, y, name=None):
        if has_strings(x, y):
            return string_op(x, y)
        return op(x, y, name)

    return dispatch


def _truncatediv(x, y):
    return torch.div(x, y, rounding_mode="trunc")


def _realdiv(x, y):
    if not (_is_float(x) or x.is_complex()):
        raise errors.NotFoundError(
            f"`tf.realdiv` is defined for floating-point and complex tensors only, as TF's RealDiv kernels (use "
            f"tf.math.truediv or tf.math.truncatediv for integers). Received: x with dtype={x.dtype.name}")
    return torch.div(x, y)


def _numpy_first(op):
    """`tf.add` converts `x` on its own first (TF's `math_ops.add`), so a numpy `x` keeps its dtype and must match
    a tensor `y` (`tf.add(np.int8(1), tf.constant(1))` is InvalidArgumentError, `tf.add(tf.constant(1), np.int8(1))`
    is int32), unlike the other binary ops, whose tensor operand decides."""

    @functools.wraps(op)
    def add(x, y, name=None):
        if (isinstance(x, (np.ndarray, np.generic)) and isinstance(y, torch.Tensor) and x.dtype.kind in "biufc"
                and dtype_promotion.state.mode not in ("all", "safe") and dtypes.as_dtype(x.dtype) != y.dtype):
            raise errors.InvalidArgumentError(
                f"tf.math.add converts `x` first: a numpy `x` of dtype {x.dtype} cannot be added to a "
                f"{dtypes.dtype_name(y.dtype)} tensor `y`; cast one of them. Received: x.dtype={x.dtype}, "
                f"y.dtype={dtypes.dtype_name(y.dtype)}")
        return op(x, y, name)

    return add


add = _numpy_first(_with_strings(
    _binary("tf.math.add", torch.add, doc="x + y (elementwise concatenation for strings)."), _str.add))
subtract = _binary("tf.math.subtract", torch.sub, doc="x - y.")
multiply = _binary("tf.math.multiply", torch.mul, doc="x * y.")
divide = truediv = _binary(
    "tf.math.divide", _truediv, doc="x / y; integer inputs give float (int32/int64 -> float64)."
)
floordiv = _binary("tf.math.floordiv", _floordiv, doc="floor(x / y), integer for integer inputs.")
floormod = mod = _binary("tf.math.floormod", torch.remainder, doc="x - floor(x / y) * y (sign of y).")
truncatemod = _binary("tf.math.truncatemod", torch.fmod, doc="remainder with the sign of x.")
truncatediv = _binary("tf.math.truncatediv", _truncatediv, doc="x / y rounded toward zero (C division).")
realdiv = _binary("tf.realdiv", _realdiv,
                  doc="x / y for floating-point and complex tensors (integers raise tf.errors.NotFoundError).")
pow = _binary("tf.math.pow", torch.pow, doc="x ** y.")
maximum = _binary("tf.math.maximum", _maximum, doc="max(x, y); ties send the gradient to x.")
minimum = _binary("tf.math.minimum", _minimum, doc="min(x, y); ties send the gradient to x.")
squared_difference = _binary("tf.math.squared_difference", lambda x, y: torch.square(x - y), doc="(x - y)^2.")
divide_no_nan = _binary("tf.math.divide_no_nan", _divide_no_nan, "float", "x / y, 0 where y == 0.")
multiply_no_nan = _binary("tf.math.multiply_no_nan", _multiply_no_nan, "float", "x * y, 0 where y == 0.")
atan2 = _binary("tf.math.atan2", torch.atan2, "float", "atan(y / x) by quadrant (args are y, x).")
xdivy = _binary("tf.math.xdivy", _xdivy, "float", "x / y, 0 where x == 0 (inf where only y is 0).")
equal = _with_strings(_binary("tf.math.equal", torch.eq, doc="x == y (bool result; strings too)."), _str.equal)
not_equal = _with_strings(_binary("tf.math.not_equal", torch.ne, doc="x != y (bool result; strings too)."),
                          _str.not_equal)
greater = _binary("tf.math.greater", torch.gt, doc="x > y (bool result).")
greater_equal = _binary("tf.math.greater_equal", torch.ge, doc="x >= y (bool result).")
less = _binary("tf.math.less", torch.lt, doc="x < y (bool result).")
less_equal = _binary("tf.math.less_equal", torch.le, doc="x <= y (bool result).")
logical_and = _binary("tf.math.logical_and", torch.logical_and, "bool", "x AND y.")
logical_or = _binary("tf.math.logical_or", torch.logical_or, "bool", "x OR y.")
logical_xor = _binary("tf.math.logical_xor", torch.logical_xor, "bool", "x XOR y.")

use_tf_ops(  # RaggedTensor's Python operators, as TF's ragged_operators.py assigns them
    add=add, subtract=subtract, multiply=multiply, truediv=truediv, floordiv=floordiv, floormod=floormod, pow=pow,
    greater=greater, greater_equal=greater_equal, less=less, less_equal=less_equal, equal=equal,
    not_equal=not_equal, logical_and=logical_and, logical_or=logical_or, logical_xor=logical_xor,
    negative=negative, abs=abs, logical_not=logical_not,
)


def scalar_mul(scalar, x, name=None):
    """`tf.math.scalar_mul(scalar, x)`: `scalar * x` with `scalar` a Python/0-d value."""
    if isinstance(x, RaggedTensor):  # TF's ragged dispatch (ragged/ragged_array_ops.py)
        return x.with_flat_values(scalar_mul(scalar, x.flat_values))
    x, scalar = binary_operands(x, scalar, "tf.math.scalar_mul", "x", "scalar")
    if scalar.dim() != 0:
        raise ValueError(
            f"Expected `scalar` to be a scalar. "
            f"Received: scalar with shape={tuple(scalar.shape)}"
        )
    return x * scalar


def complex(real, imag, name=None):
    """`tf.complex(real, imag)`: `real + imag * 1j` element-wise, broadcast.

    Mirrors `tensorflow/python/ops/math_ops.py` (`complex`).

    Args:
        real: float32 or float64 tensor (or array-like).
        imag: tensor of the same dtype.
        name: ignored.

    Returns:
        complex64 for float32 inputs, complex128 for float64.

    Raises:
        TypeError: for other dtypes, or `real` and `imag` of different dtypes.
    """
    real, imag = binary_operands(real, imag, "tf.complex", "real", "imag")
    if real.dtype not in (torch.float32, torch.float64):
        raise TypeError(f"`tf.complex` expects float32 or float64 inputs. Received: real.dtype={real.dtype.name}")
    real, imag = torch.broadcast_tensors(real, imag)
    return torch.complex(real, imag)


# ---- dtype change ------------------------------------------------------------------------------


@value_semantics.no_variable_views
def cast(x, dtype, name=None):
    """`tf.cast(x, dtype)`: change dtype. Mirrors `tensorflow/python/ops/math_ops.py` (`cast`).

    Float -> int truncates toward zero; complex -> real keeps the real part;
    anything -> bool is `x != 0`. Gradients flow between floating dtypes.

    Args:
        x: tensor or array-like.
        dtype: target dtype (`tf.float32`, `"int64"`, `np.float32`, ...).
        name: ignored.

    Returns:
        `torch.Tensor` of dtype `dtype` (`x` itself if it already has it).

    Raises:
        TypeError: if `dtype` is not a known dtype.
        string_array_ops.StringCastError (a `tf.errors.UnimplementedError` and a `TypeError`): for a
            cast to or from `tf.string` (as TF; use `tf.strings.to_number` / `tf.strings.as_string`).
    """
    dtype = dtypes.as_dtype(dtype)
    if isinstance(x, RaggedTensor):
        return x.with_flat_values(cast(x.flat_values, dtype))
    if has_strings(x):
        if dtype is dtypes.string:
            return _str.identity(x)
        _str.cast_error(x, dtype)
    if dtype is dtypes.string:
        _str.cast_error(x, dtype)
    x = to_tensor(x, None, "x")
    if x.dtype == dtype:
        return x.view_as(x) if isinstance(x, torch.nn.Parameter) else x  # a Variable reads as a tensor
    if x.is_complex() and not dtype.is_complex:
        x = x.real
    if dtype == torch.bool:
        return x != 0
    return x.to(dtype)


def saturate_cast(value, dtype, name=None):
    """`tf.dtypes.saturate_cast`: cast, clamping to `dtype`'s range first."""
    dtype = dtypes.as_dtype(dtype)
    value = to_tensor(value, None, "value")
    if not dtype.is_floating_point and dtype != torch.bool:
        info = torch.iinfo(dtype)
        value = value.clamp(info.min, info.max)
    return cast(value, dtype)


# ---- n-ary -------------------------------------------------------------------------------------


def matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False,
           a_is_sparse=False, b_is_sparse=False, output_type=None, name=None):
    """`tf.linalg.matmul`: (batched) matrix product `a @ b`.

    Mirrors `tensorflow/python/ops/math_ops.py` (`matmul`).

    Args:
        a: tensor of shape `[..., M, K]` (`[..., K, M]` with `transpose_a`), rank >= 2.
        b: tensor of shape `[..., K, N]` (`[..., N, K]` with `transpose_b`), rank >= 2,
            same dtype as `a`; batch dimensions broadcast.
        transpose_a, transpose_b: transpose the last two dims first.
        adjoint_a, adjoint_b: conjugate-transpose the last two dims first.
        a_is_sparse, b_is_sparse: hints, ignored.
        output_type: optional dtype of the result.
        name: ignored.

    Returns:
        `torch.Tensor` of shape `[..., M, N]`.

    Raises:
        ValueError: for rank < 2; InvalidArgumentError (a ValueError), as TF, for incompatible inner dimensions.
        TypeError: for different dtypes.
    """
    if isinstance(a, RaggedTensor) or isinstance(b, RaggedTensor):  # TF's ragged dispatch: uniform rows only
        a, b = (ragged_array_ops.uniform_to_dense(v, "tf.linalg.matmul") if isinstance(v, RaggedTensor) else v
                for v in (a, b))
    a, b = binary_operands(a, b, "tf.matmul", "a", "b")
    for arg, t in (("a", a), ("b", b)):
        if t.dim() < 2:
            raise ValueError(
                f"`tf.matmul` expects tensors of rank >= 2 (use tf.tensordot or tf.linalg.matvec for "
                f"vectors). Received: {arg} with shape={list(t.shape)}"
            )
    if transpose_a or adjoint_a:
        a = a.transpose(-1, -2).conj() if adjoint_a else a.transpose(-1, -2)
    if transpose_b or adjoint_b:
        b = b.transpose(-1, -2).conj() if adjoint_b else b.transpose(-1, -2)
    if a.shape[-1] != b.shape[-2]:
        raise errors.InvalidArgumentError(
            None, "MatMul", f"Matrix size-incompatible for `tf.matmul`: {list(a.shape)} @ {list(b.shape)} "
            f"(after transposes). Received: a.shape={list(a.shape)}, b.shape={list(b.shape)}"
        )
    if not _is_float(a) and a.device.type != "cpu":  # integer GEMM: CPU kernel only
        out = torch.matmul(a.cpu(), b.cpu()).to(a.device)
    else:
        out = torch.matmul(a, b)
    out = out if output_type is None else out.to(dtypes.as_dtype(output_type))
    if _log.TRACE.on:
        _log.record("MatMul" if out.dim() == 2 else "BatchMatMulV2", out, (a, b), name)
    return out


def add_n(inputs, name=None):
    """`tf.math.add_n(inputs)`: element-wise sum of a list of same-shape, same-dtype tensors.

    Mirrors `tensorflow/python/ops/math_ops.py` (`add_n`).

    Raises:
        ValueError: if `inputs` is empty or the shapes differ.
        TypeError: if the dtypes differ.
    """
    if isinstance(inputs, (list, tuple)) and inputs and isinstance(inputs[0], RaggedTensor):
        return ragged_array_ops.add_n(list(inputs), add_n)  # TF's ragged dispatch
    if isinstance(inputs, torch.Tensor) or not isinstance(inputs, (list, tuple)) or not inputs:
        raise ValueError(
            f"Expected `inputs` to be a non-empty list of tensors. Received: inputs={inputs!r:.80}"
        )
    first = to_tensor(inputs[0], None, "inputs[0]")
    out = first
    converted = [first]
    for i, t in enumerate(inputs[1:], 1):
        t = to_tensor(t, first.dtype, f"inputs[{i}]", first.device)
        if t.shape != first.shape:
            raise errors.InvalidArgumentError(
                None, "AddN", f"`tf.add_n` expects all inputs to have the same shape. Received: inputs[0].shape="
                f"{list(first.shape)}, inputs[{i}].shape={list(t.shape)}"
            )
        out = out + t
        converted.append(t)
    out = out if len(inputs) > 1 else torch.Tensor.clone(out)
    if _log.TRACE.on:
        _log.record("AddN", out, converted, name)
    return out


def einsum(equation, *inputs, **kwargs):
    """`tf.einsum(equation, *inputs)`: Einstein summation.

    Mirrors `tensorflow/python/ops/special_math_ops.py`.

    `name` and `optimize` (TF's contraction-order hint; torch picks its own order) are accepted.

    Raises:
        TypeError: if the inputs have different dtypes, or for other keyword arguments (as TF).
    """
    unknown = set(kwargs) - {"name", "optimize"}
    if unknown:
        raise TypeError(f"Invalid keyword arguments for this function: {', '.join(sorted(unknown))}. "
                        f"Received: kwargs={kwargs}")
    tensors = [to_tensor(t, None, f"inputs[{i}]") for i, t in enumerate(inputs)]
    for i, t in enumerate(tensors[1:], 1):
        if t.dtype != tensors[0].dtype:
            raise TypeError(
                f"`tf.einsum` expects inputs of one dtype. Received: inputs[0].dtype="
                f"{dtypes.dtype_name(tensors[0].dtype)}, inputs[{i}].dtype={dtypes.dtype_name(t.dtype)}"
            )
    return torch.einsum(equation, *tensors)


def clip_by_value(t, clip_value_min, clip_value_max, name=None):
    """`tf.clip_by_value(t, min, max)`: clamp element-wise; gradient passes where min <= t <= max.

    Mirrors `tensorflow/python/ops/clip_ops.py`. `min`/`max` broadcast and take `t`'s dtype.
    """
    t = to_tensor(t, None, "t")
    lo = to_tensor(clip_value_min, t.dtype, "clip_value_min", t.device)
    hi = to_tensor(clip_value_max, t.dtype, "clip_value_max", t.device)
    return clamp_as_tf(t, lo, hi)


def clamp_as_tf(t, lo, hi):
    """`torch.clamp(t, lo, hi)` with TF's gradient (minimum then maximum, ties to `t`): 1 for `t` wherever
    lo <= t <= hi, edges included (torch's clamp gives 0 with scalar bounds, 0.5 with tensor bounds there)."""
    clamped = torch.clamp(t, lo, hi)
    grads = [v.requires_grad for v in (t, lo, hi) if isinstance(v, torch.Tensor)]
    if not (torch.is_grad_enabled() and any(grads)):
        return clamped
    inside = t >= lo if hi is None else (t <= hi if lo is None else (t >= lo) & (t <= hi))
    return torch.where(inside, t, clamped)


def sqrt_sum_squares(x, dim=None, keepdim=False):
    """`sqrt(sum(x * conj(x)))` over `dim` (all when None), as TF computes Euclidean and Frobenius norms: the same
    value as torch's norms, and TF's gradient at a zero norm (NaN; torch's norm kernels give 0)."""
    squares = (x * x.conj()).real if x.is_complex() else x * x
    total = squares.sum() if dim is None else squares.sum(dim=dim, keepdim=keepdim)
    if dim is None and keepdim:
        total = total.reshape([1] * x.dim())
    return torch.sqrt(total)


def tensordot(a, b, axes, name=None):
    """`tf.tensordot(a, b, axes)`: contract `axes` (an int N: last N of `a` with first N of `b`,
    or a pair of axis lists). Mirrors `tensorflow/python/ops/math_ops.py` (`tensordot`).
    """
    a, b = binary_operands(a, b, "tf.tensordot", "a", "b")
    if isinstance(axes, torch.Tensor):
        axes = axes.tolist()
    return torch.tensordot(a, b, dims=axes)


# TF's ragged dispatch: these ops run on a RaggedTensor's flat values (ragged/ragged_dispatch.py)
saturate_cast = on_flat_values(saturate_cast)
clip_by_value = on_flat_values(clip_by_value)

# TF's sparse dispatch: these zero-preserving ops map a SparseTensor's values (sparse/sparse_dispatch.py)
abs = on_sparse_values(abs)
negative = on_sparse_values(negative)
asinh = on_sparse_values(asinh)
sin = on_sparse_values(sin)
tan = on_sparse_values(tan)
atan = on_sparse_values(atan)
asin = on_sparse_values(asin)
atanh = on_sparse_values(atanh)
sign = on_sparse_values(sign)
square = on_sparse_values(square)
sqrt = on_sparse_values(sqrt)
erf = on_sparse_values(erf)
tanh = on_sparse_values(tanh)
cast = on_sparse_values(cast)

# TF's ragged dispatch (ragged/ragged_dispatch.py)
complex = on_flat_values_binary(complex)
