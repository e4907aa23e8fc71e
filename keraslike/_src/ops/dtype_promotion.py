"""TF's dtype promotion modes (`tnp.experimental_enable_numpy_behavior(dtype_conversion_mode=...)`).

TF never promotes by default ("off"): `int32 + float32` is an error. Enabling numpy behaviour picks a mode:

- "legacy" (the default of `experimental_enable_numpy_behavior`): tensor operators (`+`, `*`, `@`, ...) and
  `tf.experimental.numpy` functions promote as numpy does (`np.result_type` over the operands' dtypes, Python
  scalars taken as numpy 2 takes them: `int32 + 2.5` is float64, `float32 + 2.5` float32); `prefer_float32`
  reads Python floats as float32 scalars. Free TF ops (`tf.add`) still do not promote.
- "all": operators and TF ops (`tf.add`, `tf.math.*` through their operand conversion) promote on TF's lattice:
  bool < ints < floats < complex; an unsigned and a signed int meet at the next signed width (u8+i8 -> i16,
  u64+int -> float64); any int with any float gives the float (i64 + f16 -> f16); bfloat16 and float16 meet at
  float32; a complex meets a float at the complex of the wider width. Python scalars are weak: they take the
  tensor's dtype within their kind (`int8 + 3` is int8) and a Python float with an int tensor is float64.
- "safe": as "all", but a promotion that can lose values (the result is not one of the operands' dtypes, or an
  operand does not fit it exactly: int32 into float32, uint32 into float16, ...) raises TypeError.

Tensors stay plain `torch.Tensor`; in "all"/"safe" mode one made by `tf.constant` from Python values without a dtype
is marked weak, as TF's WeakTensor (`mark_weak`), and joins other tensors as a Python scalar would. The result of
an op on weak tensors is not weak here (README lists this difference).
"""

import numpy as np
import torch

MODES = ("off", "legacy", "safe", "all")


class _State:
    mode = "off"  # one of MODES
    prefer_float32 = False


state = _State()


def set_mode(mode):
    if mode not in MODES:
        raise ValueError(f"Expected `dtype_conversion_mode` to be one of {MODES}. "
                         f"Received: dtype_conversion_mode={mode!r}")
    state.mode = mode


def set_prefer_float32(prefer):
    state.prefer_float32 = bool(prefer)


def default_float():
    """numpy's default float (float64), or float32 under `prefer_float32`."""
    return torch.float32 if state.prefer_float32 else torch.float64


# ---- legacy: numpy's rules ----------------------------------------------------------------------------------

def _numpy_kind(x):
    """What `np.result_type` should see for `x`: a numpy dtype, or a Python scalar (weak, as numpy 2)."""
    if isinstance(x, torch.Tensor):
        return np.dtype(np.float16) if x.dtype == torch.bfloat16 else np.dtype(x.dtype.as_numpy_dtype)
    if isinstance(x, torch.dtype):
        return np.dtype(np.float16) if x == torch.bfloat16 else np.dtype(x.as_numpy_dtype)
    if isinstance(x, bool):
        return x
    if isinstance(x, float) and state.prefer_float32:
        return np.float32(x)
    if isinstance(x, complex) and state.prefer_float32:
        return np.complex64(x)
    if isinstance(x, (int, float, complex)):
        return x
    if isinstance(x, np.ndarray):
        return x.dtype
    return x


def _is_bf16(x):
    return (isinstance(x, torch.Tensor) and x.dtype == torch.bfloat16) or x is torch.bfloat16


def _is_f16(x):
    return (isinstance(x, torch.Tensor) and x.dtype == torch.float16) or x is torch.float16 or (
        isinstance(x, np.ndarray) and x.dtype == np.float16)


def numpy_result_type(*values):
    """The torch dtype numpy would give for `values` (tensors, dtypes, numpy arrays, Python scalars).

    bfloat16 (which numpy lacks) ranks as float16 does, except that bfloat16 with float16 is float32.
    """
    kinds = [_numpy_kind(v) for v in values]
    if not kinds:
        kinds = [np.asarray([])]
    result = np.result_type(*kinds)
    if result == np.float16 and any(_is_bf16(v) for v in values):
        result = np.dtype(np.float32) if any(_is_f16(v) for v in values) else None
        if result is None:
            return torch.bfloat16
    return torch.from_numpy(np.zeros((), result)).dtype


# ---- all / safe: TF's lattice -------------------------------------------------------------------------------

