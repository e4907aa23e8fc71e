"""Turning op arguments into torch tensors the way Keras 3 does, and promoting them together.

Mirrors `keras/src/backend/tensorflow/core.py` (`convert_to_tensor`) and the promotion the
TensorFlow backend's numpy ops apply (`dtypes.result_type` on the operands, Python scalars weak):

    convert(1) -> int32     convert(1.5) -> float32     convert([1, 2.5]) -> float32
    convert(np.float64 array) -> float64 (numpy arrays keep their dtype)

Tensors stay on their device; new tensors go next to the other operands, else to the Keras
current device (the `tf.device` scope, else the strategy's device).
"""

import numbers

import numpy as np
import torch

from keraslike._src.keras import backend
from keraslike._src.keras.ops import dtypes
from keraslike._src.ops import scalar_constants


def _device_of(values):
    for v in values:
        if isinstance(v, torch.Tensor):
            return v.device
    return None


def _python_dtype(leaves):
    types = []
    for item in leaves:
        if isinstance(item, (bool, np.bool_)):
            types.append("bool")
        elif isinstance(item, (np.generic, np.ndarray)):
            types.append(item.dtype)
        elif isinstance(item, numbers.Integral):
            types.append(int)
        elif isinstance(item, numbers.Complex) and not isinstance(item, numbers.Real):
            types.append("complex64")
        elif isinstance(item, numbers.Real):
            types.append(float)
        elif isinstance(item, torch.Tensor):
            types.append(item.dtype)
        else:
            raise TypeError(
                f"Expected numbers, booleans, arrays or tensors; strings and objects have no torch dtype. "
                f"Received: x={item!r}"
            )
    return dtypes.result_type(*types) if types else backend.floatx()


def _leaves(x):
    if isinstance(x, (list, tuple)):
        out = []
        for item in x:
            out.extend(_leaves(item))
        return out
    return [x]


def convert(x, dtype=None, device=None):
    """Keras's `convert_to_tensor` onto torch (see the module docstring for the dtype rules).

    Args:
        x: tensor, Variable, numpy array/scalar, Python number/bool or nested list of them.
        dtype: optional target dtype (any spelling); the value is cast to it.
        device: where a new tensor goes (default: the Keras current device).

    Returns:
        `torch.Tensor`. A tensor of the right dtype is returned as is (Variables stay connected to
        the autograd graph).
    """
    target = None if dtype is None else dtypes.to_torch_dtype(dtype)
    if isinstance(x, torch.Tensor):
        return x if target is None or x.dtype == target else x.to(target)
    if isinstance(x, (list, tuple)) and any(isinstance(v, torch.Tensor) for v in _leaves(x)):
        if target is None:
            target = dtypes.to_torch_dtype(_python_dtype(_leaves(x)))
        dev = _device_of(_leaves(x))
        return torch.stack([convert(v, target, dev) for v in x]) if len(x) else torch.zeros(0, dtype=target)
    if device is None:
        device = backend.current_device()
    if isinstance(x, np.ndarray) or isinstance(x, np.generic):
        array = np.asarray(x)
        if target is None:
            if array.dtype.kind not in "biufc":
                raise TypeError(f"Expected a numeric array; torch tensors hold no {array.dtype}. Received: x={x!r}")
            target = dtypes.to_torch_dtype(_numpy_name(array.dtype))
        if array.dtype.kind == "u" and array.dtype.itemsize > 1:
            array = array.astype(np.int64)
        return _copied(array, target, device)  # a copy, as TF's: the caller may reuse the array
    if target is None:
        target = dtypes.to_torch_dtype(_python_dtype(_leaves(x)))
    scalar = scalar_constants.scalar_tensor(x, target, device)  # one `full` op in a traced program
    if scalar is not None:
        return scalar
    try:
        array = np.asarray(x)
    except ValueError as err:
        raise ValueError(f"Expected a rectangular nested list of numbers ({err}). Received: x={x!r}") from None
    if array.dtype == object:
        raise TypeError(f"Expected numbers, booleans, arrays or tensors. Received: x={x!r}")
    if array.dtype.kind == "u" and array.dtype.itemsize > 1:
        array = array.astype(np.int64)
    return _copied(array, target, device)


