"""Keras's legacy (Keras 1/2) backend functions: `tf.keras.backend.mean`, `K.sum`, `K.batch_dot`, ...

Mirrors keras/src/legacy/backend.py of Keras 3.15 (what TF 2.21's `tf.keras.backend` exports): the same
names, argument names, defaults and dtypes, written over keraslike's TF ops (torch inside). Old tutorials'
custom losses and metrics (`K.sum(K.flatten(y_true) * K.flatten(y_pred))`, `K.epsilon()`, ...) run as is.

Notes on semantics shared by many functions (as in Keras):
- `axis` may be an int, a list of ints or None (all axes); `keepdims` keeps reduced axes with size 1.
- `mean`/`std`/`var` cast a bool input to `floatx()` first; `all`/`any` cast any input to bool.
- `variable`, `eye`, and `zeros`/`ones` of a shape without zero-sized dims return a `tf.Variable`
  (dtype `floatx()` unless given); `constant` defaults to `floatx()`.
- Conv/pool/padding functions take Keras `data_format` names ("channels_last"/"channels_first",
  default `keras.config.image_data_format()`) and "valid"/"same" padding.
- `gradients` is graph-only in TF (`tf.compat.v1.gradients`) and raises here: use `tf.GradientTape`.
"""

import builtins
import math as _pymath

import numpy as np
import torch
import torch.nn.functional as F

from keraslike._src.image import resize as _resize
from keraslike._src.keras.backend import naming
from keraslike._src.keras.backend.config import epsilon as _epsilon
from keraslike._src.keras.backend.config import floatx, image_data_format
from keraslike._src.keras.layers.keras_tensor import KerasTensor
from keraslike._src.keras.ops import dtypes as _kdtypes
from keraslike._src.keras.ops import math as _kmath
from keraslike._src.ops import array as _array
from keraslike._src.ops.cached_logits import cache_logits, logits_for_loss
from keraslike._src.ops import creation as _creation
from keraslike._src.ops import functional_ops as _functional
from keraslike._src.ops import math as _math
from keraslike._src.ops import nn as _nn
from keraslike._src.ops import nn_conv as _conv
from keraslike._src.ops import random as _random
from keraslike._src.ops import reduction as _reduction
from keraslike._src.ops import tensor_numpy as _tensor_numpy
from keraslike._src.ops.conversion import constant as _constant
from keraslike._src.ops.conversion import convert_to_tensor, is_tensor
from keraslike._src.ops.dtypes import DTypeName, as_dtype, dtype_name
from keraslike._src.ops.name_scope import name_scope as _name_scope
from keraslike._src.ops.variables import Variable as _Variable
from keraslike._src.sparse import sparse_ops as _sparse_ops
from keraslike._src.sparse.sparse_tensor import SparseTensor

_py_any = builtins.any
_py_all = builtins.all
_py_sum = builtins.sum
_py_max = builtins.max
_py_min = builtins.min
_py_round = builtins.round
_py_pow = builtins.pow
_py_abs = builtins.abs


def _t(x):
    """A tensor (Variables are tensors already)."""
    return x if isinstance(x, torch.Tensor) else convert_to_tensor(x)


def _floatx_dtype(dtype):
    return as_dtype(floatx() if dtype is None else dtype)


def _op_seed(seed):
    # Keras draws an op seed from numpy when none is given, so results follow np.random.seed.
    return int(np.random.randint(10e6)) if seed is None else seed


# ---- dtypes, shapes, identity -----------------------------------------------------------------------------


def standardize_dtype(dtype):
    """Keras's dtype name for `dtype` (`"float32"`, `"int64"`, ...; equal to tf.float32 too, as TF's);
    None -> `floatx()`."""
    return DTypeName(_kdtypes.standardize_dtype(dtype))


def result_type(*dtypes):
    """Keras's type-promotion result of `dtypes` (a dtype name)."""
    return _kdtypes.result_type(*dtypes)


def is_float_dtype(dtype):
    """True for float dtypes (after `standardize_dtype`)."""
    return standardize_dtype(dtype).startswith(("float", "bfloat"))


def is_int_dtype(dtype):
    """True for signed and unsigned integer dtypes (after `standardize_dtype`)."""
    return standardize_dtype(dtype).startswith(("int", "uint"))


def is_keras_tensor(x):
    """Whether `x` is a symbolic functional-API tensor (`keras.Input(...)` and layer outputs on it)."""
    return isinstance(x, KerasTensor)


def placeholder(shape=None, ndim=None, dtype=None, sparse=False, name=None, ragged=False):
    """Keras 2's eager `K.placeholder`: a symbolic tensor of `shape` (or `ndim` unknown dimensions), dtype
    `floatx()` unless given, belonging to no layer (as in eager Keras 2, it is not a model input).

    Raises:
        ValueError: for both `sparse` and `ragged`.
        NotImplementedError: for `ragged=True` or a shape of unknown rank (neither `shape` nor `ndim`), which
            keraslike's symbolic tensors do not represent.
    """
    if sparse and ragged:
        raise ValueError(f"Cannot set both sparse and ragged to True when creating a placeholder. Received: "
                         f"sparse={sparse}, ragged={ragged}")
    if ragged:
        raise NotImplementedError("keraslike's K.placeholder makes dense or sparse symbolic tensors only; use "
                                  "keras.Input(..., ragged=True). Received: ragged=True")
    if not shape and ndim:
        shape = (None,) * ndim
    if shape is None:
        raise NotImplementedError(f"keraslike's symbolic tensors have a known rank: pass `shape` or `ndim`. "
                                  f"Received: shape={shape}, ndim={ndim}")
    return KerasTensor(tuple(shape), dtype=dtype or floatx(), name=name, sparse=bool(sparse))


def get_uid(prefix=""):
    """1, 2, 3, ... on successive calls with the same `prefix` (the counter layer names use); reset by
    `clear_session`."""
    return naming.get_uid(prefix)


def cast(x, dtype):
    """`tf.cast(x, dtype)`."""
    return _math.cast(x, dtype)


def cast_to_floatx(x):
    """A tensor cast to `floatx()`, or for other values a numpy array of dtype `floatx()`."""
    if isinstance(x, (torch.Tensor, SparseTensor)):
        return _math.cast(x, floatx())
    return np.asarray(x, dtype=floatx())


def dtype(x):
    """The dtype name of `x`, e.g. "float32" (equal to tf.float32 too, as TF's)."""
    return DTypeName(dtype_name(x.dtype))


def int_shape(x):
    """The static shape of `x` as a tuple of ints (None for unknown dims of a KerasTensor)."""
    shape_ = getattr(x, "shape", None)
    if shape_ is None:
        return None
    return tuple(None if d is None else int(d) for d in shape_)


def ndim(x):
    """The rank of `x` (a Python int)."""
    return len(x.shape)


def shape(x):
    """`tf.shape(x)`: the shape as an int32 tensor."""
    return _array.shape(x)


