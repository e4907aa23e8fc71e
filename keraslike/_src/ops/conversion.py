"""Turning Python values, numpy arrays and torch tensors into tensors, as TF eager does.

Mirrors `tensorflow/python/framework/constant_op.py` (`constant`) and
`tensorflow/python/framework/tensor_conversion.py` (`convert_to_tensor`).

TF's inference rules, kept here:
    python float            -> float32      numpy array / scalar -> its own dtype
    python int (fits int32) -> int32        python int beyond int32 -> int64
    python bool             -> bool         python complex -> complex128
    str / bytes (and lists, string arrays) -> a `StringTensor` of dtype tf.string
A tensor is never silently cast: asking for another dtype raises, as in TF.
The helpers at the bottom (`to_tensor`, `binary_operands`, `normalize_axis`, ...)
are shared by every op family in this package.
"""

import numbers

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.nest.composite import CompositeTensor
from keraslike._src.ops import dtype_promotion, dtypes, scalar_constants
from keraslike._src.ops.string_tensor import StringTensor, as_string_array, looks_like_strings
from keraslike._src.placement import log as _log
from keraslike._src.placement import scope as _scope

_INT32_MIN, _INT32_MAX = -(2**31), 2**31 - 1
_INT64_MAX = 2**63 - 1
_INT_DTYPES = (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8)

Tensor = torch.Tensor


def is_tensor(x):
    """`tf.is_tensor`: True for `torch.Tensor` (including `Variable`) and string tensors."""
    return isinstance(x, (torch.Tensor, StringTensor))


def _short(value, limit=80):
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _contains_tensor(value):
    if isinstance(value, torch.Tensor):
        return True
    if isinstance(value, (list, tuple)):
        return any(_contains_tensor(v) for v in value)
    return False


def _pack(value, dtype):
    """Auto-pack a nested list holding tensors with `torch.stack` (TF's `_autopacking`)."""
    if isinstance(value, torch.Tensor):
        return value if dtype is None else _check_tensor_dtype(value, dtype, "value")
    if isinstance(value, (list, tuple)):
        if dtype is None:
            dtype = _first_tensor_dtype(value)
        return torch.stack([_pack(v, dtype) for v in value])
    return _from_python(value, dtype, "value")


def _first_tensor_dtype(value):
    if isinstance(value, torch.Tensor):
        return value.dtype
    if isinstance(value, (list, tuple)):
        for v in value:
            found = _first_tensor_dtype(v)
            if found is not None:
                return found
    return None


def _inferred_dtype(array, from_python):
    """TF's dtype for a value already turned into a numpy array."""
    kind = array.dtype.kind
    if not from_python:
        if kind in "biufc":
            return dtypes.as_dtype(array.dtype.name) if array.dtype.name in dtypes._BY_NAME else None
        return None
    if kind == "f":
        return torch.float32
    if kind in "iu":
        if array.size == 0 or (array.min() >= _INT32_MIN and array.max() <= _INT32_MAX):
            return torch.int32
        return torch.int64
    if kind == "b":
        return torch.bool
    if kind == "c":
        return torch.complex128
    return None


def _from_python(value, dtype, arg_name):
    if isinstance(value, CompositeTensor):  # TF: a RaggedTensor / SparseTensor an op does not dispatch for
        raise ValueError(f"Attempt to convert a value of type {type(value).__name__} to a Tensor: this op does "
                         f"not accept it (TF dispatches only some ops to it). Received: {arg_name}={_short(value)}")
    from_python = not isinstance(value, (np.ndarray, np.generic))
    try:
        array = np.asarray(value)
    except (ValueError, OverflowError) as err:
        raise ValueError(
            f"Expected `{arg_name}` to be a rectangular nested list or array of numbers ({err}). "
            f"Received: {arg_name}={_short(value)}"
        ) from None
    inferred = _inferred_dtype(array, from_python)
    if inferred is None and array.dtype.kind not in "biufc":
        raise TypeError(
            f"Expected `{arg_name}` to hold numbers or booleans; strings and objects are not "
            f"supported by keraslike tensors. Received: {arg_name}={_short(value)}"
        )
    target = dtypes.as_dtype(dtype) if dtype is not None else inferred
    _check_lossless(array, target, value, arg_name)
    if array.dtype.kind == "u" and array.dtype.itemsize > 1 and target is not None:
        array = array.astype(np.int64)  # torch has only partial support for uint16/32/64
    # a numpy argument is copied, as TF does: the tensor must not change when the caller reuses the array
    # (np.array(copy=True) also takes the negative strides of `arr[::-1]`, which torch refuses)
    if from_python and target is not None:
        scalar = scalar_constants.scalar_tensor(value, target)  # one `full` op in a traced program
        if scalar is not None:
            return scalar
    out = torch.as_tensor(array) if from_python else torch.from_numpy(np.array(array, order="C", copy=True))
    if target is not None and out.dtype != target:
        out = out.to(target)
    return out


