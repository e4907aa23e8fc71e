"""`tf.type_spec_from_value`: the type spec of a value (tensor, Python number, dataset, sparse or ragged tensor).

Mirrors `tensorflow/python/framework/type_spec.py` (`type_spec_from_value`) for the value kinds keraslike has.
"""

import numpy as np
import torch

from keraslike._src.data.dataset import Dataset
from keraslike._src.data.dataset_spec import DatasetSpec
from keraslike._src.data.iterator import DatasetIterator
from keraslike._src.data.optional import Optional
from keraslike._src.ops.conversion import convert_to_tensor
from keraslike._src.ops.string_tensor import StringTensor
from keraslike._src.ops.tensor_spec import TensorSpec
from keraslike._src.ragged.ragged_tensor import RaggedTensor
from keraslike._src.ragged.ragged_tensor_spec import RaggedTensorSpec
from keraslike._src.sparse.sparse_tensor import SparseTensor, SparseTensorSpec


def type_spec_from_value(value):
    """`tf.type_spec_from_value(value)`: `TensorSpec` of a tensor-like (its shape and dtype, Python ints as
    int32 and floats as float32, as `tf.constant`), `DatasetSpec` of a dataset, `IteratorSpec` of an iterator,
    `OptionalSpec` of an Optional, `SparseTensorSpec` of a `SparseTensor`, `RaggedTensorSpec` of a `RaggedTensor`.

    Raises:
        TypeError: a value of another kind (TF: "Could not build a TypeSpec").
    """
    if isinstance(value, Dataset):
        return DatasetSpec(value.element_spec)
    if isinstance(value, (DatasetIterator, Optional)) or getattr(type(value), "_keraslike_extension_type", False):
        return value._type_spec  # (an ExtensionType's spec: `Cls.Spec`)
    if isinstance(value, SparseTensor):
        return SparseTensorSpec.from_value(value)
    if isinstance(value, RaggedTensor):
        return RaggedTensorSpec.from_value(value)
    if isinstance(value, (torch.Tensor, StringTensor)):
        return TensorSpec.from_tensor(value)
    if isinstance(value, (bool, int, float, complex, list, tuple, np.ndarray, np.generic, str, bytes)):
        try:
            tensor = convert_to_tensor(value)
        except (TypeError, ValueError):
            tensor = None
        if tensor is not None:
            return TensorSpec(tensor.shape, tensor.dtype)
    raise TypeError(f"Could not build a TypeSpec for {value!r} of unsupported type {type(value)}.")