def count_params(x):
    """The number of elements of `x` (a Python int)."""
    return int(_pymath.prod(int(d) for d in x.shape))


def is_sparse(tensor):
    """True for a `tf.SparseTensor`."""
    return isinstance(tensor, SparseTensor)


def to_dense(tensor):
    """A dense tensor for a `tf.SparseTensor`; other values unchanged."""
    return _sparse_ops.to_dense(tensor) if is_sparse(tensor) else tensor


def name_scope(name):
    """`tf.name_scope(name)`."""
    return _name_scope(name)


def stop_gradient(variables):
    """`tf.stop_gradient` of a tensor, or of each of a list/tuple of tensors (then a list)."""
    if isinstance(variables, (list, tuple)):
        return [_t(v).detach() for v in variables]
    return _t(variables).detach()


def gradients(loss, variables):
    """Raises: `K.gradients` is `tf.compat.v1.gradients`, which needs a TF1 graph."""
    raise RuntimeError("`keras.backend.gradients` builds symbolic gradients in a TF1 graph, which keraslike "
                       "(eager, on torch) has not. Compute gradients with `tf.GradientTape`: "
                       "`with tf.GradientTape() as tape: loss = ...; grads = tape.gradient(loss, variables)`. "
                       f"Received: loss={type(loss).__name__}")


# ---- variables and values ---------------------------------------------------------------------------------


def variable(value, dtype=None, name=None, constraint=None):
    """A `tf.Variable` holding `value`, dtype `floatx()` unless `dtype` is given. A scipy sparse matrix
    becomes a `tf.SparseTensor`."""
    if hasattr(value, "tocoo"):
        coo = value.tocoo()
        indices = np.stack([coo.row, coo.col], axis=1).astype(np.int64)
        return SparseTensor(indices=indices, values=coo.data.astype(dtype or floatx()), dense_shape=coo.shape)
    return _Variable(value, dtype=_floatx_dtype(dtype), name=name, constraint=constraint)


def constant(value, dtype=None, shape=None, name=None):
    """`tf.constant(value, dtype=dtype or floatx(), shape=shape)`."""
    return _constant(value, dtype=_floatx_dtype(dtype), shape=shape, name=name)


def _variable_unless_empty(value, dtype, name):
    if _py_all(int(d) for d in value.shape):
        return variable(value, dtype=dtype, name=name)
    return value


def zeros(shape, dtype=None, name=None):
    """Zeros of `shape` (dtype `floatx()` unless given): a Variable, or a tensor if a dim is 0."""
    value = _creation.zeros(shape, dtype=_floatx_dtype(dtype))
    return _variable_unless_empty(value, dtype, name)


def ones(shape, dtype=None, name=None):
    """Ones of `shape` (dtype `floatx()` unless given): a Variable, or a tensor if a dim is 0."""
    value = _creation.ones(shape, dtype=_floatx_dtype(dtype))
    return _variable_unless_empty(value, dtype, name)


def eye(size, dtype=None, name=None):
    """A `size` x `size` identity-matrix Variable, dtype `floatx()` unless given."""
    value = _creation.eye(size, dtype=_floatx_dtype(dtype))
    return variable(value, dtype=dtype, name=name)


def zeros_like(x, dtype=None, name=None):
    """`tf.zeros_like(x, dtype)`."""
    return _creation.zeros_like(x, dtype=dtype)


def ones_like(x, dtype=None, name=None):
    """`tf.ones_like(x, dtype)`."""
    return _creation.ones_like(x, dtype=dtype)


def get_value(x):
    """The numpy value of a tensor or variable; any other value is returned unchanged."""
    if not is_tensor(x):
        return x
    return _tensor_numpy.snapshot(x)


def eval(x):  # noqa: A001 - Keras's public name
    """The numpy value of `x` (sparse tensors densified)."""
    return get_value(to_dense(x))


def batch_get_value(tensors):
    """`[get_value(x) for x in tensors]`."""
    return [get_value(x) for x in tensors]


def set_value(x, value):
    """Assign `value` (converted to `x`'s dtype) to variable `x`."""
    x.assign(np.asarray(value, dtype=dtype(x)))


def batch_set_value(tuples):
    """`set_value(x, value)` for each `(x, value)` pair."""
    for x, value in tuples:
        set_value(x, value)


def update(x, new_x):
    """`x.assign(new_x)`; returns `x`."""
    return x.assign(new_x)


def update_add(x, increment):
    """`x.assign_add(increment)`; returns `x`."""
    return x.assign_add(increment)


def update_sub(x, decrement):
    """`x.assign_sub(decrement)`; returns `x`."""
    return x.assign_sub(decrement)


def moving_average_update(x, value, momentum):
    """`x = x * momentum + value * (1 - momentum)` in place; returns `x`."""
    value = _math.cast(value, x.dtype)
    return x.assign_sub((x - value) * (1 - float(momentum)))


# ---- reductions --------------------------------------------------------------------------------------------


def _bool_to_floatx(x):
    x = _t(x)
    return _math.cast(x, floatx()) if x.dtype == torch.bool else x


def mean(x, axis=None, keepdims=False):
    """Mean over `axis` (bool input cast to floatx; integer input gives TF's integer mean)."""
    return _reduction.reduce_mean(_bool_to_floatx(x), axis, keepdims)


def sum(x, axis=None, keepdims=False):  # noqa: A001 - Keras's public name
    """Sum over `axis`."""
    return _reduction.reduce_sum(x, axis, keepdims)


def max(x, axis=None, keepdims=False):  # noqa: A001
    """Maximum over `axis`."""
    return _reduction.reduce_max(x, axis, keepdims)


def min(x, axis=None, keepdims=False):  # noqa: A001
    """Minimum over `axis`."""
    return _reduction.reduce_min(x, axis, keepdims)


def prod(x, axis=None, keepdims=False):
    """Product over `axis`."""
    return _reduction.reduce_prod(x, axis, keepdims)


def std(x, axis=None, keepdims=False):
    """Population standard deviation over `axis` (bool input cast to floatx)."""
    return _reduction.reduce_std(_bool_to_floatx(x), axis=axis, keepdims=keepdims)


def var(x, axis=None, keepdims=False):
    """Population variance over `axis` (bool input cast to floatx)."""
    return _reduction.reduce_variance(_bool_to_floatx(x), axis=axis, keepdims=keepdims)


def all(x, axis=None, keepdims=False):  # noqa: A001
    """Logical AND over `axis` of `x` cast to bool."""
    return _reduction.reduce_all(_math.cast(x, torch.bool), axis, keepdims)


def any(x, axis=None, keepdims=False):  # noqa: A001
    """Logical OR over `axis` of `x` cast to bool."""
    return _reduction.reduce_any(_math.cast(x, torch.bool), axis, keepdims)


def argmax(x, axis=-1):
    """Index of the largest value along `axis` (int64)."""
    return _reduction.argmax(x, axis)


