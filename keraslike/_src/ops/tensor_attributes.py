"""TF's attributes on torch's own tensor, shape and dtype types.

Tensors stay plain `torch.Tensor` (DESIGN §2), yet TF code reads `x.shape.as_list()`,
`x.shape.rank`, `x.get_shape()`, `x.dtype.name`, `x.dtype.is_floating` and
`x.dtype.as_numpy_dtype` everywhere. `torch.Size` and `torch.dtype` are C types that
can be neither subclassed (`torch.Size`) nor given attributes the ordinary way, so
`install()` adds the TF names to their type dictionaries (and tells CPython's method
cache, `PyType_Modified`). Nothing torch defines is replaced: `x.shape` is still the
very `torch.Size` torch returns, so there is no per-op or per-`.shape` cost (measured
in `benchmarks/tensor_attributes_overhead.py`), and `tf.float32 is torch.float32`.

Added names:
    torch.Size:   `+ list` and `list +` (a TensorShape, as TF; see `_install_size_add`),
                  as_list, rank, ndims, dims, is_fully_defined, num_elements, merge_with,
                  concatenate, is_compatible_with, most_specific_compatible_shape, with_rank*,
                  assert_* (the `tf.TensorShape` API; shape results are `tf.TensorShape`)
    torch.dtype:  name, is_floating, is_integer, is_bool, is_unsigned, is_quantized,
                  is_numpy_compatible, as_numpy_dtype, base_dtype, real_dtype, size, min, max,
                  is_compatible_with, as_datatype_enum
    torch.Tensor: get_shape, set_shape (checks compatibility, as TF eager does), ref and
                  experimental_ref (a hashable `Reference`; tensors and variables included)
"""

import ctypes
import gc

import numpy as np
import torch

from keraslike._src.ops.dtypes import DATATYPE_ENUM, QUANTIZED_DTYPES, SUB_BYTE_LIMITS, as_dtype
from keraslike._src.ops import tensor_reference, trace_state
from keraslike._src.ops.shape_methods import ShapeMethods, dims_of, is_compatible
from keraslike._src.ops.tensor_shape import TensorShape

_DATATYPE_ENUM = DATATYPE_ENUM
_QUANTIZED = tuple(QUANTIZED_DTYPES)
_QUANTIZED_NUMPY = {torch.qint8: np.int8, torch.quint8: np.uint8, torch.qint32: np.int32}


def _name(dtype):
    return str(dtype).replace("torch.", "")


def _as_numpy_dtype(dtype):
    if dtype in _QUANTIZED_NUMPY:  # TF's quantized numpy types are one-field structured dtypes
        return np.dtype([(_name(dtype), _QUANTIZED_NUMPY[dtype])])
    if dtype == torch.bfloat16:
        raise TypeError("bfloat16 has no numpy dtype here (numpy has none); cast to float32 first. "
                        f"Received: dtype={dtype}")
    return torch.empty((), dtype=dtype).numpy().dtype.type


def _is_integer(dtype):
    return not (dtype.is_floating_point or dtype.is_complex or dtype == torch.bool or dtype in _QUANTIZED)


def _limits(dtype):
    if dtype in _QUANTIZED:
        raise TypeError(f"Cannot find minimum value of {dtype} with quantized type {dtype}.")
    if dtype == torch.bool:
        raise TypeError(f"Cannot find minimum value of {dtype} with type {dtype}.")
    if dtype in SUB_BYTE_LIMITS:  # torch.iinfo has no sub-byte ints
        return SUB_BYTE_LIMITS[dtype]
    info = torch.finfo(dtype) if (dtype.is_floating_point or dtype.is_complex) else torch.iinfo(dtype)
    return info.min, info.max


def _real_dtype(dtype):
    return dtype.to_real() if dtype.is_complex else dtype


def _dtype_is_compatible_with(dtype, other):
    return dtype == as_dtype(other)


_DTYPE_ATTRIBUTES = {
    "name": property(_name, doc="TF's name of the dtype, e.g. 'float32'."),
    "is_floating": property(lambda d: d.is_floating_point, doc="True for real floating-point dtypes."),
    "is_integer": property(_is_integer, doc="True for (non-quantized) integer dtypes."),
    "is_bool": property(lambda d: d == torch.bool, doc="True for bool."),
    "is_unsigned": property(lambda d: _is_integer(d) and not d.is_signed, doc="True for unsigned integer dtypes."),
    "is_quantized": property(lambda d: d in _QUANTIZED, doc="True for quantized dtypes."),
    "is_numpy_compatible": property(lambda d: d != torch.bfloat16),
    "as_numpy_dtype": property(_as_numpy_dtype, doc="The numpy scalar type, e.g. numpy.float32."),
    "base_dtype": property(lambda d: d, doc="The dtype itself (there are no reference dtypes)."),
    "real_dtype": property(_real_dtype, doc="float32 for complex64, float64 for complex128, else itself."),
    "size": property(lambda d: d.itemsize, doc="Bytes per element."),
    "min": property(lambda d: _limits(d)[0], doc="Smallest representable value."),
    "max": property(lambda d: _limits(d)[1], doc="Largest representable value."),
    "as_datatype_enum": property(lambda d: _DATATYPE_ENUM.get(d, 0), doc="TF's DataType enum value."),
    "is_compatible_with": _dtype_is_compatible_with,
}


