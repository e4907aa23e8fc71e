"""TF dtype names mapped onto torch dtypes (`tf.float32` is `torch.float32`).

Mirrors `tensorflow/python/framework/dtypes.py`: the public names are the
torch dtypes themselves, so tensors made by either library compare equal.
"""

import numpy as np
import torch

float16 = half = torch.float16
bfloat16 = torch.bfloat16
float32 = torch.float32
float64 = double = torch.float64
int8 = torch.int8
int16 = torch.int16
int32 = torch.int32
int64 = torch.int64
uint8 = torch.uint8
bool = torch.bool
complex64 = torch.complex64
complex128 = torch.complex128

_BY_NAME = {
    "float16": float16, "half": float16, "bfloat16": bfloat16,
    "float32": float32, "float": float32, "float64": float64, "double": float64,
    "int8": int8, "int16": int16, "int32": int32, "int64": int64, "uint8": uint8,
    "bool": bool, "complex64": complex64, "complex128": complex128,
}


def as_dtype(dtype):
    """Return the torch dtype for a TF/numpy/torch dtype spec.

    Args:
        dtype: a `torch.dtype`, a name such as `"float32"`, a numpy dtype or
            numpy scalar type, or `None` (returned unchanged).

    Returns:
        `torch.dtype` or `None`.

    Raises:
        TypeError: if `dtype` names no known dtype.
    """
    if dtype is None or isinstance(dtype, torch.dtype):
        return dtype
    if isinstance(dtype, str):
        key = dtype.replace("tf.", "").replace("torch.", "")
        if key in _BY_NAME:
            return _BY_NAME[key]
    try:
        np_dtype = np.dtype(dtype)
    except TypeError:
        np_dtype = None
    if np_dtype is not None and np_dtype.name in _BY_NAME:
        return _BY_NAME[np_dtype.name]
    raise TypeError(
        "Expected a dtype such as tf.float32, 'float32' or np.float32. "
        f"Received: dtype={dtype!r}"
    )


def dtype_name(dtype):
    """TF's name for a torch dtype, e.g. `torch.float32` -> `"float32"`."""
    return str(as_dtype(dtype)).replace("torch.", "")
