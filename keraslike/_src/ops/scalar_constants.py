"""Python scalars as tensors without a numpy round trip.

`torch.as_tensor(np.asarray(2)).to(torch.float32)` traces (under torch.export) as `lift_fresh_copy -> to.device ->
to.dtype`: a lifted constant and composite casts, which make a saved program pay `run_decompositions({})`. The same
value built by `torch.full((), value, dtype=...)` traces as one `aten.full`. `scalar_tensor` gives that tensor when
it equals the numpy cast exactly, and None otherwise (the caller converts through numpy as before):

    scalar_tensor(2, torch.float32)      -> tensor(2.)           one `full`
    scalar_tensor(300, torch.int8)       -> tensor(44)           wraps as the int64 -> int8 cast does
    scalar_tensor(2**25 + 1, torch.float32) -> None              not exact: numpy's cast rounds
    scalar_tensor(1e40, torch.float32)   -> None                 the cast gives inf, `full` raises
"""

import math

import torch

_INT_BITS = {torch.int8: 8, torch.uint8: 8, torch.int16: 16, torch.int32: 32, torch.int64: 64}
_EXACT_INT = {torch.float16: 2**11, torch.bfloat16: 2**8, torch.float32: 2**24, torch.float64: 2**53,
              torch.complex64: 2**24, torch.complex128: 2**53}


def scalar_value(value, dtype):
    """The Python number `torch.as_tensor(np.asarray(value)).to(dtype)` holds, for a Python bool/int/float `value`
    where `torch.full` builds that tensor exactly; None otherwise.

    Integers wrap into integer dtypes as the int64 cast does and go to floating dtypes only while exact (|value| at
    most 2**mantissa bits); floats go to float32/float64 only, within their range (inf and nan included), where
    `full` rounds as the cast does.
    """
    if type(value) is bool:
        return value
    if type(value) is int:
        if not -2**63 <= value < 2**63:
            return None
        if dtype in _INT_BITS:
            bits = _INT_BITS[dtype]
            wrapped = value % 2**bits
            return wrapped - 2**bits if dtype != torch.uint8 and wrapped >= 2**(bits - 1) else wrapped
        limit = _EXACT_INT.get(dtype)
        return value if limit is not None and abs(value) <= limit else None
    if type(value) is float and dtype in (torch.float32, torch.float64):
        return value if math.isnan(value) or math.isinf(value) or abs(value) <= torch.finfo(dtype).max else None
    return None


def scalar_tensor(value, dtype, device=None):
    """`value` as a 0-d tensor of `dtype` on `device` by one `torch.full`, or None where `scalar_value` is None."""
    exact = scalar_value(value, dtype)
    return None if exact is None else torch.full((), exact, dtype=dtype, device=device)
