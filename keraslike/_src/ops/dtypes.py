"""TF dtype names mapped onto torch dtypes (`tf.float32` is `torch.float32`).

Mirrors `tensorflow/python/framework/dtypes.py`: the public names are the
torch dtypes themselves, so tensors made by either library compare equal.
"""

import sys

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
# torch has these with few kernels (copy, cast, comparisons, bit ops on CPU; no arithmetic on uint16/32/64):
# cast to a wider signed dtype to compute, as `tf.cast(x, tf.int64)`.
uint16 = torch.uint16
uint32 = torch.uint32
uint64 = torch.uint64
# torch's quantized dtypes hold per-tensor quantized values (torch.quantize_per_tensor), as TF's qint types;
# TF's qint16/quint16 have no torch counterpart and are absent.
qint8 = torch.qint8
quint8 = torch.quint8
qint32 = torch.qint32
QUANTIZED_DTYPES = frozenset({qint8, quint8, qint32})
# `tf.dtypes.experimental`: torch's 8-bit floats and sub-byte ints (storage and casts; few kernels). TF's
# float8_e4m3b11fnuz has no torch counterpart, and torch's float4 is a packed pair (float4_e2m1fn_x2), so both
# are absent. Casting a value beyond a float8 type's range saturates in torch, where TF gives NaN (inf for e5m2).
float8_e4m3fn = torch.float8_e4m3fn
float8_e4m3fnuz = torch.float8_e4m3fnuz
float8_e5m2 = torch.float8_e5m2
float8_e5m2fnuz = torch.float8_e5m2fnuz
int4, uint4, int2, uint2 = torch.int4, torch.uint4, torch.int2, torch.uint2
SUB_BYTE_LIMITS = {int4: (-8, 7), uint4: (0, 15), int2: (-2, 1), uint2: (0, 3)}

# TF's DataType enum values (tensorflow/core/framework/types.proto): `as_dtype(1)` is float32, as in TF.
DATATYPE_ENUM = {
    torch.float32: 1, torch.float64: 2, torch.int32: 3, torch.uint8: 4, torch.int16: 5, torch.int8: 6,
    torch.complex64: 8, torch.int64: 9, torch.bool: 10, torch.qint8: 11, torch.quint8: 12, torch.qint32: 13,
    torch.bfloat16: 14, torch.uint16: 17, torch.complex128: 18, torch.float16: 19, torch.uint32: 22,
    torch.uint64: 23, torch.float8_e5m2: 24, torch.float8_e4m3fn: 25, torch.float8_e4m3fnuz: 26,
    torch.float8_e5m2fnuz: 28, torch.int4: 29, torch.uint4: 30, torch.int2: 31, torch.uint2: 32,
}
_BY_ENUM = {value: dtype for dtype, value in DATATYPE_ENUM.items()}


class StringDType:
    """`tf.string`: torch has no string dtype, so this sentinel names the dtype of `StringTensor`s.

    Mirrors the string entry of `tensorflow/python/framework/dtypes.py`: it carries the `tf.DType`
    attributes TF code reads (`name`, `is_floating`, `as_numpy_dtype`, ...). There is one instance,
    `string`; values of this dtype are `keraslike._src.ops.string_tensor.StringTensor`s.
    """

    name = "string"
    is_floating = is_integer = is_bool = is_complex = is_unsigned = is_quantized = False
    is_floating_point = is_signed = False
    is_numpy_compatible = True
    as_numpy_dtype = object
    as_datatype_enum = 7  # DT_STRING in tensorflow/core/framework/types.proto
    size = 0  # TF's tf.string.size (strings have no fixed width)
    itemsize = 0

    @property
    def base_dtype(self):
        return self

    @property
    def real_dtype(self):
        return self

    @property
    def min(self):
        raise TypeError("Cannot find minimum value of string.")

    @property
    def max(self):
        raise TypeError("Cannot find maximum value of string.")

    def is_compatible_with(self, other):
        """True when `other` names the string dtype."""
        try:
            return as_dtype(other) is self
        except TypeError:
            return False

    def __repr__(self):
        return "tf.string"

    def __str__(self):
        return "<dtype: 'string'>"

    def __reduce__(self):
        return "string"


string = StringDType()