def argmin(x, axis=-1):
    """Index of the smallest value along `axis` (int64)."""
    return _reduction.argmin(x, axis)


def cumsum(x, axis=0):
    """Cumulative sum along `axis`."""
    return _reduction.cumsum(x, axis=axis)


def cumprod(x, axis=0):
    """Cumulative product along `axis`."""
    return _reduction.cumprod(x, axis=axis)


# ---- elementwise -------------------------------------------------------------------------------------------


def abs(x):  # noqa: A001
    """Elementwise absolute value."""
    return _math.abs(x)


def square(x):
    """Elementwise square."""
    return _math.square(x)


def sqrt(x):
    """Elementwise square root; negative inputs are clipped to 0 first (as Keras)."""
    x = _t(x)
    return _math.sqrt(_math.maximum(x, torch.zeros((), dtype=x.dtype, device=x.device)))


def exp(x):
    """Elementwise e**x."""
    return _math.exp(x)


def log(x):
    """Elementwise natural logarithm."""
    return _math.log(x)


def pow(x, a):  # noqa: A001
    """Elementwise `x ** a`."""
    return _math.pow(x, a)


def sign(x):
    """Elementwise sign (-1, 0, 1)."""
    return _math.sign(x)


def round(x):  # noqa: A001
    """Elementwise rounding, half to even (TF's `tf.round`)."""
    return _math.round(x)


def sin(x):
    """Elementwise sine."""
    return _math.sin(x)


def cos(x):
    """Elementwise cosine."""
    return _math.cos(x)


def clip(x, min_value, max_value):
    """Clip `x` to `[min_value, max_value]`; None means unbounded; a `max_value < min_value` (numbers) is
    raised to `min_value`."""
    if isinstance(min_value, (int, float)) and isinstance(max_value, (int, float)) and max_value < min_value:
        max_value = min_value
    x = _t(x)
    if min_value is None:
        min_value = -np.inf
    if max_value is None:
        max_value = np.inf
    return _math.clip_by_value(x, min_value, max_value)


def equal(x, y):
    """Elementwise `x == y` (bool)."""
    return _math.equal(x, y)


def not_equal(x, y):
    """Elementwise `x != y` (bool)."""
    return _math.not_equal(x, y)


def greater(x, y):
    """Elementwise `x > y` (bool)."""
    return _math.greater(x, y)


def greater_equal(x, y):
    """Elementwise `x >= y` (bool)."""
    return _math.greater_equal(x, y)


def less(x, y):
    """Elementwise `x < y` (bool)."""
    return _math.less(x, y)


def less_equal(x, y):
    """Elementwise `x <= y` (bool)."""
    return _math.less_equal(x, y)


def maximum(x, y):
    """Elementwise maximum."""
    return _math.maximum(x, y)


def minimum(x, y):
    """Elementwise minimum."""
    return _math.minimum(x, y)


def switch(condition, then_expression, else_expression):
    """Select between two tensors (or zero-argument callables) by `condition`.

    A scalar `condition` picks one whole branch (`tf.cond`); a tensor `condition` selects elementwise
    (`tf.where`): of rank 1 it broadcasts numpy-style (against the last axis), of rank >= 2 its shape is
    padded with trailing 1s and broadcast, as Keras does.

    Raises:
        ValueError: if `condition` has a higher rank than `then_expression`.
    """
    condition = _math.cast(condition, torch.bool)
    if condition.dim() == 0:
        branch = then_expression if bool(condition) else else_expression
        return branch() if callable(branch) else branch
    if callable(then_expression):
        then_expression = then_expression()
    if callable(else_expression):
        else_expression = else_expression()
    then_expression, else_expression = _t(then_expression), _t(else_expression)
    if condition.dim() > then_expression.dim():
        raise ValueError("Rank of `condition` should be less than or equal to rank of `then_expression` and "
                         f"`else_expression`. ndim(condition)={condition.dim()}, "
                         f"ndim(then_expression)={then_expression.dim()}")
    cond = condition
    if condition.dim() > 1:
        cond = condition.reshape(tuple(condition.shape) + (1,) * (then_expression.dim() - condition.dim()))
    return torch.where(cond.to(then_expression.device), then_expression, else_expression)


# ---- shapes and layout -------------------------------------------------------------------------------------


def reshape(x, shape):
    """`tf.reshape(x, shape)`."""
    return _array.reshape(x, shape)


def flatten(x):
    """`x` as a 1-D tensor."""
    return _array.reshape(x, [-1])


def batch_flatten(x):
    """`x` as `(batch, prod(other dims))`."""
    x = _t(x)
    return x.reshape(x.shape[0], -1)


def permute_dimensions(x, pattern):
    """`tf.transpose(x, perm=pattern)`."""
    return _array.transpose(x, perm=pattern)


def transpose(x):
    """`tf.transpose(x)`: all axes reversed."""
    return _array.transpose(x)


def expand_dims(x, axis=-1):
    """Insert a size-1 axis at `axis`."""
    return _array.expand_dims(x, axis)


def squeeze(x, axis):
    """Remove the size-1 axis `axis`."""
    return _array.squeeze(x, [axis])


def concatenate(tensors, axis=-1):
    """Concatenate along `axis` (sparse tensors densified unless all are sparse)."""
    if _py_all(is_sparse(x) for x in tensors):
        return _sparse_ops.concat(axis, list(tensors))
    return _array.concat([to_dense(x) for x in tensors], axis)


def stack(x, axis=0):
    """`tf.stack(x, axis)`."""
    return _array.stack(x, axis=axis)


def tile(x, n):
    """`tf.tile(x, n)`; an int `n` tiles a 1-D `x`."""
    if isinstance(n, int):
        n = [n]
    return _array.tile(x, n)


def repeat(x, n):
    """`(batch, dim)` -> `(batch, n, dim)`, each row repeated `n` times.

    Raises:
        ValueError: if `x` is not rank 2.
    """
    x = _t(x)
    if x.dim() != 2:
        raise ValueError(f"Expected input `x` to have rank 2. Received: rank(x)={x.dim()}")
    return x.unsqueeze(1).repeat(1, int(n), 1)


def repeat_elements(x, rep, axis):
    """Repeat each element of `x` `rep` times along `axis` (numpy's `np.repeat`)."""
    return torch.repeat_interleave(_t(x), int(rep), dim=axis)


def reverse(x, axes):
    """Reverse `x` along the int or list `axes`."""
    if isinstance(axes, int):
        axes = [axes]
    return _array.reverse(x, axes)


def gather(reference, indices):
    """Rows of `reference` at `indices` (`tf.gather` on axis 0)."""
    reference, indices = _t(reference), _t(indices)
    return reference[indices.to(torch.int64).to(reference.device)]


def one_hot(indices, num_classes):
    """One-hot float32 encoding of integer `indices` along a new last axis of size `num_classes`."""
    return _creation.one_hot(indices, depth=num_classes, axis=-1)