_INT_BITS = {torch.uint8: 8, torch.uint16: 16, torch.uint32: 32, torch.uint64: 64,
             torch.int8: 8, torch.int16: 16, torch.int32: 32, torch.int64: 64}
_SIGNED = {8: torch.int8, 16: torch.int16, 32: torch.int32, 64: torch.int64}
_UNSIGNED = {8: torch.uint8, 16: torch.uint16, 32: torch.uint32, 64: torch.uint64}
_FLOAT_RANK = {torch.bfloat16: 1, torch.float16: 1, torch.float32: 2, torch.float64: 3}
_MANTISSA = {torch.bfloat16: 8, torch.float16: 11, torch.float32: 24, torch.float64: 53,
             torch.complex64: 24, torch.complex128: 53}
_KNOWN = frozenset(_INT_BITS) | frozenset(_MANTISSA) | {torch.bool}
_COMPLEX_OF = {torch.bfloat16: torch.complex64, torch.float16: torch.complex64, torch.float32: torch.complex64,
               torch.float64: torch.complex128}


def _kind(dtype):
    if dtype == torch.bool:
        return "b"
    if dtype in _INT_BITS:
        return "u" if not dtype.is_signed else "i"
    if dtype.is_complex:
        return "c"
    return "f"


def _int_join(a, b):
    ka, kb = _kind(a), _kind(b)
    if ka == kb:
        return a if _INT_BITS[a] >= _INT_BITS[b] else b
    unsigned, signed = (a, b) if ka == "u" else (b, a)
    if _INT_BITS[signed] > _INT_BITS[unsigned]:
        return signed
    if _INT_BITS[unsigned] == 64:
        return torch.float64
    return _SIGNED[2 * _INT_BITS[unsigned]]


def _float_join(a, b):
    if a == b:
        return a
    if {a, b} == {torch.bfloat16, torch.float16}:
        return torch.float32
    return a if _FLOAT_RANK[a] >= _FLOAT_RANK[b] else b


def _strong_join(a, b):
    """TF's result of two non-weak dtypes in "all" mode."""
    ka, kb = _kind(a), _kind(b)
    if ka == "b":
        return b
    if kb == "b":
        return a
    if ka in "ui" and kb in "ui":
        return _int_join(a, b)
    if ka in "ui":
        return b
    if kb in "ui":
        return a
    if ka == "f" and kb == "f":
        return _float_join(a, b)
    if ka == "c" and kb == "c":
        return a if a == torch.complex128 or b == torch.complex64 else b
    real, cplx = (a, b) if ka == "f" else (b, a)
    return torch.complex128 if real == torch.float64 or cplx == torch.complex128 else torch.complex64


def _fits(dtype, result):
    """Every value of `dtype` is a value of `result`."""
    if dtype == result or dtype == torch.bool:
        return True
    k, kr = _kind(dtype), _kind(result)
    if k in "ui":
        bits = _INT_BITS[dtype] - (1 if k == "i" else 0)
        if kr in "ui":
            rbits = _INT_BITS[result] - (1 if kr == "i" else 0)
            return (k == "u" or kr == "i") and bits <= rbits
        return bits <= _MANTISSA[result]
    if k == "f":
        if kr == "f":
            return _FLOAT_RANK[result] > _FLOAT_RANK[dtype]
        return kr == "c" and _MANTISSA[result] >= _MANTISSA[dtype]
    return kr == "c" and _MANTISSA[result] >= _MANTISSA[dtype]


def _weak_join(dtype, scalar):
    """TF's result of a tensor of `dtype` with a Python scalar (weak) in "all" mode, and whether "safe" allows it."""
    k = _kind(dtype)
    if isinstance(scalar, bool):
        return dtype, True
    if isinstance(scalar, int):
        return (torch.int32 if k == "b" else dtype), True
    if isinstance(scalar, float):
        if k == "b":
            return torch.float32, True
        if k in "ui":
            return torch.float64, False
        return dtype, True
    if k == "c":
        return dtype, True
    if k == "b":
        return torch.complex128, True
    if k in "ui":
        return torch.complex128, _fits(dtype, torch.complex128)
    return _COMPLEX_OF[dtype], dtype == torch.float64


def converts(dtype, target):
    """Whether the current mode lets `tf.constant(tensor, target)` convert a `dtype` tensor ("all": any numeric
    dtype; "safe": when every value fits; "off"/"legacy": never, as TF)."""
    if state.mode == "all":
        return dtype in _KNOWN and target in _KNOWN
    if state.mode == "safe":
        return dtype in _KNOWN and target in _KNOWN and _fits(dtype, target) and (
            _kind(target) != "b" or dtype == torch.bool)
    return False