_BY_NAME = {
    "float16": float16, "half": float16, "bfloat16": bfloat16,
    "float32": float32, "float": float32, "float64": float64, "double": float64,
    "int8": int8, "int16": int16, "int32": int32, "int64": int64, "uint8": uint8,
    "bool": bool, "complex64": complex64, "complex128": complex128, "string": string,
    "uint16": uint16, "uint32": uint32, "uint64": uint64, "qint8": qint8, "quint8": quint8, "qint32": qint32,
    "float8_e4m3fn": float8_e4m3fn, "float8_e4m3fnuz": float8_e4m3fnuz, "float8_e5m2": float8_e5m2,
    "float8_e5m2fnuz": float8_e5m2fnuz, "int4": int4, "uint4": uint4, "int2": int2, "uint2": uint2,
}


def as_dtype(dtype):
    """Return the torch dtype for a TF/numpy/torch dtype spec.

    Args:
        dtype: a `torch.dtype`, a name such as `"float32"` (`"uint32"`, `"qint8"`, ...), a numpy dtype
            or numpy scalar type, TF's DataType enum value (`1` is float32), or `None` (returned unchanged).

    Returns:
        `torch.dtype`, the `string` sentinel (for "string", `np.object_`, `str`, `bytes`), or `None`.

    Raises:
        TypeError: if `dtype` names no known dtype.
    """
    if dtype is None or dtype is string or isinstance(dtype, torch.dtype):
        return dtype
    if isinstance(dtype, int) and not isinstance(dtype, type(True)) and dtype in _BY_ENUM:
        return _BY_ENUM[dtype]
    if dtype == 7:  # DT_STRING
        return string
    if isinstance(dtype, type) and issubclass(dtype, (str, bytes, np.str_, np.bytes_, np.object_)):
        return string
    if isinstance(dtype, str):
        key = dtype.replace("tf.", "").replace("torch.", "")
        if key in _BY_NAME:
            return _BY_NAME[key]
    try:
        np_dtype = np.dtype(dtype)
    except TypeError:
        np_dtype = None
    if np_dtype is not None and np_dtype.kind in "USO":
        return string
    if np_dtype is not None and np_dtype.name in _BY_NAME:
        return _BY_NAME[np_dtype.name]
    raise TypeError(
        "Expected a dtype such as tf.float32, 'float32' or np.float32. "
        f"Received: dtype={dtype!r}"
    )


class DTypeName(str):
    """Keras 3's dtype: the name as a plain string (`"float32"`), which also equals the torch dtype it names.

    Keras 3 reports variables' and KerasTensors' dtypes as strings; in TF `"float32" == tf.float32` is True,
    and keraslike's `tf.float32` is `torch.float32`, so this string equals both. Prints, hashes, pickles and
    converts (`np.dtype(...)`, `json.dumps`) as the plain string. torch functions need a `torch.dtype`: pass it
    through `as_dtype` first.
    """

    __slots__ = ()

    def __eq__(self, other):
        if isinstance(other, torch.dtype) or other is string:
            return _BY_NAME.get(str(self)) is other
        return str.__eq__(self, other)

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = str.__hash__

    def __reduce__(self):
        return (str, (str(self),))


def read_by_library(depth=2):
    """Whether the code `depth` frames up (the reader of a `dtype` attribute) is keraslike's own or torch's.

    Keras 3 objects report their dtype as a string to users, while keraslike's implementation and torch
    (its optimizers, distributed wrappers) pass a variable's dtype on to torch functions, which need a
    `torch.dtype`: they get the tensor dtype. So does code torch.compile traces (`jit_compile=True`), which
    cannot look at frames without breaking the graph.
    """
    if torch.compiler.is_compiling():
        return True
    module = sys._getframe(depth).f_globals.get("__name__") or ""
    return module.startswith(_LIBRARY_MODULES) or module == "torch"


_LIBRARY_MODULES = ("keraslike._src.", "torch.")


def keras_dtype(dtype):
    """Keras 3's dtype string (a `DTypeName`) for a TF/torch/numpy dtype spec, e.g. `torch.float32` -> `"float32"`."""
    name = _KERAS_NAMES.get(dtype) if isinstance(dtype, torch.dtype) else None
    if name is None:
        name = DTypeName(dtype_name(dtype))
        if isinstance(dtype, torch.dtype):
            _KERAS_NAMES[dtype] = name
    return name


_KERAS_NAMES = {}  # torch dtype -> its DTypeName (read on every Keras variable's `dtype`)


def keras_dtype_or_given(dtype):
    """`keras_dtype(dtype)` for a dtype; any other value (a policy name such as "mixed_float16") as given."""
    try:
        return keras_dtype(dtype)
    except TypeError:
        return dtype


def dtype_name(dtype):
    """TF's name for a torch dtype, e.g. `torch.float32` -> `"float32"` (`"string"` for `tf.string`)."""
    dtype = as_dtype(dtype)
    return "string" if dtype is string else str(dtype).replace("torch.", "")