def arange(start, stop=None, step=1, dtype="int32"):
    """`range(start, stop, step)` as a tensor of `dtype` (int32 default); `arange(n)` with `n < 0` is
    empty."""
    if stop is None and start < 0:
        start = 0
    result = _creation.range(start, limit=stop, delta=step)
    if dtype != "int32" or result.dtype != torch.int32:
        result = _math.cast(result, dtype)
    return result


def temporal_padding(x, padding=(1, 1)):
    """Zero-pad the middle (time) axis of a 3-D tensor by `(left, right)`.

    Raises:
        ValueError: if `padding` is not 2 integers.
    """
    if len(padding) != 2:
        raise ValueError(f"Expected `padding` to be a tuple of 2 integers. Received: padding={padding}")
    return _array.pad(x, [[0, 0], list(padding), [0, 0]])


def _data_format(data_format):
    if data_format is None:
        data_format = image_data_format()
    if data_format not in {"channels_first", "channels_last"}:
        raise ValueError(f"Unknown data_format: {data_format}")
    return data_format


def spatial_2d_padding(x, padding=((1, 1), (1, 1)), data_format=None):
    """Zero-pad the 2 spatial axes of a 4-D tensor by `((top, bottom), (left, right))`.

    Raises:
        ValueError: for a malformed `padding` or unknown `data_format`.
    """
    if len(padding) != 2 or len(padding[0]) != 2 or len(padding[1]) != 2:
        raise ValueError(f"Expected `padding` to be a tuple of 2 tuples of 2 integers. Received: padding={padding}")
    spatial = [list(p) for p in padding]
    if _data_format(data_format) == "channels_first":
        return _array.pad(x, [[0, 0], [0, 0]] + spatial)
    return _array.pad(x, [[0, 0]] + spatial + [[0, 0]])


def spatial_3d_padding(x, padding=((1, 1), (1, 1), (1, 1)), data_format=None):
    """Zero-pad the 3 spatial axes of a 5-D tensor by 3 `(before, after)` pairs.

    Raises:
        ValueError: for a malformed `padding` or unknown `data_format`.
    """
    if len(padding) != 3 or _py_any(len(p) != 2 for p in padding):
        raise ValueError(f"Expected `padding` to be a tuple of 3 tuples of 2 integers. Received: padding={padding}")
    spatial = [list(p) for p in padding]
    if _data_format(data_format) == "channels_first":
        return _array.pad(x, [[0, 0], [0, 0]] + spatial)
    return _array.pad(x, [[0, 0]] + spatial + [[0, 0]])


def resize_images(x, height_factor, width_factor, data_format, interpolation="nearest"):
    """Upscale the 2 spatial axes of a 4-D tensor by integer factors (`tf.image.resize`).

    Raises:
        ValueError: for an unknown `data_format` or `interpolation`.
    """
    if data_format not in ("channels_first", "channels_last"):
        raise ValueError(f"Invalid `data_format` argument: {data_format}")
    methods = ("area", "bicubic", "bilinear", "gaussian", "lanczos3", "lanczos5", "mitchellcubic", "nearest")
    if interpolation not in methods:
        raise ValueError(f"`interpolation` argument should be one of: {', '.join(methods)}. "
                         f"Received: interpolation={interpolation!r}")
    x = _t(x)
    if data_format == "channels_first":
        x = x.permute(0, 2, 3, 1)
    size = [int(x.shape[1]) * int(height_factor), int(x.shape[2]) * int(width_factor)]
    y = _resize.resize(x, size, method=interpolation)
    if data_format == "channels_first":
        y = y.permute(0, 3, 1, 2)
    return y


def resize_volumes(x, depth_factor, height_factor, width_factor, data_format):
    """Upscale the 3 spatial axes of a 5-D tensor by repeating elements.

    Raises:
        ValueError: for an unknown `data_format`.
    """
    if data_format == "channels_first":
        first = 2
    elif data_format == "channels_last":
        first = 1
    else:
        raise ValueError(f"Invalid data_format: {data_format}")
    out = repeat_elements(x, depth_factor, axis=first)
    out = repeat_elements(out, height_factor, axis=first + 1)
    return repeat_elements(out, width_factor, axis=first + 2)


# ---- linear algebra ----------------------------------------------------------------------------------------


def dot(x, y):
    """Keras's `dot`: a matmul; for rank > 2 it contracts the last axis of `x` with the second-to-last
    of `y` (numpy's `np.dot` rule): result shape `x.shape[:-1] + y.shape[:-2] + y.shape[-1:]`."""
    if is_sparse(x):
        return _sparse_ops.sparse_dense_matmul(x, y)
    x, y = _t(x), _t(y)
    if x.dim() > 2 or y.dim() > 2:
        y_perm = list(range(y.dim()))
        y_perm = [y_perm.pop(-2)] + y_perm
        xt = x.reshape(-1, x.shape[-1])
        yt = y.permute(*y_perm).reshape(y.shape[-2], -1)
        return torch.matmul(xt, yt).reshape(tuple(x.shape[:-1]) + tuple(y.shape[:-2]) + tuple(y.shape[-1:]))
    return _math.matmul(x, y)


def batch_dot(x, y, axes=None):
    """Batchwise dot product: for each sample `i`, contract `x[i]` and `y[i]` over `axes`.

    Args:
        x, y: tensors of rank >= 2 with the same batch size.
        axes: None (last axis of `x` with the last of a rank-2 `y`, else its second-to-last), an int
            (the same axis of both), or a pair `(axis_x, axis_y)`; negative axes count from the end.

    Returns:
        A tensor of shape `x.shape without axis_x` + `y.shape[1:] without axis_y`; when both are rank 2
        the result is `(batch, 1)`.

    Raises:
        ValueError: for rank < 2 inputs, different batch sizes, nested axes, axis 0, or mismatched
            contracted dims.
    """
    x, y = _t(x), _t(y)
    x_shape, y_shape = tuple(x.shape), tuple(y.shape)
    x_ndim, y_ndim = len(x_shape), len(y_shape)
    if x_ndim < 2 or y_ndim < 2:
        raise ValueError(f"Cannot do batch_dot on inputs with rank < 2. Received inputs with shapes {x_shape} "
                         f"and {y_shape}.")
    if x_shape[0] != y_shape[0]:
        raise ValueError(f"Cannot do batch_dot on inputs with different batch sizes. Received inputs with shapes "
                         f"{x_shape} and {y_shape}.")
    if isinstance(axes, int):
        axes = [axes, axes]
    if axes is None:
        axes = [x_ndim - 1, y_ndim - 1] if y_ndim == 2 else [x_ndim - 1, y_ndim - 2]
    if _py_any(isinstance(a, (list, tuple)) for a in axes):
        raise ValueError(f"Multiple target dimensions are not supported. Expected: None, int, (int, int), "
                         f"Provided: {axes}")
    a0, a1 = int(axes[0]), int(axes[1])
    if a0 < 0:
        a0 += x_ndim
    if a1 < 0:
        a1 += y_ndim
    if a0 == 0 or a1 == 0:
        raise ValueError("Cannot perform batch_dot over axis 0. If your inputs are not batched, add a dummy batch "
                         "dimension to your inputs using K.expand_dims(x, 0)")
    if x_shape[a0] != y_shape[a1]:
        raise ValueError(f"Cannot do batch_dot on inputs with shapes {x_shape} and {y_shape} with axes={[a0, a1]}. "
                         f"x.shape[{a0}] != y.shape[{a1}] ({x_shape[a0]} != {y_shape[a1]}).")
    xm = torch.movedim(x, a0, -1).contiguous()   # (b, *x_rest, k)
    ym = torch.movedim(y, a1, 1).contiguous()    # (b, k, *y_rest)
    x_rest, y_rest = xm.shape[1:-1], ym.shape[2:]
    out = torch.bmm(xm.reshape(x_shape[0], -1, xm.shape[-1]), ym.reshape(y_shape[0], ym.shape[1], -1))
    out = out.reshape((x_shape[0],) + tuple(x_rest) + tuple(y_rest))
    if x_ndim == 2 and y_ndim == 2:
        out = out.reshape(x_shape[0], 1)
    return out


