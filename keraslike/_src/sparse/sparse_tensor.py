"""`tf.sparse.SparseTensor` and `tf.SparseTensorSpec`: a sparse tensor as (indices, values, dense_shape).

Mirrors `tensorflow/python/framework/sparse_tensor.py`. The three parts are kept as TF defines them:
`indices` an int64 tensor of shape `(N, rank)`, `values` a tensor of shape `(N,)` (any dtype; strings are
keraslike string values), `dense_shape` an int64 tensor of shape `(rank,)`. Numeric densification goes
through torch's sparse COO tensors (`to_torch_sparse`).
"""

import collections

import numpy as np
import torch

from keraslike._src.io import string_values
from keraslike._src.nest.composite import CompositeTensor
from keraslike._src.ops.conversion import convert_to_tensor
from keraslike._src.ops.tensor_shape import TensorShape, as_shape
from keraslike._src.ops.tensor_spec import as_spec_dtype, dtype_repr, string

SparseTensorValue = collections.namedtuple("SparseTensorValue", ["indices", "values", "dense_shape"])
SparseTensorValue.__doc__ = """`tf.compat.v1.SparseTensorValue`: numpy (indices, values, dense_shape), as
`Dataset.as_numpy_iterator` yields a SparseTensor."""


def _int64_tensor(value, arg):
    if isinstance(value, torch.Tensor):
        tensor = value
    else:
        tensor = torch.as_tensor(np.asarray(value.numpy() if hasattr(value, "numpy") else value))
    if tensor.dtype.is_floating_point or tensor.dtype.is_complex or tensor.dtype == torch.bool:
        raise TypeError(f"Expected an integer tensor for SparseTensor {arg}. Received: {arg}={value!r}")
    return tensor.to(torch.int64)