def _copied(array, target, device):
    """A tensor copy of numeric `array` with dtype `target` on `device`. `from_numpy` of a copy traces (under
    torch.export) as one lifted constant, where `torch.tensor(array, device=...)` adds `to.device`/`detach_`, and
    the cast is left out when the dtype already is `target` (a traced `.to` is recorded even then)."""
    out = torch.from_numpy(np.array(array, dtype=array.dtype.newbyteorder("="), order="C", copy=True))
    if out.device != torch.device(device):
        out = out.to(device)
    return out if out.dtype == target else out.to(target)


def _numpy_name(np_dtype):
    name = np_dtype.name
    return {"uint16": "int32", "uint32": "int64", "uint64": "int64"}.get(name, name)


def dtype_of(x):
    """Keras's dtype for promotion: tensors and arrays their own, Python int/float weak."""
    if isinstance(x, torch.Tensor):
        return x.dtype
    if isinstance(x, (np.ndarray, np.generic)):
        return _numpy_name(x.dtype)
    if isinstance(x, (bool, np.bool_)):
        return "bool"
    if isinstance(x, numbers.Integral):
        return int
    if isinstance(x, numbers.Real):
        return float
    if isinstance(x, numbers.Complex):
        return "complex64"
    return _python_dtype(_leaves(x))


def promote(*values, extra=(), dtype=None, weak=True):
    """Convert `values` to tensors of Keras's common dtype on one device.

    Args:
        *values: operands (tensors, arrays, Python scalars, lists).
        extra: additional dtypes that join the promotion (e.g. `(float,)` for ops that give floats).
        dtype: force this result dtype instead.
        weak: whether Python scalars are weak (`add`, `multiply`, ...). The TF backend converts
            them to int32/float32 tensors first in other ops (`mod`, `dot`, `append`, ...).

    Returns:
        list of `torch.Tensor`, all of the promoted dtype, on the first tensor operand's device.
    """
    if dtype is None:
        kinds = [dtype_of(v) for v in values]
        if not weak:
            kinds = ["int32" if k is int else "float32" if k is float else k for k in kinds]
        dtype = dtypes.result_type(*kinds, *extra)
    device = _device_of(values)
    return [convert(v, dtype, device) for v in values]


def to_float(x):
    """`x` as a tensor; integer and bool tensors become `floatx()` (Keras's unary float ops)."""
    x = convert(x)
    if x.is_floating_point() or x.is_complex():
        return x
    return x.to(dtypes.to_torch_dtype(backend.floatx()))


def floatx():
    return dtypes.to_torch_dtype(backend.floatx())


def axes_tuple(axis, ndim):
    """`axis` as None / int / sequence -> tuple of non-negative ints, or None."""
    if axis is None:
        return None
    if isinstance(axis, torch.Tensor):
        axis = axis.tolist()
    if isinstance(axis, numbers.Integral):
        axis = (axis,)
    out = []
    for a in axis:
        a = int(a)
        if not -max(ndim, 1) <= a < max(ndim, 1):
            raise ValueError(f"Axis {a} is out of bounds for a tensor of rank {ndim}. Received: axis={axis}")
        out.append(a % max(ndim, 1))
    return tuple(out)


def shape_tuple(shape):
    """A shape given as int / sequence / tensor -> tuple of ints."""
    if isinstance(shape, torch.Tensor):
        return tuple(int(s) for s in shape.reshape(-1).tolist())
    if isinstance(shape, numbers.Integral):
        return (int(shape),)
    if hasattr(shape, "as_list"):
        shape = shape.as_list()
    return tuple(int(s) for s in shape)