def l2_normalize(x, axis=None):
    """`x / sqrt(max(sum(x**2, axis), 1e-12))`."""
    return _nn.l2_normalize(x, axis=axis)


def bias_add(x, bias, data_format=None):
    """Add `bias` (1-D over channels, or of rank `ndim(x) - 1`) to `x`.

    Raises:
        ValueError: for an unknown `data_format` or a bias of another rank.
    """
    data_format = _data_format(data_format)
    x, bias = _t(x), _t(bias)
    if bias.dim() not in (1, x.dim() - 1):
        raise ValueError(f"Unexpected bias dimensions {bias.dim()}. Expected it to be 1 or {x.dim() - 1} dimensions")
    if bias.dim() == 1:
        if data_format == "channels_first" and x.dim() > 2:
            return x + bias.reshape((1, -1) + (1,) * (x.dim() - 2))
        return x + bias
    if data_format == "channels_first" and x.dim() in (3, 4, 5):
        return x + bias.permute(bias.dim() - 1, *range(bias.dim() - 1)).unsqueeze(0)
    return x + bias.unsqueeze(0)


def batch_normalization(x, mean, var, beta, gamma, axis=-1, epsilon=1e-3):
    """`(x - mean) / sqrt(var + epsilon) * gamma + beta` (broadcast; `beta`/`gamma` may be None). `axis` is
    unused, as in Keras (the statistics already have broadcastable shapes)."""
    x = _t(x)
    out = (x - _t(mean)) * torch.rsqrt(_t(var) + epsilon)
    if gamma is not None:
        out = out * _t(gamma)
    if beta is not None:
        out = out + _t(beta)
    return out


# ---- activations -------------------------------------------------------------------------------------------


def relu(x, alpha=0.0, max_value=None, threshold=0.0):
    """`max(x, 0)` with options: values below `threshold` become `alpha * (x - threshold)`, values are capped
    at `max_value`."""
    return _nn.relu_with_options(_t(x), alpha, max_value, threshold)


def elu(x, alpha=1.0):
    """`x` for `x > 0`, else `alpha * (exp(x) - 1)`."""
    x = _t(x)
    res = _nn.elu(x)
    return res if alpha == 1 else torch.where(x > 0, res, alpha * res)


def softmax(x, axis=-1):
    """Softmax over `axis` (an int or a list of axes).

    Raises:
        ValueError: for a 1-D input.
    """
    x = _t(x)
    if x.dim() <= 1:
        raise ValueError(f"Cannot apply softmax to a tensor that is 1D. Received input: {x}")
    if isinstance(axis, int):
        return _nn.softmax(x, axis=axis)
    e = torch.exp(x - torch.amax(x, dim=tuple(axis), keepdim=True))
    return cache_logits(e / torch.sum(e, dim=tuple(axis), keepdim=True), x)


def softplus(x):
    """`log(exp(x) + 1)`."""
    return _nn.softplus(x)


def softsign(x):
    """`x / (abs(x) + 1)`."""
    return _nn.softsign(x)


def sigmoid(x):
    """`1 / (1 + exp(-x))`."""
    return _nn.sigmoid(x)


def hard_sigmoid(x):
    """`clip(0.2 * x + 0.5, 0, 1)` (Keras 2's piecewise-linear sigmoid)."""
    x = _t(x)
    return torch.clamp(x * 0.2 + 0.5, 0.0, 1.0)


def tanh(x):
    """Hyperbolic tangent."""
    return _nn.tanh(x)


def dropout(x, level, noise_shape=None, seed=None):
    """`tf.nn.dropout(x, rate=level, noise_shape, seed)`: zero with probability `level`, scale the rest by
    `1 / (1 - level)`."""
    return _nn.dropout(x, rate=level, noise_shape=noise_shape, seed=_op_seed(seed))


# ---- losses ------------------------------------------------------------------------------------------------


def _clipped(output):
    eps = _epsilon()
    return torch.clamp(output, eps, 1.0 - eps)


def binary_crossentropy(target, output, from_logits=False):
    """Elementwise binary crossentropy. Probabilities are clipped to `[epsilon, 1 - epsilon]` and, as in
    Keras, `epsilon` is also added inside the logs."""
    output, from_logits = logits_for_loss(output, from_logits, "sigmoid", "binary_crossentropy")
    target, output = _t(target), _t(output)
    if from_logits:
        return _nn.sigmoid_cross_entropy_with_logits(labels=target, logits=output)
    output = _clipped(output)
    eps = _epsilon()
    return -(target * torch.log(output + eps) + (1 - target) * torch.log(1 - output + eps))


def binary_focal_crossentropy(target, output, apply_class_balancing=False, alpha=0.25, gamma=2.0,
                              from_logits=False):
    """`(1 - p_t) ** gamma * binary_crossentropy`, times `alpha`/`1 - alpha` with `apply_class_balancing`."""
    output, from_logits = logits_for_loss(output, from_logits, "sigmoid", "binary_focal_crossentropy")
    target, output = _t(target), _t(output)
    probs = torch.sigmoid(output) if from_logits else output
    p_t = target * probs + (1 - target) * (1 - probs)
    focal = torch.pow(1.0 - p_t, gamma) * binary_crossentropy(target, output, from_logits=from_logits)
    if apply_class_balancing:
        focal = (target * alpha + (1 - target) * (1 - alpha)) * focal
    return focal


def _check_same_shape(target, output):
    if tuple(target.shape) != tuple(output.shape):
        raise ValueError(f"Shapes {tuple(target.shape)} and {tuple(output.shape)} are incompatible")