class SparseTensor(CompositeTensor):
    """`tf.sparse.SparseTensor(indices, values, dense_shape)`: the non-default entries of a tensor.

    Args:
        indices: int64 `(N, rank)`: the coordinates of the N stored values (TF wants them in row-major
            order; `tf.sparse.reorder` sorts them).
        values: `(N,)` tensor (numbers or strings) of the stored values.
        dense_shape: int64 `(rank,)`: the shape of the dense tensor.

    Raises:
        TypeError: non-integer `indices` or `dense_shape`.
        ValueError: parts whose shapes disagree (`indices` not 2-D, `values` not 1-D, a count or rank
            mismatch).

    Example:
        >>> st = tf.sparse.SparseTensor(indices=[[0, 0], [1, 2]], values=[1, 2], dense_shape=[3, 4])
        >>> tf.sparse.to_dense(st).shape
        TensorShape([3, 4])
    """

    def __init__(self, indices, values, dense_shape):
        indices = _int64_tensor(indices, "indices")
        dense_shape = _int64_tensor(dense_shape, "dense_shape")
        if string_values.is_string_value(values):
            values = string_values.string_output(string_values.as_bytes_array(values, "values"))
        else:
            values = convert_to_tensor(values) if not isinstance(values, torch.Tensor) else values
        if indices.ndim != 2:
            raise ValueError(f"Expected SparseTensor indices of rank 2 (N, rank). Received: shape "
                             f"{tuple(indices.shape)}")
        if dense_shape.ndim != 1:
            raise ValueError(f"Expected SparseTensor dense_shape of rank 1. Received: shape {tuple(dense_shape.shape)}")
        count = _length(values)
        if _ndim(values) != 1 or count != indices.shape[0]:
            raise ValueError(f"Expected SparseTensor values of shape ({indices.shape[0]},) to match indices. "
                             f"Received: values shape {_shape(values)}")
        if indices.shape[1] != dense_shape.shape[0]:
            raise ValueError(f"Expected indices of shape (N, {dense_shape.shape[0]}) for a dense_shape of rank "
                             f"{dense_shape.shape[0]}. Received: indices shape {tuple(indices.shape)}")
        self._indices, self._values, self._dense_shape = indices, values, dense_shape

    @classmethod
    def from_value(cls, value):
        """A `SparseTensor` as is, or one from a `tf.compat.v1.SparseTensorValue`-like triple."""
        if isinstance(value, SparseTensor):
            return value
        return cls(value.indices, value.values, value.dense_shape)

    @property
    def indices(self):
        """int64 `(N, rank)` coordinates of the stored values."""
        return self._indices

    @property
    def values(self):
        """`(N,)` stored values."""
        return self._values

    @property
    def dense_shape(self):
        """int64 `(rank,)` shape of the dense tensor."""
        return self._dense_shape

    @property
    def dtype(self):
        """The dtype of `values` (`tf.string` for strings)."""
        return string if string_values.is_string_value(self._values) else self._values.dtype

    @property
    def shape(self):
        """The dense shape as a `tf.TensorShape`."""
        return TensorShape(self._dense_shape.tolist())

    def get_shape(self):
        return self.shape

    def set_shape(self, shape):
        """Checks that `shape` is compatible with the dense shape (an eager shape is fully known), as TF.

        Raises:
            ValueError: if `shape` is not compatible with the dense shape.
        """
        self.shape.merge_with(as_shape(shape))

    @property
    def ndim(self):
        return int(self._dense_shape.shape[0])

    def with_values(self, new_values):
        """A `SparseTensor` with the same indices and shape and `new_values` (same length)."""
        return SparseTensor(self._indices, new_values, self._dense_shape)

    def to_torch_sparse(self):
        """A `torch.sparse_coo_tensor` of the numeric values (raises TypeError for strings)."""
        if self.dtype is string:
            raise TypeError("Expected a numeric SparseTensor for a torch sparse tensor; torch has no string dtype. "
                            "Received: dtype=tf.string")
        return torch.sparse_coo_tensor(self._indices.t(), self._values, tuple(self._dense_shape.tolist()))

    def numpy_values(self):
        """A `SparseTensorValue` of numpy arrays (what `as_numpy_iterator` yields for a SparseTensor)."""
        values = self._values.detach().cpu().numpy() if isinstance(self._values, torch.Tensor) else np.array(
            string_values.as_bytes_array(self._values))
        return SparseTensorValue(self._indices.numpy(), values, self._dense_shape.numpy())

    def _to_components(self):
        return [self._indices, self._values, self._dense_shape]

    def _from_components(self, components):
        return SparseTensor(*components)

    def _structure_key(self):
        return ("SparseTensor", self.dtype)

    def __repr__(self):
        return (f"SparseTensor(indices={_tf_repr(self._indices)}, values={_tf_repr(self._values)}, "
                f"dense_shape={_tf_repr(self._dense_shape)})")

    __hash__ = None

    def __mul__(self, other):
        """Elementwise product with a dense tensor that broadcasts to the dense shape (`sparse_dense_cwise_mul`);
        `other` is converted to this tensor's dtype, as TF does (`st * 2` stays int32; a float raises)."""
        return self.with_values(self._values * _dense_at(other, self))

    def __truediv__(self, other):
        """Elementwise true division by a dense tensor (`other` converted to this dtype first); integer values
        divide as TF's truediv: int32/int64 give float64, smaller integers float32."""
        values, other = self._values, _dense_at(other, self)
        if not (values.dtype.is_floating_point or values.dtype.is_complex):
            target = torch.float64 if values.dtype in (torch.int32, torch.int64) else torch.float32
            values, other = values.to(target), other.to(target)
        return self.with_values(values / other)

    def __neg__(self):
        return self.with_values(-self._values)

    def __abs__(self):
        return self.with_values(self._values.abs())


def _dense_at(other, sparse):
    """`other` (converted to `sparse`'s dtype) broadcast to the dense shape, read at `sparse`'s indices."""
    other = convert_to_tensor(other, dtype=sparse.dtype)
    full = torch.broadcast_to(other, tuple(sparse.dense_shape.tolist()))
    return full[tuple(sparse.indices.t())] if sparse.indices.shape[0] else full.reshape(-1)[:0]