def _check_lossless(array, target, value, arg_name):
    """TF refuses to turn floats into ints, non-bools into bools, complex into reals (an empty value is fine).

    Integers out of a narrower integer dtype's range wrap around as TF's conversion does (`tf.constant(300,
    tf.int8)` is 44, `tf.add(int8_tensor, [129, 130])` adds -127 and -126)."""
    kind = array.dtype.kind
    if array.size == 0 and not isinstance(value, (np.ndarray, np.generic)):
        return  # tf.constant([], tf.int32): an empty Python list has no dtype of its own
    lossy = (
        (target in _INT_DTYPES and kind in "fc")
        or (target == torch.bool and kind != "b")
        or (target is not None and not target.is_complex and kind == "c")
    )
    if kind == "u" and target == torch.int64 and not isinstance(value, (np.ndarray, np.generic)) and array.size \
            and array.max() > _INT64_MAX:
        raise ValueError(f"Can't convert Python sequence with out-of-range integer to Tensor. "
                         f"Received: {arg_name}={_short(value)}")
    if lossy:
        raise TypeError(
            f"Cannot convert {_short(value)} to a tensor of dtype {dtypes.dtype_name(target)}. "
            f"Received: {arg_name}={_short(value)}"
        )


def _check_tensor_dtype(tensor, dtype, arg_name):
    dtype = dtypes.as_dtype(dtype)
    if dtype is not None and tensor.dtype != dtype:
        raise ValueError(
            f"Tensor conversion requested dtype {dtypes.dtype_name(dtype)} for a tensor with "
            f"dtype {dtypes.dtype_name(tensor.dtype)}; use tf.cast to change dtypes. "
            f"Received: {arg_name} with dtype={dtypes.dtype_name(tensor.dtype)}"
        )
    return tensor


def _snapshot(variable):
    """A Variable read as a plain tensor, still differentiable (TF's `read_value`)."""
    return torch.Tensor.clone(variable)


def convert_to_tensor(value, dtype=None, dtype_hint=None, name=None):
    """`tf.convert_to_tensor`: numpy arrays, Python values and tensors -> `torch.Tensor`.

    Mirrors `tensorflow/python/framework/tensor_conversion.py`.

    Args:
        value: tensor, `Variable`, numpy array/scalar, Python number/bool or a
            nested list of them (lists holding tensors are stacked).
        dtype: optional dtype the result must have.
        dtype_hint: optional preferred dtype, used only when the value converts
            to it losslessly (e.g. `dtype_hint=tf.float32` turns `1` into `1.0`).
        name: ignored (graph names do not exist eagerly).

    Returns:
        `torch.Tensor`, or a `StringTensor` for str/bytes values. A tensor input is
        returned as is; a `Variable` is read into a new tensor (gradients still flow).

    Raises:
        ValueError: if `value` is a tensor of another dtype than `dtype`.
        TypeError: if a Python/numpy value cannot be represented in `dtype`.
    """
    if isinstance(value, torch.nn.Parameter) and hasattr(value, "assign"):
        return _check_tensor_dtype(_snapshot(value), dtype, "value")
    if isinstance(value, torch.Tensor):
        if getattr(type(value), "_keraslike_placeholder", False):  # a tf.function trace's stand-in: ops see its
            value = value.as_subclass(torch.Tensor)                # example values and their real shape
        if getattr(type(value), "_keraslike_densify", False):  # a lookup's gradient (TF's IndexedSlices): dense
            value = value.as_subclass(torch.Tensor)
        return _check_tensor_dtype(value, dtype, "value")
    if isinstance(value, StringTensor) or looks_like_strings(value):
        return _strings(value, dtype)
    if dtype is None and dtype_hint is not None:
        try:
            return _convert_value(value, dtype_hint)
        except (TypeError, ValueError):
            pass
    return _convert_value(value, dtype)


