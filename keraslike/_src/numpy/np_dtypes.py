"""`tnp`'s dtypes and dtype inference: numpy's scalar types as dtype names, torch dtypes inside.

`tnp.float32` is `np.float32`, as in TF; every function takes it (or a torch dtype, a name, a Python type).
Values without a dtype are inferred as numpy does (`1` -> int64, `1.0` -> float64, float32 under
`prefer_float32`), arrays and tensors keep theirs.
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


def torch_dtype(dtype):
    """A dtype argument (numpy type, torch dtype, name, Python type) as a torch dtype; None stays None."""
    if dtype is None:
        return None
    if dtype is float:
        return torch.float64
    if dtype is complex:
        return torch.complex128
    return as_dtype(dtype)


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
    if dtype_promotion.state.prefer_float32 and dtype in _NARROW and _python_leaves(value):
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
    if dtype_promotion.state.mode in ("all", "safe") and len(items) == 2 and all(
            isinstance(i, (torch.Tensor, bool, int, float, complex)) for i in items):
        result = dtype_promotion.auto_result_type(*items)
        if result is not None:
            return result
    return dtype_promotion.numpy_result_type(*items)


def promote_types(type1, type2):
    """`tnp.promote_types`: numpy's `promote_types` on two dtypes (returned as a numpy dtype)."""
    a, b = (np.dtype(torch_dtype(t).as_numpy_dtype) for t in (type1, type2))
    return np.promote_types(a, b)


def default_float_type():
    return dtype_promotion.default_float()
