"""`tf.dtypes`: dtype names (the torch dtypes themselves), `as_dtype`, `cast`, `saturate_cast`."""

# ruff: noqa: F401, I001
import torch as _torch

from keraslike._src.ops.dtypes import (
    QUANTIZED_DTYPES, as_dtype, bfloat16, bool, complex64, complex128, double, float16, float32, float64, half,
    int8, int16, int32, int64, qint8, qint32, quint8, string, uint8, uint16, uint32, uint64,
)
from keraslike._src.ops.math import complex
from keraslike._src.ops.math import cast, saturate_cast

DType = _torch.dtype
from keraslike.dtypes import experimental