def _strings(value, dtype):
    """A `StringTensor` from string data; a non-string `dtype` is refused as TF does."""
    dtype = dtypes.as_dtype(dtype)
    if dtype is not None and dtype is not dtypes.string:
        raise TypeError(f"Cannot convert {_short(value)} to EagerTensor of dtype {dtypes.dtype_name(dtype)}. "
                        f"Received: dtype={dtypes.dtype_name(dtype)}")
    if isinstance(value, StringTensor):
        return value
    try:
        return StringTensor(value)
    except TypeError:
        if not looks_like_strings(value):
            raise TypeError(f"Cannot convert {_short(value)} to EagerTensor of dtype string. "
                            f"Received: value={_short(value)}") from None
        raise ValueError(f"Can't convert Python sequence with mixed types to Tensor. Received: value={_short(value)}"
                         ) from None


def _convert_value(value, dtype):
    if isinstance(value, StringTensor) or looks_like_strings(value) or dtypes.as_dtype(dtype) is dtypes.string:
        return _strings(value, dtype)
    if isinstance(value, (list, tuple)) and _contains_tensor(value):
        return _pack(value, dtypes.as_dtype(dtype))
    if hasattr(value, "__tf_tensor__"):
        return convert_to_tensor(value.__tf_tensor__(dtype, None), dtype)
    return _from_python(value, dtype, "value")


def constant(value, dtype=None, shape=None, name=None):
    """`tf.constant`: a tensor from a value, optionally filled or reshaped to `shape`.

    Mirrors `tensorflow/python/framework/constant_op.py` (eager path).

    Args:
        value: Python number/bool/str/bytes, nested list, numpy array or tensor.
        dtype: optional dtype; Python floats default to float32, Python ints to
            int32 (int64 when they do not fit), numpy arrays keep theirs, strings
            are `tf.string`.
        shape: optional shape. A one-element value is broadcast to it (`fill`);
            a value with as many elements is reshaped to it.
        name: ignored.

    Returns:
        `torch.Tensor` of dtype `dtype` (or the inferred one) and shape `shape`
        (a `StringTensor` for strings). A tensor input of the right dtype is
        returned as is, like TF.

    Raises:
        TypeError: if a tensor of another dtype is given, if the value cannot be
            represented in `dtype`, or if its size fits `shape` neither way.

    Example:
        >>> tf.constant([1, 2, 3, 4, 5, 6], shape=[2, 3])   # int32, [[1 2 3] [4 5 6]]
        >>> tf.constant(0.5, shape=[2])                     # float32, [0.5 0.5]
    """
    if isinstance(value, torch.Tensor):
        dtype = dtypes.as_dtype(dtype)
        if dtype is not None and value.dtype != dtype and dtype_promotion.converts(value.dtype, dtype):
            value = value.to(dtype)  # "all"/"safe" dtype_conversion_mode: TF converts (safe: losslessly only)
        if dtype is not None and value.dtype != dtype:
            raise TypeError(
                f"Expected tensor with dtype {dtypes.dtype_name(dtype)}, but got dtype "
                f"{dtypes.dtype_name(value.dtype)}; use tf.cast to change dtypes. "
                f"Received: value with dtype={dtypes.dtype_name(value.dtype)}"
            )
        # TF returns an eager tensor itself (gradients still flow); a Variable is read as a constant.
        t = value.detach().clone() if isinstance(value, torch.nn.Parameter) else value
    else:
        t = _convert_value(value, dtype)
    if isinstance(t, StringTensor):
        return t if shape is None else _reshape_strings(t, shape)
    if shape is not None:
        t = _reshape_constant(t, shape)
    if _scope.state.top is not None:
        t = _scope.move(t, "Const")
    if dtype is None and dtype_promotion.state.mode in ("all", "safe") and _python_values(value):
        dtype_promotion.mark_weak(t)  # TF's WeakTensor: a Python value given no dtype
    if _log.TRACE.on and t is not value:
        _log.record("Const", t, (), name)
    return t


