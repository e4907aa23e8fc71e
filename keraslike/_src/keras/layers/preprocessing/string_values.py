"""String values for the text preprocessing layers: numpy object arrays of `bytes` in, `tf.string` tensors out.

The layers (`StringLookup`, `TextVectorization`, `Hashing`, `HashedCrossing`) compute on object
ndarrays of `bytes` (TF's `tstring` values), the storage of keraslike's `StringTensor`.
`as_bytes_array` takes whatever a user passes (str, bytes, nested lists, numpy str/bytes/object arrays,
`tf.string` tensors) and `string_output` gives the `tf.string` result back.
"""

import numpy as np
import torch

from keraslike._src.ops import string_tensor
from keraslike._src.ragged.ragged_tensor import RaggedTensor


def is_string_value(value):
    """True for str/bytes, `tf.string` tensors, and arrays/lists of strings."""
    return not isinstance(value, torch.Tensor) and string_tensor.looks_like_strings(value)


def check_encoding(encoding, caller):
    """Raise unless `encoding` names UTF-8 (TF's string ops, and so these layers, decode UTF-8)."""
    if not isinstance(encoding, str) or encoding.lower().replace("-", "").replace("_", "") != "utf8":
        raise ValueError(f"{caller} reads and writes UTF-8 text only (str inputs are UTF-8 encoded). Received: "
                         f"encoding={encoding}")


def as_bytes_array(value):
    """`value` as a (read-only) object ndarray of `bytes`, any rank (0-d for a scalar).

    Raises:
        TypeError: for non-string values (numbers, torch tensors); ValueError for ragged nesting.
    """
    if isinstance(value, torch.Tensor):
        raise TypeError(f"Expected string inputs, got a {value.dtype} tensor. Received: value={value!r}")
    return string_tensor.as_string_array(value)


def string_output(array):
    """The `tf.string` tensor of the object ndarray of bytes `array`."""
    return string_tensor.string_tensor(array)


def to_numpy_values(value):
    """Any tensor/array/list input as a numpy array (strings as object bytes, numbers as they are)."""
    if is_string_value(value):
        return as_bytes_array(value)
    if isinstance(value, torch.Tensor):
        return value.detach().cpu().numpy()
    if hasattr(value, "numpy") and not isinstance(value, np.ndarray):
        value = value.numpy()
    return np.asarray(value)


def ragged_output(flat_values, row_lengths):
    """A `tf.RaggedTensor` of `flat_values` (a torch tensor) split into rows of `row_lengths`."""
    return RaggedTensor.from_row_lengths(flat_values, torch.as_tensor(list(row_lengths), dtype=torch.int64))