def _length(values):
    return len(values) if not isinstance(values, bytes) else -1


def _ndim(values):
    return values.ndim if hasattr(values, "ndim") else 0


def _shape(values):
    return tuple(values.shape) if hasattr(values, "shape") else ()


def _tf_repr(value):
    """TF's `str()` of an eager tensor: `tf.Tensor(<numpy str>, shape=(...), dtype=...)`."""
    if isinstance(value, torch.Tensor):
        array, dtype = value.detach().cpu().numpy(), dtype_repr(value.dtype)[3:]
    else:
        array, dtype = string_values.as_bytes_array(value), "string"
    text = str(array)
    return f"tf.Tensor({chr(10) if chr(10) in text else ''}{text}, shape={tuple(array.shape)}, dtype={dtype})"


class SparseTensorSpec:
    """`tf.SparseTensorSpec(shape=None, dtype=tf.float32)`: the type of a `SparseTensor`.

    `is_compatible_with(value)` checks a SparseTensor's dtype and dense rank/sizes.
    """

    def __init__(self, shape=None, dtype=torch.float32):
        self._shape, self._dtype = as_shape(shape), as_spec_dtype(dtype)

    shape = property(lambda self: self._shape)
    dtype = property(lambda self: self._dtype)
    value_type = property(lambda self: SparseTensor, doc="The type of value described: `SparseTensor`.")

    @classmethod
    def from_value(cls, value):
        return cls(value.shape, value.dtype)

    def is_compatible_with(self, other):
        if isinstance(other, SparseTensor):
            other = SparseTensorSpec.from_value(other)
        return (isinstance(other, SparseTensorSpec) and other.dtype == self.dtype
                and _shapes_compatible(self._shape, other.shape))

    def __eq__(self, other):
        return isinstance(other, SparseTensorSpec) and (self._shape, self._dtype) == (other.shape, other.dtype)

    def __hash__(self):
        return hash((tuple(self._shape.as_list()) if self._shape.rank is not None else None, repr(self._dtype)))

    def __repr__(self):
        return f"SparseTensorSpec({self._shape!r}, {dtype_repr(self._dtype)})"


def _shapes_compatible(a, b):
    if a.rank is None or b.rank is None:
        return True
    return a.rank == b.rank and all(x is None or y is None or x == y for x, y in zip(a.as_list(), b.as_list()))


def _cat(values):
    if isinstance(values[0], torch.Tensor):
        return torch.cat(values)
    return string_values.string_output(np.concatenate([string_values.as_bytes_array(v) for v in values]))


def stack_sparse(parts):
    """`Dataset.batch` of SparseTensors: a batch dimension first; the dense shape is the largest of each dimension.

    Raises:
        ValueError: parts of different ranks (TF's batching error).
    """
    ranks = {p.ndim for p in parts}
    if len(ranks) != 1:
        raise ValueError(f"Cannot batch SparseTensors of different ranks. Received: ranks={sorted(ranks)}")
    indices = [torch.cat([torch.full((p.indices.shape[0], 1), i, dtype=torch.int64), p.indices], 1)
               for i, p in enumerate(parts)]
    shape = torch.stack([p.dense_shape for p in parts]).max(0).values
    return SparseTensor(torch.cat(indices), _cat([p.values for p in parts]),
                        torch.cat([torch.tensor([len(parts)], dtype=torch.int64), shape]))


def sparse_row(sparse, index):
    """Row `index` of the first dimension of a SparseTensor (`unbatch`, `from_tensor_slices`)."""
    keep = (sparse.indices[:, 0] == index).nonzero().reshape(-1)
    values = sparse.values[keep] if isinstance(sparse.values, torch.Tensor) else string_values.string_output(
        string_values.as_bytes_array(sparse.values)[keep.numpy()])
    return SparseTensor(sparse.indices[keep, 1:], values, sparse.dense_shape[1:])