def _refuse(a, b, mode):
    raise TypeError(
        f"dtype_conversion_mode={mode!r} does not promote {a} and {b} implicitly (the result could not hold every "
        "value of both); cast one operand with tf.cast, or use dtype_conversion_mode='all'. "
        f"Received: x.dtype={a}, y.dtype={b}")


def _dtype_name(x):
    return str(x.dtype if isinstance(x, torch.Tensor) else type(x).__name__).replace("torch.", "")


_WEAK_SAMPLE = {"b": False, "u": 0, "i": 0, "f": 0.0, "c": 0j}


def mark_weak(tensor):
    """Marks a tensor `tf.constant` made from Python values without a dtype as TF's WeakTensor ("all"/"safe" mode):
    it then joins strong tensors as a Python scalar does (`tf.add(int32, tf.constant([0.5]))` is float64). Results
    of ops are not weak here (in TF an op on weak tensors only stays weak)."""
    if state.mode in ("all", "safe") and isinstance(tensor, torch.Tensor) and _kind(tensor.dtype) in _WEAK_SAMPLE:
        tensor._keraslike_weak = True
    return tensor


def is_weak(tensor):
    return getattr(tensor, "_keraslike_weak", False)


def auto_result_type(x, y, mode=None):
    """The dtype TF's "all"/"safe" mode gives `x op y` (tensors or Python scalars); TypeError when "safe" refuses."""
    mode = mode or state.mode
    x_t, y_t = isinstance(x, torch.Tensor), isinstance(y, torch.Tensor)
    if x_t and y_t and is_weak(x) != is_weak(y):  # a weak tensor joins a strong one as a Python scalar of its kind
        tensor, weak = (y, x) if is_weak(x) else (x, y)
        result, safe = _weak_join(tensor.dtype, _WEAK_SAMPLE[_kind(weak.dtype)])
    elif x_t and y_t and is_weak(x) and is_weak(y) and _kind(x.dtype) != _kind(y.dtype) and \
            {_kind(x.dtype), _kind(y.dtype)} & {"f", "c"}:  # weak int32 with weak float32: float32, lossless
        order = "buifc"
        result = x.dtype if order.index(_kind(x.dtype)) > order.index(_kind(y.dtype)) else y.dtype
        safe = True
    elif x_t and y_t:
        result = _strong_join(x.dtype, y.dtype)
        safe = result in (x.dtype, y.dtype) and _fits(x.dtype, result) and _fits(y.dtype, result)
    elif x_t or y_t:
        tensor, scalar = (x, y) if x_t else (y, x)
        result, safe = _weak_join(tensor.dtype, scalar)
    else:
        return None
    if mode == "safe" and not safe:
        _refuse(_dtype_name(x), _dtype_name(y), mode)
    return result


def _is_scalar(x):
    return isinstance(x, (bool, int, float, complex)) and not isinstance(x, np.generic)


def promote(x, y):
    """`(x, y)` as tensors of the promoted dtype under the current mode, or None when the mode does not apply.

    Used by the tensor operators ("legacy", "all", "safe") and by TF ops' operand conversion ("all", "safe").
    """
    mode = state.mode
    if mode == "off":
        return None
    x_t, y_t = isinstance(x, torch.Tensor), isinstance(y, torch.Tensor)
    if not (x_t or y_t):
        return None
    if mode == "legacy":
        if x_t and y_t and x.dtype == y.dtype:
            return None
        other = y if x_t else x
        if not (isinstance(other, (torch.Tensor, np.ndarray, np.generic)) or _is_scalar(other)):
            return None
        result = numpy_result_type(x, y)
    else:
        if isinstance(x, (np.ndarray, np.generic)):
            x = torch.from_numpy(np.asarray(x).copy())
            x_t = True
        if isinstance(y, (np.ndarray, np.generic)):
            y = torch.from_numpy(np.asarray(y).copy())
            y_t = True
        if not ((x_t or _is_scalar(x)) and (y_t or _is_scalar(y))):
            return None
        result = auto_result_type(x, y, mode)
    device = x.device if x_t else y.device
    return _as(x, result, device), _as(y, result, device)


def _as(value, dtype, device):
    if isinstance(value, torch.Tensor):
        return value if value.dtype == dtype else value.to(dtype)
    if isinstance(value, (np.ndarray, np.generic)):
        return torch.from_numpy(np.array(value, copy=True)).to(device=device, dtype=dtype)
    return torch.tensor(value, dtype=dtype, device=device)
