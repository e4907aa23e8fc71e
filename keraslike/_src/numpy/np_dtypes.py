"""`tnp`'s dtypes and dtype inference: numpy's scalar types as dtype names, torch dtypes inside.

`tnp.float32` is `np.float32`, as in TF; every function takes it (or a torch dtype, a name, a Python type).
Values without a dtype are inferred as numpy does (`1` -> int64, `1.0` -> float64, float32 under
`prefer_float32`), arrays and tensors keep theirs. Under TF's auto dtype conversion
(`experimental_enable_numpy_behavior(dtype_conversion_mode="all"/"safe")`) tnp's defaults are 32-bit, as TF's:
Python ints are int32 (int64 when they do not fit), Python floats and `dtype=float` float32, integers made
inexact (`tnp.sqrt`, `tnp.mean`) float32, and sums of bools/small ints int32.
"""

import numpy as np
import torch

from keraslike._src.ops import dtype_promotion
from keraslike._src.ops.dtypes import as_dtype

bool_ = np.bool_
complex64, complex128, complex_ = np.complex64, np.complex128, np.complex128
float16, float32, float64, float_ = np.float16, np.float32, np.float64, np.float64
int8, int16, int32, int64, int_ = np.int8, np.int16, np.int32, np.int64, np.int_
uint8, uint16, uint32, uint64 = np.uint8, np.uint16, np.uint32, np.uint64
inexact, object_, string_, unicode_ = np.inexact, np.object_, np.bytes_, np.str_
iinfo, finfo, issubdtype = np.iinfo, np.finfo, np.issubdtype

_NARROW = {np.dtype(np.float64): np.dtype(np.float32), np.dtype(np.complex128): np.dtype(np.complex64)}


_WIDE = {np.dtype(np.float64): np.dtype(np.float32), np.dtype(np.complex128): np.dtype(np.complex64),
         np.dtype(np.int64): np.dtype(np.int32)}


def auto_conversion():
    """True under TF's auto dtype conversion ("all"/"safe" `dtype_conversion_mode`): tnp's defaults are 32-bit."""
    return dtype_promotion.state.mode in ("all", "safe")


def float_of_ints():
    """The dtype integers become where tnp makes them inexact: float64 (numpy), float32 under auto conversion."""
    return torch.float32 if auto_conversion() else torch.float64


def accumulator_of_ints():
    """The dtype tnp sums bools and small ints in: int64 (numpy), int32 under auto conversion."""
    return torch.int32 if auto_conversion() else torch.int64


def torch_dtype(dtype):
    """A dtype argument (numpy type, torch dtype, name, Python type) as a torch dtype; None stays None."""
    if dtype is None:
        return None
    if dtype is float:
        return torch.float32 if auto_conversion() else torch.float64
    if dtype is complex:
        return torch.complex64 if auto_conversion() else torch.complex128
    return as_dtype(dtype)


def _python_ints(value):
    if isinstance(value, (list, tuple)):
        return any(_python_ints(v) for v in value)
    return isinstance(value, int) and not isinstance(value, (bool, np.generic))


def _narrow_python(array, value):
    """numpy's dtype of Python values, 32-bit under auto conversion (int64 kept for ints that do not fit)."""
    dtype = array.dtype
    if dtype == np.int64 and _python_ints(value):
        info = np.iinfo(np.int32)
        if array.size and (array.min() < info.min or array.max() > info.max):
            return dtype
        return _WIDE[dtype]
    if dtype in _NARROW and _python_leaves(value):
        return _NARROW[dtype]
    return dtype


def _python_leaves(value):
    if isinstance(value, (list, tuple)):
        return any(_python_leaves(v) for v in value)
    return isinstance(value, (float, complex)) and not isinstance(value, np.generic)


def infer(value):
    """The dtype `tnp.asarray(value)` takes: a tensor's own, else numpy's, float32 for Python floats when preferred."""
    if isinstance(value, torch.Tensor):
        return value.dtype
    array = np.asarray(value)
    dtype = array.dtype
    if auto_conversion():
        dtype = _narrow_python(array, value)
    elif dtype_promotion.state.prefer_float32 and dtype in _NARROW and _python_leaves(value):
        dtype = _NARROW[dtype]
    return torch_dtype(dtype)


def result_type(*arrays_and_dtypes):
    """`tnp.result_type`: numpy's promotion of the arguments (tensors, arrays, dtypes, Python scalars)."""
    items = []
    for item in arrays_and_dtypes:
        if isinstance(item, (torch.Tensor, np.ndarray, bool, int, float, complex)) or isinstance(item, torch.dtype):
            items.append(item)
        elif isinstance(item, (list, tuple)):
            items.append(infer(item))
        else:
            items.append(torch_dtype(item))
    if auto_conversion():
        scalars = [i for i in items if isinstance(i, (bool, int, float, complex)) and not isinstance(i, np.generic)]
        if len(items) == 2 and len(scalars) == 1 and any(isinstance(i, torch.Tensor) for i in items):
            return dtype_promotion.auto_result_type(*items)  # a tensor and a weak Python scalar: TF's lattice
        if scalars and len(scalars) == len(items):  # Python values only: TF's 32-bit defaults
            return torch_dtype(_narrow_python(np.asarray(scalars), scalars))
    return dtype_promotion.numpy_result_type(*items)


def promote_types(type1, type2):
    """`tnp.promote_types`: numpy's `promote_types` on two dtypes (returned as a numpy dtype)."""
    a, b = (np.dtype(torch_dtype(t).as_numpy_dtype) for t in (type1, type2))
    return np.promote_types(a, b)


def default_float_type():
    return dtype_promotion.default_float()