def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    """Crossentropy between one-hot/probability `target` and `output` along `axis`; probabilities are
    renormalized to sum 1 and clipped to `[epsilon, 1 - epsilon]`.

    Raises:
        ValueError: if `target` and `output` shapes differ.
    """
    output, from_logits = logits_for_loss(output, from_logits, "softmax", "categorical_crossentropy")
    target, output = _t(target), _t(output)
    _check_same_shape(target, output)
    if from_logits:
        return _nn.softmax_cross_entropy_with_logits(labels=target, logits=output, axis=axis)
    output = _clipped(output / torch.sum(output, dim=axis, keepdim=True))
    return -torch.sum(target * torch.log(output), dim=axis)


def categorical_focal_crossentropy(target, output, alpha=0.25, gamma=2.0, from_logits=False, axis=-1):
    """`sum(alpha * (1 - p) ** gamma * -target * log(p), axis)` with renormalized, clipped `p`.

    Raises:
        ValueError: if `target` and `output` shapes differ.
    """
    target, output = _t(target), _t(output)
    _check_same_shape(target, output)
    if from_logits:
        output = torch.softmax(output, dim=axis)
    output = _clipped(output / torch.sum(output, dim=axis, keepdim=True))
    return torch.sum(alpha * torch.pow(1.0 - output, gamma) * (-target * torch.log(output)), dim=axis)


def sparse_categorical_crossentropy(target, output, from_logits=False, axis=-1, ignore_class=None):
    """Crossentropy of integer `target` against `output` scores along `axis`.

    `target` has `output`'s shape without `axis` (or a trailing size-1 axis); with `ignore_class`, entries
    whose label equals it give 0 loss.
    """
    output, from_logits = logits_for_loss(output, from_logits, "softmax", "sparse_categorical_crossentropy")
    target, output = _t(target), _t(output)
    target = target.to(torch.int64)
    if not from_logits:
        output = torch.log(_clipped(output))
    output = torch.movedim(output, axis, -1)
    out_shape = tuple(output.shape[:-1])
    logits = output.reshape(-1, output.shape[-1])
    labels = target.reshape(-1).to(logits.device)
    valid = None
    if ignore_class is not None:
        valid = labels != int(ignore_class)
        labels = torch.where(valid, labels, torch.zeros_like(labels))
    res = _nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    if valid is not None:
        res = torch.where(valid, res, torch.zeros_like(res))
    return res.reshape(out_shape)


# ---- convolution and pooling -------------------------------------------------------------------------------


def _tf_padding(padding):
    if padding == "same":
        return "SAME"
    if padding == "valid":
        return "VALID"
    raise ValueError(f"Invalid padding: {padding}")


def conv1d(x, kernel, strides=1, padding="valid", data_format=None, dilation_rate=1):
    """1-D convolution; `kernel` is `(width, in, out)`; `padding` "valid", "same" or "causal"."""
    data_format = _data_format(data_format)
    if padding == "causal":
        x = temporal_padding(x, (dilation_rate * (int(kernel.shape[0]) - 1), 0)) if data_format == "channels_last" \
            else _array.pad(x, [[0, 0], [0, 0], [dilation_rate * (int(kernel.shape[0]) - 1), 0]])
        padding = "valid"
    fmt = "NCW" if data_format == "channels_first" else "NWC"
    return _conv.convolution(x, kernel, strides=strides, padding=_tf_padding(padding), data_format=fmt,
                             dilations=dilation_rate)


def conv2d(x, kernel, strides=(1, 1), padding="valid", data_format=None, dilation_rate=(1, 1)):
    """2-D convolution; `kernel` is `(rows, cols, in, out)`."""
    fmt = "NCHW" if _data_format(data_format) == "channels_first" else "NHWC"
    return _conv.convolution(x, kernel, strides=strides, padding=_tf_padding(padding), data_format=fmt,
                             dilations=dilation_rate)


def conv3d(x, kernel, strides=(1, 1, 1), padding="valid", data_format=None, dilation_rate=(1, 1, 1)):
    """3-D convolution; `kernel` is `(d, rows, cols, in, out)`."""
    fmt = "NCDHW" if _data_format(data_format) == "channels_first" else "NDHWC"
    return _conv.convolution(x, kernel, strides=strides, padding=_tf_padding(padding), data_format=fmt,
                             dilations=dilation_rate)


def conv2d_transpose(x, kernel, output_shape, strides=(1, 1), padding="valid", data_format=None,
                     dilation_rate=(1, 1)):
    """Transposed 2-D convolution; `kernel` is `(rows, cols, out, in)`; `output_shape` is the full
    output shape in `data_format` order (its batch may be None).

    Raises:
        ValueError: for unequal `dilation_rate` entries.
    """
    data_format = _data_format(data_format)
    x = _t(x)
    if dilation_rate[0] != dilation_rate[1]:
        raise ValueError("Expected the 2 dimensions of the `dilation_rate` argument to be equal to each other. "
                         f"Received: dilation_rate={dilation_rate}")
    output_shape = list(output_shape)
    if output_shape[0] is None:
        output_shape[0] = int(x.shape[0])
    fmt = "NCHW" if data_format == "channels_first" else "NHWC"
    strides = tuple(strides)
    full_strides = (1, 1) + strides if fmt == "NCHW" else (1,) + strides + (1,)
    return _conv.conv2d_transpose(x, kernel, output_shape, full_strides, padding=_tf_padding(padding),
                                  data_format=fmt, dilations=tuple(dilation_rate))


def depthwise_conv2d(x, depthwise_kernel, strides=(1, 1), padding="valid", data_format=None, dilation_rate=(1, 1)):
    """Depthwise 2-D convolution; `depthwise_kernel` is `(rows, cols, in, multiplier)`."""
    fmt = "NCHW" if _data_format(data_format) == "channels_first" else "NHWC"
    strides = tuple(strides)
    full_strides = (1, 1) + strides if fmt == "NCHW" else (1,) + strides + (1,)
    return _conv.depthwise_conv2d(x, depthwise_kernel, strides=full_strides, padding=_tf_padding(padding),
                                  data_format=fmt, dilations=tuple(dilation_rate))


def separable_conv2d(x, depthwise_kernel, pointwise_kernel, strides=(1, 1), padding="valid", data_format=None,
                     dilation_rate=(1, 1)):
    """Depthwise then pointwise 2-D convolution.

    Raises:
        ValueError: if `strides` is not 2 integers.
    """
    fmt = "NCHW" if _data_format(data_format) == "channels_first" else "NHWC"
    if len(strides) != 2:
        raise ValueError("`strides` must be a tuple of 2 integers.")
    strides = tuple(strides)
    full_strides = (1, 1) + strides if fmt == "NCHW" else (1,) + strides + (1,)
    return _conv.separable_conv2d(x, depthwise_kernel, pointwise_kernel, strides=full_strides,
                                  padding=_tf_padding(padding), data_format=fmt, dilations=tuple(dilation_rate))


