"""`tf.debugging.assert_*`, `tf.debugging.check_numerics`, `tf.Assert`: run-time checks, eagerly.

Mirrors `tensorflow/python/ops/check_ops.py`, `control_flow_assert.py` and `numerics.py`.
Eager TF raises as soon as a check fails, and so does keraslike:

- value checks (`assert_equal`, `assert_less`, `assert_near`, `assert_positive`, `Assert`,
  `check_numerics`, ...) raise `tf.errors.InvalidArgumentError` (also a `ValueError`) whose
  message names the condition, the first differing indices and values;
- static checks (`assert_rank*`, `assert_shapes`, `assert_scalar`) raise `ValueError`;
- dtype checks (`assert_type`, `assert_integer`, `assert_same_float_dtype`) raise `TypeError`.
Checks return None (TF eager returns None too); `check_numerics` returns its input.

Example:
    >>> tf.debugging.assert_equal(tf.constant([1, 2]), [1, 2])          # passes, returns None
    >>> tf.debugging.assert_less(tf.constant([1, 5]), 3)                 # InvalidArgumentError
"""

import numbers

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.ops import dtypes
from keraslike._src.ops import string_array_ops
from keraslike._src.ops.conversion import binary_operands, convert_to_tensor
from keraslike._src.ops.string_tensor import has_strings, string_tensor
from keraslike._src.ops.printing import format_tensor
from keraslike._src.ragged.ragged_dispatch import on_flat_value_pairs, on_flat_values

_FIRST_N = 3


def _tensor(x, arg_name="x"):
    return x if isinstance(x, torch.Tensor) else convert_to_tensor(x)


def _prefix(message):
    return f"{message}\n" if message else ""


def _summary(t, summarize):
    n = _FIRST_N if summarize is None else int(summarize)
    flat = t.detach().reshape(-1)
    return format_tensor(flat[:n] if n >= 0 else flat, summarize=-1)


def _binary_assert(x, y, compare, symbol, message, summarize, op_name):
    x_t, y_t = binary_operands(x, y, op_name)
    try:
        holds = compare(x_t, y_t)
    except RuntimeError as err:
        raise errors.InvalidArgumentError(f"{_prefix(message)}Incompatible shapes: {tuple(x_t.shape)} vs. "
                                          f"{tuple(y_t.shape)}") from err
    if bool(holds.all()):
        return None
    bx, by = torch.broadcast_tensors(x_t, y_t)
    bad = (~holds).nonzero()[:_FIRST_N if summarize is None else int(summarize)]
    index = tuple(bad.t())
    raise errors.InvalidArgumentError(
        f"{_prefix(message)}Condition x {symbol} y did not hold.\n"
        f"Indices of first {bad.shape[0]} different values:\n{format_tensor(bad, summarize=-1)}\n"
        f"Corresponding x values:\n{format_tensor(bx[index], summarize=-1)}\n"
        f"Corresponding y values:\n{format_tensor(by[index], summarize=-1)}\n"
        f"First {_FIRST_N if summarize is None else summarize} elements of x:\n{_summary(x_t, summarize)}\n"
        f"First {_FIRST_N if summarize is None else summarize} elements of y:\n{_summary(y_t, summarize)}"
    )


def _string_assert(x, y, equal, message):
    """assert_equal / assert_none_equal of string tensors (TF's Equal/NotEqual string kernels)."""
    holds = string_array_ops.equal(x, y) if equal else string_array_ops.not_equal(x, y)
    if bool(holds.all()):
        return None
    symbol = "==" if equal else "!="
    raise errors.InvalidArgumentError(
        f"{_prefix(message)}Condition x {symbol} y did not hold.\nx: {string_tensor(x)!s}\ny: {string_tensor(y)!s}. "
        f"Received: x and y with {int((~holds).sum())} elements where x {symbol} y is false")


def assert_equal(x, y, message=None, summarize=None, name=None):
    """`tf.debugging.assert_equal(x, y)`: every (broadcast) element of x == y, else InvalidArgumentError."""
    if has_strings(x, y):
        return _string_assert(x, y, True, message)
    return _binary_assert(x, y, torch.eq, "==", message, summarize, "assert_equal")


def assert_none_equal(x, y, message=None, summarize=None, name=None):
    """`tf.debugging.assert_none_equal(x, y)`: every element of x != y."""
    if has_strings(x, y):
        return _string_assert(x, y, False, message)
    return _binary_assert(x, y, torch.ne, "!=", message, summarize, "assert_none_equal")