def _python_values(value):
    if isinstance(value, (list, tuple)):
        return bool(value) and all(_python_values(v) for v in value)
    return isinstance(value, (bool, int, float, complex)) and not isinstance(value, np.generic)


def _reshape_strings(t, shape):
    shape = to_shape(shape, "shape")
    array = as_string_array(t)
    numel = int(np.prod(shape)) if shape else 1
    if array.size == numel:
        return StringTensor.from_bytes_array(array.reshape(shape))
    if array.size == 1:
        out = np.empty(shape, dtype=object)
        out[...] = array.reshape(-1)[0]
        return StringTensor.from_bytes_array(out)
    raise TypeError(
        f"Eager execution of tf.constant with unsupported shape: value has {array.size} elements, "
        f"shape is {list(shape)} with {numel} elements. Received: shape={list(shape)}"
    )


def _reshape_constant(t, shape):
    shape = to_shape(shape, "shape")
    numel = int(np.prod(shape)) if shape else 1
    if tuple(t.shape) == shape:
        return t
    if t.numel() == numel:
        return t.reshape(shape)
    if t.numel() == 1:
        return t.reshape(()).expand(shape).clone()
    raise TypeError(
        f"Eager execution of tf.constant with unsupported shape: value has {t.numel()} elements, "
        f"shape is {list(shape)} with {numel} elements. Received: shape={list(shape)}"
    )


# ---- helpers shared by the op families ---------------------------------------------------------


def to_tensor(x, dtype=None, arg_name="x", device=None):
    """Internal fast conversion: tensors (and Variables) pass through untouched.

    Inside a `tf.device` scope the result is on the scope's device (inputs of
    ops are copied there, as TF does); `device` is then ignored.
    """
    if isinstance(x, torch.Tensor):
        if getattr(type(x), "_keraslike_placeholder", False):  # a tf.function trace's stand-in (autodiff/tracing.py)
            x = x.as_subclass(torch.Tensor)
        if dtype is not None and x.dtype != dtype:
            raise TypeError(
                f"Expected `{arg_name}` to have dtype {dtypes.dtype_name(dtype)}, got "
                f"{dtypes.dtype_name(x.dtype)}; use tf.cast. Received: {arg_name} with "
                f"dtype={dtypes.dtype_name(x.dtype)}"
            )
        return x if _scope.state.top is None else _scope.move(x)
    if isinstance(x, StringTensor) or looks_like_strings(x):
        raise TypeError(
            f"Expected a numeric tensor for `{arg_name}`; this op takes no tf.string tensors in keraslike "
            f"(tf.strings.to_number converts strings to numbers). Received: {arg_name}={_short(x)}"
        )
    try:
        t = _convert_value(x, dtype)
    except TypeError as err:
        raise TypeError(f"{err} (argument `{arg_name}`)") from None
    if _scope.state.top is not None:
        return _scope.move(t)
    return t if device is None or t.device == device else t.to(device)


def check_broadcastable(*shapes, op_name=None, received=None):
    """Raise TF's `Incompatible shapes: [2, 3] vs. [4]` InvalidArgumentError (a ValueError) when the shapes do not
    broadcast together; shapes only, no host sync. Elementwise ops call it on their error path, losses up front.
    """
    shapes = [tuple(s) for s in shapes]
    for dims in zip(*(reversed(s) for s in reversed(shapes))):
        sizes = {d for d in dims if d != 1}
        if len(sizes) > 1:
            listed = " vs. ".join(str(list(s)) for s in shapes)
            detail = f"Received: {received}" if received else f"Received: shapes {listed}"
            differ = " and ".join(map(str, sorted(sizes)))
            raise errors.InvalidArgumentError(None, op_name, f"Incompatible shapes: {listed} (dimensions {differ} "
                                                             f"differ). {detail}")


def _typed_operand(value, tensor, arg_name):
    """`value` as a tensor of `tensor`'s dtype: a numeric numpy array/scalar is cast as `astype` does (TF's op
    dispatch casts numpy values to the dtype a tensor operand fixed: `int32 tensor + np.float16(1.7)` adds 1);
    Python values must convert losslessly (TypeError otherwise, as TF)."""
    if isinstance(value, (np.ndarray, np.generic)) and value.dtype.kind in "biufc" and tensor.dtype in _NUMPY_CASTABLE:
        converted = torch.from_numpy(np.array(value, dtype=tensor.dtype.as_numpy_dtype, copy=True))
        return to_tensor(converted, None, arg_name, tensor.device)
    return to_tensor(value, tensor.dtype, arg_name, tensor.device)