def _pool(x, pool_size, strides, padding, data_format, pool_mode, n):
    data_format = _data_format(data_format)
    if len(pool_size) != n:
        raise ValueError(f"`pool_size` must be a tuple of {n} integers.")
    if len(strides) != n:
        raise ValueError(f"`strides` must be a tuple of {n} integers.")
    if pool_mode not in ("max", "avg"):
        raise ValueError(f"Invalid pooling mode: {pool_mode}")
    channels_first = data_format == "channels_first"
    fmt = {2: ("NHWC", "NCHW"), 3: ("NDHWC", "NCDHW")}[n][int(channels_first)]
    return _conv.pool(x, tuple(pool_size), "MAX" if pool_mode == "max" else "AVG", strides=tuple(strides),
                      padding=_tf_padding(padding), data_format=fmt)


def pool2d(x, pool_size, strides=(1, 1), padding="valid", data_format=None, pool_mode="max"):
    """2-D max or average ("avg") pooling.

    Raises:
        ValueError: for `pool_size`/`strides` not of 2 ints, an unknown `pool_mode`, padding or data_format.
    """
    return _pool(x, pool_size, strides, padding, data_format, pool_mode, 2)


def pool3d(x, pool_size, strides=(1, 1, 1), padding="valid", data_format=None, pool_mode="max"):
    """3-D max or average ("avg") pooling."""
    return _pool(x, pool_size, strides, padding, data_format, pool_mode, 3)


# ---- random ------------------------------------------------------------------------------------------------


def random_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """Normal samples (dtype `floatx()` unless given)."""
    return _random.normal(shape, mean=mean, stddev=stddev, dtype=_floatx_dtype(dtype), seed=_op_seed(seed))


def random_uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    """Uniform samples in `[minval, maxval)` (dtype `floatx()` unless given)."""
    return _random.uniform(shape, minval=minval, maxval=maxval, dtype=_floatx_dtype(dtype), seed=_op_seed(seed))


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """Normal samples redrawn beyond 2 standard deviations."""
    return _random.truncated_normal(shape, mean=mean, stddev=stddev, dtype=_floatx_dtype(dtype),
                                    seed=_op_seed(seed))


def random_bernoulli(shape, p=0.0, dtype=None, seed=None):
    """1 with probability `p`, else 0 (dtype `floatx()` unless given)."""
    dtype = _floatx_dtype(dtype)
    u = _random.uniform(shape, dtype=dtype, seed=_op_seed(seed))
    return (u <= p).to(dtype)


def random_normal_variable(shape, mean, scale, dtype=None, name=None, seed=None):
    """A Variable of normal samples with `mean` and standard deviation `scale`."""
    value = _random.normal(shape, mean=mean, stddev=scale, dtype=_floatx_dtype(dtype),
                           seed=int(np.random.randint(10e8)) if seed is None else seed)
    return variable(value, dtype=dtype, name=name)


def random_uniform_variable(shape, low, high, dtype=None, name=None, seed=None):
    """A Variable of uniform samples in `[low, high)`."""
    value = _random.uniform(shape, minval=low, maxval=high, dtype=_floatx_dtype(dtype),
                            seed=int(np.random.randint(10e8)) if seed is None else seed)
    return variable(value, dtype=dtype, name=name)


# ---- control flow ------------------------------------------------------------------------------------------


def map_fn(fn, elems, name=None, dtype=None):
    """`tf.map_fn(fn, elems, dtype=dtype)`."""
    return _functional.map_fn(fn, elems, dtype=dtype, name=name)


def foldl(fn, elems, initializer=None, name=None):
    """`tf.foldl(fn, elems, initializer)`: reduce `elems` along axis 0 from the left."""
    return _functional.foldl(fn, elems, initializer=initializer, name=name)


def foldr(fn, elems, initializer=None, name=None):
    """`tf.foldr(fn, elems, initializer)`: reduce `elems` along axis 0 from the right."""
    return _functional.foldr(fn, elems, initializer=initializer, name=name)


def in_top_k(predictions, targets, k):
    """Whether `targets[i]` is among the `k` largest of `predictions[i]` (bool `(batch,)`)."""
    return _kmath.in_top_k(targets, predictions, k)


def rnn(step_function, inputs, initial_states, go_backwards=False, mask=None, constants=None, unroll=False,
        input_length=None, time_major=False, zero_output_for_mask=False, return_all_outputs=True):
    """Iterate `step_function(input_t, states + constants) -> (output_t, new_states)` over the time axis.

    Args:
        inputs: `(batch, time, ...)` (or `(time, batch, ...)` with `time_major`).
        initial_states: list of `(batch, ...)` tensors.
        mask: `(batch, time)` bool; masked steps keep the previous output and states (or a zero output with
            `zero_output_for_mask`).
        unroll: whether Keras unrolls the loop; the loop runs eagerly either way, so it changes no value
            except that, as in Keras, `input_length` is honoured only without unrolling.
        input_length: without `unroll`, the loop stops after `max(input_length)` steps (the outputs of the
            steps not run are zeros, and so is `last_output` then, as in Keras); a tensor of per-sample
            lengths, without `mask`, also masks each sample's steps past its length (reversed with
            `go_backwards`), as Keras does.

    Returns:
        `(last_output, outputs, new_states)`; `outputs` is `(batch, time, ...)` in processing order (time 1
        without `return_all_outputs`); `new_states` a tuple.
    """
    inputs = _t(inputs)
    if not time_major:
        inputs = inputs.transpose(0, 1)
    if inputs.dim() < 3:
        raise ValueError(f"Input should be at least 3D. Received: inputs.shape={tuple(inputs.shape)}")
    steps = int(inputs.shape[0])
    if mask is not None:
        mask = _t(mask).to(torch.bool)
        if mask.dim() == 3:
            mask = mask[..., 0]
        if not time_major:
            mask = mask.transpose(0, 1)
    constants = list(constants or [])
    run_steps = steps
    length_mask = None
    if input_length is not None and not unroll:  # Keras's while_loop stops after max(input_length) steps
        max_len = int(_t(input_length).max())
        run_steps = _py_min(steps, max_len)
        if mask is None and is_tensor(input_length):  # and a tensor of lengths masks each sample's tail
            length_mask = _t(input_length).reshape(-1).to(inputs.device)
    order = list(range(steps - 1, -1, -1) if go_backwards else range(steps))[:run_steps]
    states = tuple(_t(s) for s in initial_states)
    outputs = []
    prev = None
    for it, i in enumerate(order):
        output, new_states = step_function(inputs[i], states + tuple(constants))
        new_states = tuple(new_states) if isinstance(new_states, (list, tuple)) else (new_states,)
        m = None
        if mask is not None:
            m = mask[i]
        elif length_mask is not None:
            m = (max_len - 1 - length_mask < it) if go_backwards else (length_mask > it)
        if m is not None:
            if prev is None or zero_output_for_mask:
                prev = torch.zeros_like(output)
            output = torch.where(m.reshape((-1,) + (1,) * (output.dim() - 1)), output, prev)
            new_states = tuple(torch.where(m.reshape((-1,) + (1,) * (s.dim() - 1)), s, ps)
                               for s, ps in zip(new_states, states))
            prev = output
        states = new_states
        outputs.append(output)
    if return_all_outputs:
        # steps the loop did not reach stay zero, as the unwritten slots of Keras's TensorArray
        outputs += [torch.zeros_like(outputs[-1])] * (steps - len(outputs))
        stacked = torch.stack(outputs)
    else:
        stacked = torch.stack(outputs[-1:])
    last_output = stacked[-1]
    if not time_major:
        stacked = stacked.transpose(0, 1)
    return last_output, stacked, states