def assert_less(x, y, message=None, summarize=None, name=None):
    """`tf.debugging.assert_less(x, y)`: every element of x < y."""
    return _binary_assert(x, y, torch.lt, "<", message, summarize, "assert_less")


def assert_less_equal(x, y, message=None, summarize=None, name=None):
    """`tf.debugging.assert_less_equal(x, y)`: every element of x <= y."""
    return _binary_assert(x, y, torch.le, "<=", message, summarize, "assert_less_equal")


def assert_greater(x, y, message=None, summarize=None, name=None):
    """`tf.debugging.assert_greater(x, y)`: every element of x > y."""
    return _binary_assert(x, y, torch.gt, ">", message, summarize, "assert_greater")


def assert_greater_equal(x, y, message=None, summarize=None, name=None):
    """`tf.debugging.assert_greater_equal(x, y)`: every element of x >= y."""
    return _binary_assert(x, y, torch.ge, ">=", message, summarize, "assert_greater_equal")


def _sign_assert(x, compare, text, message, summarize, op_name):
    t = _tensor(x)
    if t.numel() == 0 or bool(compare(t, torch.zeros((), dtype=t.dtype, device=t.device)).all()):
        return None
    raise errors.InvalidArgumentError(f"{_prefix(message)}Condition x {text} did not hold element-wise:\n"
                                      f"x (shape={tuple(t.shape)}) = {_summary(t, summarize)}")


def assert_negative(x, message=None, summarize=None, name=None):
    """`tf.debugging.assert_negative(x)`: every element < 0."""
    return _sign_assert(x, torch.lt, "< 0", message, summarize, "assert_negative")


def assert_positive(x, message=None, summarize=None, name=None):
    """`tf.debugging.assert_positive(x)`: every element > 0."""
    return _sign_assert(x, torch.gt, "> 0", message, summarize, "assert_positive")


def assert_non_negative(x, message=None, summarize=None, name=None):
    """`tf.debugging.assert_non_negative(x)`: every element >= 0."""
    return _sign_assert(x, torch.ge, ">= 0", message, summarize, "assert_non_negative")


def assert_non_positive(x, message=None, summarize=None, name=None):
    """`tf.debugging.assert_non_positive(x)`: every element <= 0."""
    return _sign_assert(x, torch.le, "<= 0", message, summarize, "assert_non_positive")


def assert_near(x, y, rtol=None, atol=None, message=None, summarize=None, name=None):
    """`tf.debugging.assert_near(x, y, rtol=None, atol=None)`: `|x - y| <= atol + rtol * |y|` everywhere.

    The default `rtol` and `atol` are `10 * eps` of the dtype (TF's defaults; eps of float32 is
    1.19e-7). Integer inputs compare exactly.

    Raises:
        tf.errors.InvalidArgumentError: where the condition fails.
        TypeError: if x and y differ in dtype.
    """
    x_t, y_t = binary_operands(x, y, "assert_near")
    if x_t.is_floating_point() or x_t.is_complex():
        eps = 10 * torch.finfo(x_t.dtype).eps
        rtol = eps if rtol is None else float(rtol)
        atol = eps if atol is None else float(atol)
    else:
        rtol = 0.0 if rtol is None else float(rtol)
        atol = 0.0 if atol is None else float(atol)
    diff = (x_t - y_t).abs() if not x_t.dtype == torch.bool else (x_t != y_t)
    holds = diff <= atol + rtol * y_t.abs() if x_t.dtype != torch.bool else ~diff
    if bool(holds.all()):
        return None
    raise errors.InvalidArgumentError(
        f"{_prefix(message)}x and y not equal to tolerance rtol = {rtol}, atol = {atol}\n"
        f"x (shape={tuple(x_t.shape)}) = {_summary(x_t, summarize)}\n"
        f"y (shape={tuple(y_t.shape)}) = {_summary(y_t, summarize)}")


def _rank(x):
    return x.dim() if isinstance(x, torch.Tensor) else np.ndim(x)


def _shape(x):
    return tuple(x.shape) if hasattr(x, "shape") else np.shape(x)


def _int_arg(value, arg_name):
    if isinstance(value, torch.Tensor):
        if value.numel() != 1 or value.is_floating_point():
            raise ValueError(f"{arg_name} must be an integer scalar. Received: {arg_name}={value!r}")
        return int(value.item())
    if not isinstance(value, numbers.Integral):
        raise TypeError(f"{arg_name} must be an integer. Received: {arg_name}={value!r}")
    return int(value)


