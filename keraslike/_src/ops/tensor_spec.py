"""`tf.TensorSpec`: the shape and dtype of a tensor, used to describe dataset elements.

Mirrors `tensorflow/python/framework/tensor_spec.py` (the parts tf.data relies on).
Dtypes are torch dtypes (`tf.float32` is `torch.float32`); TF's string dtype is the
`string` sentinel of `ops/dtypes.py`, whose values are `StringTensor`s.
"""

import numpy as np
import torch

from keraslike._src.ops.conversion import convert_to_tensor
from keraslike._src.ops.dtypes import as_dtype, string  # noqa: F401  (`string` re-exported here too)
from keraslike._src.ops.tensor_shape import as_shape


def as_spec_dtype(dtype):
    """Normalizes a TF/numpy/torch dtype (or a string dtype) to a torch dtype or `string`.

    Raises:
        TypeError: if `dtype` names no known dtype.
    """
    if dtype is string or isinstance(dtype, torch.dtype):
        return dtype
    if isinstance(dtype, str) and dtype in ("string", "tf.string"):
        return string
    if isinstance(dtype, type) and issubclass(dtype, (str, bytes, np.str_, np.bytes_, np.object_)):
        return string
    if isinstance(dtype, np.dtype) and dtype.kind in "USO":
        return string
    return as_dtype(dtype)


def dtype_repr(dtype):
    """TF's printed form of a dtype, e.g. `tf.float32`."""
    return repr(dtype) if dtype is string else "tf." + str(dtype).replace("torch.", "")


class TensorSpec:
    """Describes a tensor by its (possibly partial) shape and its dtype.

    Args:
        shape: the static shape: a list/tuple of `int`/`None`, a `TensorShape`, or `None`
            for unknown rank.
        dtype: the dtype, default `tf.float32` (`torch.float32`); `tf.string` for strings.
        name: optional name.

    Raises:
        TypeError: if `dtype` is not a dtype or a shape dimension is not an int/None.

    Example:
        >>> TensorSpec(shape=(None, 3), dtype=torch.int64)
        TensorSpec(shape=(None, 3), dtype=tf.int64, name=None)
    """

    __slots__ = ("_dtype", "_name", "_shape")

    def __init__(self, shape, dtype=torch.float32, name=None):
        self._shape = as_shape(shape)
        self._dtype = as_spec_dtype(dtype)
        self._name = name

    @classmethod
    def from_tensor(cls, tensor, name=None):
        """Returns the spec of `tensor` (a torch tensor, numpy array or Python value, converted as TF eager does)."""
        value = convert_to_tensor(tensor)
        return cls(tuple(value.shape), value.dtype, name)

    @classmethod
    def from_spec(cls, spec, name=None):
        """`TensorSpec.from_spec(spec, name=None)`: a spec with `spec`'s shape and dtype, named `name` (default
        `spec.name`).

        Raises:
            AttributeError: `spec` has no name (a `RaggedTensorSpec` or `SparseTensorSpec`, as in TF).
        """
        if type(spec).__name__ in ("RaggedTensorSpec", "SparseTensorSpec") or not hasattr(spec, "name"):
            raise AttributeError(f"'{type(spec).__name__}' object has no attribute 'name'")
        return cls(spec.shape, spec.dtype, name or spec.name)

    @property
    def value_type(self):
        """The type of value the spec describes: `torch.Tensor` (`tf.Tensor`)."""
        return torch.Tensor

    @property
    def shape(self):
        """The `TensorShape` of the described tensor."""
        return self._shape

    @property
    def dtype(self):
        """The torch dtype (or `tf.string`) of the described tensor."""
        return self._dtype

    @property
    def name(self):
        """The optional name given at construction."""
        return self._name

    def is_compatible_with(self, spec_or_value):
        """True when `spec_or_value` (a spec, tensor or array) has this dtype and a compatible shape."""
        if not isinstance(spec_or_value, TensorSpec):
            spec_or_value = TensorSpec.from_tensor(spec_or_value)
        return self._dtype == spec_or_value.dtype and self._shape.is_compatible_with(spec_or_value.shape)

    def most_specific_compatible_type(self, other):
        """The spec covering both `self` and `other` (differing dimensions become `None`).

        Raises:
            TypeError: if the dtypes differ.
        """
        if self._dtype != other.dtype:
            raise TypeError(
                f"Expected specs with the same dtype. Received: self={self!r}, other={other!r}"
            )
        return TensorSpec(self._shape.most_specific_compatible_shape(other.shape), self._dtype)

    def __eq__(self, other):
        if not isinstance(other, TensorSpec):
            return NotImplemented
        return (self._shape, self._dtype, self._name) == (other.shape, other.dtype, other.name)

    def __hash__(self):
        return hash((self._shape, repr(self._dtype), self._name))

    def __repr__(self):
        return f"TensorSpec(shape={self._shape}, dtype={dtype_repr(self._dtype)}, name={self._name!r})"