_NUMPY_CASTABLE = frozenset({torch.float16, torch.float32, torch.float64, torch.int8, torch.int16, torch.int32,
                             torch.int64, torch.uint8, torch.bool,
                             torch.complex64, torch.complex128})


def binary_operands(x, y, op_name, x_name="x", y_name="y"):
    """Convert two operands like TF's op dispatch: a tensor's dtype decides the other's.

    Two tensors must already share a dtype (TF never promotes); a non-tensor
    operand is converted to the tensor operand's dtype and device.
    """
    if dtype_promotion.state.mode in ("all", "safe"):  # `dtype_conversion_mode`: TF's ops promote on its lattice
        promoted = dtype_promotion.promote(x, y)
        if promoted is not None:
            x, y = promoted
    x_is, y_is = isinstance(x, torch.Tensor), isinstance(y, torch.Tensor)
    if x_is and y_is:
        if x.dtype != y.dtype:
            raise TypeError(
                f"`{op_name}` expects `{x_name}` and `{y_name}` of the same dtype (TF does not "
                f"promote; use tf.cast). Received: {x_name}.dtype={dtypes.dtype_name(x.dtype)}, "
                f"{y_name}.dtype={dtypes.dtype_name(y.dtype)}"
            )
        if _scope.state.top is not None:
            return _scope.move(x, op_name), _scope.move(y, op_name)
        return x, y
    if x_is:
        return to_tensor(x, None, x_name), _typed_operand(y, x, y_name)
    if y_is:
        return _typed_operand(x, y, x_name), to_tensor(y, None, y_name)
    x = to_tensor(x, None, x_name)
    return x, to_tensor(y, x.dtype, y_name)


def to_shape(shape, arg_name="shape"):
    """A shape given as list/tuple/int/tensor/TensorShape -> tuple of ints."""
    if isinstance(shape, torch.Tensor):
        if shape.dim() > 1 or shape.is_floating_point():
            raise ValueError(
                f"Expected `{arg_name}` to be a 1-D integer tensor. "
                f"Received: {arg_name}={shape}"
            )
        return tuple(int(s) for s in shape.reshape(-1).tolist())
    if isinstance(shape, numbers.Integral):
        return (int(shape),)
    if hasattr(shape, "as_list"):
        shape = shape.as_list()
    try:
        dims = tuple(-1 if s is None else int(s) for s in shape)
    except (TypeError, ValueError):
        raise ValueError(
            f"Expected `{arg_name}` to be a list or tuple of integers. Received: {arg_name}={shape!r}"
        ) from None
    return dims


def normalize_axis(axis, rank, arg_name="axis"):
    """One axis (int or scalar tensor) in `[-rank, rank)` -> non-negative int."""
    if isinstance(axis, torch.Tensor):
        axis = axis.item()
    if not isinstance(axis, numbers.Integral):
        raise TypeError(f"Expected `{arg_name}` to be an integer. Received: {arg_name}={axis!r}")
    axis = int(axis)
    if not -max(rank, 1) <= axis < max(rank, 1):
        raise ValueError(
            f"Expected `{arg_name}` in the range [{-rank}, {rank}) for a tensor of rank {rank}. "
            f"Received: {arg_name}={axis}"
        )
    return axis % rank if rank else 0


def normalize_axes(axis, rank, arg_name="axis"):
    """`axis` as None / int / list / tensor -> sorted tuple of non-negative ints (None = all)."""
    if axis is None:
        return tuple(range(rank))
    if isinstance(axis, torch.Tensor):
        axis = axis.tolist()
    if isinstance(axis, (list, tuple, np.ndarray)):
        axes = [normalize_axis(a, rank, arg_name) for a in np.asarray(axis).reshape(-1).tolist()]
    else:
        axes = [normalize_axis(axis, rank, arg_name)]
    if len(set(axes)) != len(axes):
        raise ValueError(f"Expected `{arg_name}` without repeated axes. Received: {arg_name}={axis!r}")
    return tuple(sorted(axes))