def assert_rank(x, rank, message=None, name=None):
    """`tf.debugging.assert_rank(x, rank)`. Raises ValueError when `x`'s rank is not `rank`."""
    want = _int_arg(rank, "rank")
    if _rank(x) != want:
        raise ValueError(f"{_prefix(message)}Tensor must have rank {want}. Received rank {_rank(x)}, "
                         f"shape {_shape(x)}")


def assert_rank_at_least(x, rank, message=None, name=None):
    """`tf.debugging.assert_rank_at_least(x, rank)`. Raises ValueError when the rank is lower."""
    want = _int_arg(rank, "rank")
    if _rank(x) < want:
        raise ValueError(f"{_prefix(message)}Tensor must have rank at least {want}. Received rank {_rank(x)}, "
                         f"shape {_shape(x)}")


def assert_rank_in(x, ranks, message=None, name=None):
    """`tf.debugging.assert_rank_in(x, ranks)`. Raises ValueError when the rank is not one of `ranks`."""
    wanted = [_int_arg(r, "ranks") for r in ranks]
    if _rank(x) not in wanted:
        raise ValueError(f"{_prefix(message)}Tensor must have rank in {tuple(wanted)}. Received rank {_rank(x)}, "
                         f"shape {_shape(x)}")


def assert_scalar(tensor, message=None, name=None):
    """`tf.debugging.assert_scalar(tensor)`: returns None; ValueError if the rank is not 0."""
    if _rank(tensor) != 0:
        raise ValueError(f"{_prefix(message)}Expected scalar shape, saw shape: {_shape(tensor)}.")


def _shape_items(shapes):
    if hasattr(shapes, "items"):
        return list(shapes.items())
    return list(shapes)


def assert_shapes(shapes, data=None, summarize=None, message=None, name=None):
    """`tf.debugging.assert_shapes([(tensor, spec), ...])`: shapes and named dimensions agree.

    Each spec is an iterable of dimensions: an int (exact size), a string symbol (every tensor
    using the same symbol must have the same size there), `None` or `"."` (any size). A leading
    `"..."` or `"*"` matches any number of leading dimensions. A string spec such as `"NQ"` is read
    letter by letter, as TF iterates it.

    Raises:
        ValueError: on a rank or size mismatch, naming the tensor's index, dimension and symbol.
    """
    sizes = {}
    for position, (tensor, spec) in enumerate(_shape_items(shapes)):
        shape = _shape(tensor)
        spec = list(spec) if not isinstance(spec, str) else list(spec)
        if spec[:1] in (["..."], ["*"]):
            spec = spec[1:]
            if len(shape) < len(spec):
                raise ValueError(f"{_prefix(message)}Specified by tensor {position} dimension ... "
                                 f"Tensor {position} must have rank at least {len(spec)}. Received rank "
                                 f"{len(shape)}, shape {shape}")
            shape = shape[len(shape) - len(spec):]
        elif len(shape) != len(spec):
            raise ValueError(f"{_prefix(message)}Tensor {position} must have rank {len(spec)}. Received rank "
                             f"{len(shape)}, shape {_shape(tensor)}")
        for dim, (size, want) in enumerate(zip(shape, spec)):
            if want is None or want == ".":
                continue
            if isinstance(want, str):
                if want not in sizes:
                    sizes[want] = (size, position, dim)
                    continue
                expected, where, where_dim = sizes[want]
                if size != expected:
                    raise ValueError(
                        f"{_prefix(message)}Specified by tensor {where} dimension {where_dim}. Tensor {position} "
                        f"dimension {dim} must have size {expected}. Received size {size}, shape {_shape(tensor)}")
            elif size != int(want):
                raise ValueError(f"{_prefix(message)}Tensor {position} dimension {dim} must have size {int(want)}. "
                                 f"Received size {size}, shape {_shape(tensor)}")


def _tf(dtype):
    """A dtype as TF prints it (`tf.float32`)."""
    return f"tf.{dtypes.dtype_name(dtype)}"


def _dtype_of(x):
    if isinstance(x, torch.Tensor):
        return x.dtype
    if isinstance(getattr(x, "dtype", None), torch.dtype) and hasattr(x, "dense_shape"):  # SparseTensor
        return x.dtype
    return _tensor(x).dtype


def assert_type(tensor, tf_type, message=None, name=None):
    """`tf.debugging.assert_type(tensor, tf_type)`: TypeError unless `tensor.dtype == tf_type`."""
    want = dtypes.as_dtype(tf_type)
    if _dtype_of(tensor) != want:
        raise TypeError(f"{_prefix(message)}tensor must be of type {_tf(want)}; got {_tf(_dtype_of(tensor))}")