def _size_dims(self):
    return tuple(self)


def _size_make(self, dims):
    return TensorShape(dims)


def _shape_attributes():
    names = {k: v for k, v in vars(ShapeMethods).items() if not k.startswith("__")}
    names.update(_tf_dims=_size_dims, _tf_make=_size_make)
    return names


def get_shape(self):
    """`tensor.get_shape()`: the static shape (`x.shape`), as TF."""
    return self.shape


def set_shape(self, shape):
    """`tensor.set_shape(shape)`: eager tensors only check that `shape` is compatible, as TF.

    Raises:
        ValueError: if `shape` is not compatible with the tensor's shape.
    """
    wanted = TensorShape(shape)
    if trace_state.is_standin(self) and wanted.rank is not None and not is_compatible(tuple(self.shape),
                                                                                       dims_of(wanted)):
        self.data = torch.zeros([1 if d is None else d for d in dims_of(wanted)], dtype=self.dtype)
    if not is_compatible(tuple(self.shape), dims_of(TensorShape(shape))):
        raise ValueError(f"Tensor's shape {tuple(self.shape)} is not compatible with supplied shape "
                         f"{TensorShape(shape)}. Received: shape={shape!r}")
    trace_state.stated_shape(self, TensorShape(shape))


def add_to_type(cls, attributes):
    """Add `attributes` to a C type's dictionary, never replacing what the type already defines."""
    type_dict = gc.get_referents(cls.__dict__)[0]
    for key, value in attributes.items():
        if key not in type_dict:
            type_dict[key] = value
    ctypes.pythonapi.PyType_Modified(ctypes.py_object(cls))


# ---- `x.shape[:-1] + [k]` ----------------------------------------------------------------
# TF's `TensorShape + list` (and `list + TensorShape`) concatenates into a TensorShape (an int
# counts as one dimension, None as unknown rank); torch's `Size + list` raises. Python's `+` on
# a `torch.Size` goes through the C slot `nb_add` of its type, which a type-dictionary entry
# does not reach, so `_install_size_add` points that slot at `_size_add`: list, int and None
# operands concatenate as TF does, everything else is handed to torch's own slot unchanged
# (Size + Size stays a Size, other operands raise as before).
_BINARY_SLOT = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.py_object, ctypes.py_object)
_BINARY_CALL = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.py_object, ctypes.py_object)
_TP_AS_NUMBER = 12 * ctypes.sizeof(ctypes.c_void_p)  # offsetof(PyTypeObject, tp_as_number)
_incref = ctypes.pythonapi.Py_IncRef
_incref.argtypes = [ctypes.py_object]
_set_error = ctypes.pythonapi.PyErr_SetObject
_set_error.argtypes = [ctypes.py_object, ctypes.py_object]
_size_slot = {}


def _tf_operand(value):
    """Operands TF's `TensorShape.__add__` concatenates and torch's `Size.__add__` refuses."""
    return value is None or isinstance(value, list) or (
        isinstance(value, int) and not isinstance(value, bool))


def _size_add(a, b):
    try:
        if _tf_operand(a) or _tf_operand(b):
            result = TensorShape(a).concatenate(b)
            _incref(result)
            return id(result)
        return _size_slot["torch"](a, b)  # a new reference, or NULL with torch's error set
    except BaseException as e:  # noqa: BLE001 - handed back to the interpreter as the `+` error
        _set_error(type(e), e)
        return None


def _install_size_add():
    if _size_slot:
        return
    number_methods = ctypes.c_void_p.from_address(id(torch.Size) + _TP_AS_NUMBER).value
    nb_add = ctypes.c_void_p.from_address(number_methods)  # first member of PyNumberMethods
    probe = torch.Size([1])
    try:
        probe + [2]
    except TypeError:
        pass
    else:  # torch already concatenates lists: leave its slot alone
        return
    _size_slot["torch"] = _BINARY_CALL(nb_add.value)
    _size_slot["ours"] = _BINARY_SLOT(_size_add)
    nb_add.value = ctypes.cast(_size_slot["ours"], ctypes.c_void_p).value
    if probe + [2] != (1, 2) or probe + probe != torch.Size([1, 1]):
        raise RuntimeError("keraslike could not add TensorShape + list to torch.Size")


def install():
    """Add the TF names (idempotent)."""
    _install_size_add()
    if "as_list" not in torch.Size.__dict__:
        add_to_type(torch.Size, _shape_attributes())
    if "is_floating" not in torch.dtype.__dict__:
        add_to_type(torch.dtype, _DTYPE_ATTRIBUTES)
    for name, fn in (("get_shape", get_shape), ("set_shape", set_shape),
                     ("ref", tensor_reference.ref), ("experimental_ref", tensor_reference.ref)):
        if not hasattr(torch.Tensor, name):
            setattr(torch.Tensor, name, fn)