# ---- CTC ---------------------------------------------------------------------------------------------------


def ctc_label_dense_to_sparse(labels, label_lengths):
    """A `tf.SparseTensor` of the first `label_lengths[i]` labels of each row of the dense `labels`
    `(batch, max_len)`; indices int64, values `labels`' dtype."""
    labels = _t(labels)
    lengths = _t(label_lengths).to(torch.int64).to(labels.device)
    keep = torch.arange(labels.shape[1], device=labels.device)[None, :] < lengths[:, None]
    indices = torch.nonzero(keep).to(torch.int64)
    return SparseTensor(indices=indices, values=labels[keep], dense_shape=[int(d) for d in labels.shape])


def ctc_batch_cost(y_true, y_pred, input_length, label_length):
    """Per-sample CTC loss `(batch, 1)` of softmax outputs `y_pred` `(batch, time, classes)` against dense
    labels `y_true` `(batch, max_label_len)`; `input_length`/`label_length` are `(batch, 1)`. The blank is
    the last class, as in TF's `ctc_loss`."""
    y_pred = _t(y_pred)
    labels = _t(y_true).to(torch.int64).to(y_pred.device)
    label_length = _t(label_length).reshape(-1).to(torch.int64).to(y_pred.device)
    input_length = _t(input_length).reshape(-1).to(torch.int64).to(y_pred.device)
    logits = torch.log(y_pred.transpose(0, 1) + _epsilon())
    logp = torch.log_softmax(logits.float(), dim=-1)
    loss = F.ctc_loss(logp, labels, input_length, label_length, blank=int(y_pred.shape[-1]) - 1,
                      reduction="none", zero_infinity=False)
    return loss.to(y_pred.dtype).unsqueeze(1)


def _logaddexp(a, b):
    if a == -_pymath.inf:
        return b
    if b == -_pymath.inf:
        return a
    hi = a if a > b else b
    return hi + _pymath.log1p(_pymath.exp(-_py_abs(a - b)))


def _accumulate(beams, prefix, blank_p=-_pymath.inf, label_p=-_pymath.inf):
    old_b, old_l = beams.get(prefix, (-_pymath.inf, -_pymath.inf))
    beams[prefix] = (_logaddexp(old_b, blank_p), _logaddexp(old_l, label_p))


def _beam_search(logp, length, beam_width, top_paths, blank):
    """CTC prefix beam search (TF's decoder with merge_repeated=True) of one `(time, classes)` log-softmax
    array; returns the `top_paths` best `(prefix, log_prob)` pairs."""
    neg_inf = -_pymath.inf
    beams = {(): (0.0, neg_inf)}  # prefix -> (log P(ends in blank), log P(ends in a label))
    for t in range(length):
        row = logp[t]
        new = {}
        for prefix, (p_b, p_l) in beams.items():
            total = _logaddexp(p_b, p_l)
            _accumulate(new, prefix, blank_p=total + row[blank])
            if prefix:
                _accumulate(new, prefix, label_p=p_l + row[prefix[-1]])
            for c in range(len(row)):
                if c == blank:
                    continue
                previous = p_b if prefix and prefix[-1] == c else total
                _accumulate(new, prefix + (c,), label_p=previous + row[c])
        ranked = sorted(new.items(), key=lambda kv: _logaddexp(*kv[1]), reverse=True)
        beams = dict(ranked[:beam_width])
    ranked = sorted(beams.items(), key=lambda kv: _logaddexp(*kv[1]), reverse=True)[:top_paths]
    # merge_repeated also collapses repeats in the emitted paths (`2 2 1` -> `2 1`), as TF's decoder does
    return [(tuple(c for i, c in enumerate(prefix) if i == 0 or c != prefix[i - 1]), _logaddexp(*probs))
            for prefix, probs in ranked]


def ctc_decode(y_pred, input_length, greedy=True, beam_width=100, top_paths=1):
    """CTC decoding of softmax outputs `y_pred` `(batch, time, classes)` (blank = the last class), on
    `log(y_pred + epsilon)` as TF's decoders.

    `greedy=True`: the best class per step, repeats merged and blanks removed. `greedy=False`: a prefix beam
    search keeping `beam_width` beams and returning the `top_paths` best.

    Returns:
        `(decoded, log_prob)`: `decoded` a list of `top_paths` (1 when greedy) int64 `(batch, time)` tensors
        padded with -1; `log_prob` `(batch, top_paths)`: for greedy the negative sum over valid steps of each
        step's largest `log(y_pred + epsilon)` (TF's greedy score), for beam search each path's log
        probability.

    Raises:
        ValueError: if `top_paths > beam_width`.
    """
    y_pred = _t(y_pred)
    x = torch.log(y_pred + _epsilon())
    batch, steps, classes = x.shape
    lengths = _t(input_length).reshape(-1).to(torch.int64).to(x.device)
    if not greedy:
        if top_paths > beam_width:
            raise ValueError(f"`top_paths` must be <= `beam_width`. Received: top_paths={top_paths}, "
                             f"beam_width={beam_width}")
        logp = torch.log_softmax(x.double(), dim=-1).cpu().tolist()
        decoded = [torch.full((batch, steps), -1, dtype=torch.int64) for _ in range(top_paths)]
        log_prob = torch.full((batch, top_paths), -_pymath.inf, dtype=torch.float64)
        for b, length in enumerate(lengths.cpu().tolist()):
            for k, (prefix, score) in enumerate(_beam_search(logp[b], length, beam_width, top_paths, classes - 1)):
                decoded[k][b, :len(prefix)] = torch.tensor(prefix, dtype=torch.int64)
                log_prob[b, k] = score
        return [d.to(x.device) for d in decoded], log_prob.to(x.dtype).to(x.device)
    best = torch.argmax(x, dim=-1)
    valid = torch.arange(steps, device=x.device)[None, :] < lengths[:, None]
    prev = torch.cat([torch.full((batch, 1), -1, dtype=best.dtype, device=x.device), best[:, :-1]], dim=1)
    keep = valid & (best != classes - 1) & (best != prev)
    decoded = torch.full((batch, steps), -1, dtype=torch.int64, device=x.device)
    for b in range(batch):
        seq = best[b][keep[b]]
        decoded[b, :seq.shape[0]] = seq
    log_prob = -torch.sum(torch.where(valid, torch.amax(x, dim=-1), torch.zeros((), dtype=x.dtype)), dim=1,
                          keepdim=True)
    return [decoded], log_prob