def assert_integer(x, message=None, name=None):
    """`tf.debugging.assert_integer(x)`: TypeError unless `x` has an integer dtype."""
    dtype = _dtype_of(x)
    if dtype.is_floating_point or dtype.is_complex or dtype == torch.bool:
        raise TypeError(f"{_prefix(message)}Expected integer type for tensor, got {_tf(dtype)}")


def assert_same_float_dtype(tensors=None, dtype=None):
    """`tf.debugging.assert_same_float_dtype(tensors, dtype)`: the common float dtype (float32 if none given).

    Raises:
        ValueError: if the tensors' dtypes differ from each other or from `dtype`, or are not floating.
    """
    found = dtypes.as_dtype(dtype) if dtype is not None else None
    for t in tensors or []:
        if t is None:
            continue
        if found is None:
            found = _dtype_of(t)
        elif _dtype_of(t) != found:
            raise ValueError(f"Expected {_tf(found)}, got {_tf(_dtype_of(t))} for tensor {t!r:.80}.")
    if found is None:
        return torch.float32
    if not found.is_floating_point:
        raise ValueError(f"Expected floating point type, got {_tf(found)}.")
    return found


def assert_proper_iterable(values):
    """`tf.debugging.assert_proper_iterable(values)`: TypeError for tensors, arrays, strings or non-iterables."""
    if isinstance(values, (torch.Tensor, np.ndarray, str, bytes)):
        raise TypeError(f"Expected argument 'values' to be a \"proper\" iterable. Found: {type(values)}")
    if not hasattr(values, "__iter__"):
        raise TypeError(f"Expected argument 'values' to be iterable. Found: {type(values)}")


def is_numeric_tensor(tensor):
    """`tf.debugging.is_numeric_tensor(tensor)`: a tensor of a numeric (not bool) dtype."""
    return isinstance(tensor, torch.Tensor) and tensor.dtype != torch.bool


def _check_finite(t, message):
    if not (t.is_floating_point() or t.is_complex()):
        raise TypeError(f"check_numerics expects a floating-point tensor. Received: dtype={t.dtype}")
    if bool(torch.isfinite(t).all()):
        return
    has_nan, has_inf = bool(torch.isnan(t).any()), bool(torch.isinf(t).any())
    kind = "Inf and NaN" if has_nan and has_inf else ("NaN" if has_nan else "Inf")
    raise errors.InvalidArgumentError(f"{message} : Tensor had {kind} values")


def check_numerics(tensor, message, name=None):
    """`tf.debugging.check_numerics(tensor, message)`: `tensor`, or InvalidArgumentError on NaN/Inf."""
    t = _tensor(tensor)
    _check_finite(t, message)
    return tensor


def assert_all_finite(x, message, name=None):
    """`tf.debugging.assert_all_finite(x, message)`: `x`, or InvalidArgumentError on NaN/Inf."""
    return check_numerics(x, message, name)


def Assert(condition, data, summarize=None, name=None):
    """`tf.Assert(condition, data, summarize=None)`: InvalidArgumentError showing `data` when `condition` is False.

    Raises:
        ValueError: if `condition` is not a scalar.
        tf.errors.InvalidArgumentError: when it is False.
    """
    cond = _tensor(condition)
    if cond.numel() != 1:
        raise ValueError(f"Shape must be rank 0 but is rank {cond.dim()} for condition. "
                         f"Received: condition.shape={tuple(cond.shape)}")
    if bool(cond.reshape(())):
        return None
    n = 3 if summarize is None else int(summarize)
    shown = [format_tensor(d, summarize=n) if isinstance(d, torch.Tensor) else str(d) for d in data]
    raise errors.InvalidArgumentError(f"Expected '{format_tensor(cond, summarize=-1)}' to be true. "
                                      "Summarized data: " + "\n".join(shown))


# TF's ragged dispatch: these ops run on a RaggedTensor's flat values (ragged/ragged_dispatch.py)
check_numerics = on_flat_values(check_numerics)
assert_equal = on_flat_value_pairs(assert_equal)
assert_none_equal = on_flat_value_pairs(assert_none_equal)
assert_less = on_flat_value_pairs(assert_less)
assert_less_equal = on_flat_value_pairs(assert_less_equal)
assert_greater = on_flat_value_pairs(assert_greater)
assert_greater_equal = on_flat_value_pairs(assert_greater_equal)
assert_near = on_flat_value_pairs(assert_near)
