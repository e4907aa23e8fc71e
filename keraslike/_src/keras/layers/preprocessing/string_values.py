"""String values for the text preprocessing layers: numpy object arrays of `bytes` in, `tf.string` tensors out.

The layers (`StringLookup`, `TextVectorization`, `Hashing`, `HashedCrossing`) compute on object
ndarrays of `bytes` (TF's `tstring` values). `as_bytes_array` takes whatever a user passes (str,
bytes, nested lists, numpy str/bytes/object arrays, `tf.string` tensors) and `string_output`
gives the `tf.string` result back.
"""

import numpy as np
import torch

try:  # the tf.string tensor type (keraslike/_src/ops/string_tensor.py) once it is on main
    from keraslike._src.ops import string_tensor as _string_tensor
except ImportError:  # pragma: no cover - until then strings stay object arrays of bytes
    _string_tensor = None
HAVE_STRING_TENSOR = _string_tensor is not None


def is_string_value(value):
    """True for str/bytes, `tf.string` tensors, and arrays/lists whose first leaf is str/bytes."""
    if isinstance(value, (str, bytes)):
        return True
    if _string_tensor is not None and _string_tensor.is_string_tensor(value):
        return True
    if isinstance(value, np.ndarray):
        return value.dtype.kind in "SU" or (value.dtype == object and value.size > 0 and isinstance(
            value.reshape(-1)[0], (str, bytes)))
    if isinstance(value, (list, tuple)):
        leaf = value
        while isinstance(leaf, (list, tuple)) and leaf:
            leaf = leaf[0]
        return isinstance(leaf, (str, bytes))
    return False


def _encode(value, encoding):
    if isinstance(value, bytes):
        return value
    if isinstance(value, np.bytes_):
        return bytes(value)
    if isinstance(value, str):
        return value.encode(encoding)
    raise TypeError(f"Expected string values (str or bytes). Received: value={value!r} of type "
                    f"{type(value).__name__}")


def as_bytes_array(value, encoding="utf-8"):
    """`value` as an object ndarray of `bytes` (any rank, 0-d for a scalar).

    Raises:
        TypeError: for non-string values (numbers, torch tensors, ragged nesting).
    """
    if _string_tensor is not None and _string_tensor.is_string_tensor(value):
        return np.asarray(_string_tensor.as_string_array(value), dtype=object)
    if isinstance(value, torch.Tensor):
        raise TypeError(f"Expected string inputs, got a {value.dtype} tensor. Received: value={value!r}")
    if isinstance(value, (str, bytes, np.bytes_, np.str_)):
        out = np.empty((), dtype=object)
        out[()] = _encode(value, encoding)
        return out
    arr = np.asarray(value, dtype=object) if not isinstance(value, np.ndarray) else value
    if arr.dtype.kind not in "OSU":
        raise TypeError(f"Expected string inputs, got values of dtype {arr.dtype}. Received: value={value!r}")
    out = np.empty(arr.shape, dtype=object)
    flat_in, flat_out = arr.reshape(-1), out.reshape(-1)
    for i, item in enumerate(flat_in):
        flat_out[i] = _encode(item, encoding)
    return out


def string_output(array):
    """A `tf.string` result for the object ndarray of bytes `array` (a StringTensor when available)."""
    if _string_tensor is not None:
        return _string_tensor.string_tensor(array)
    return array


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
    """A `tf.RaggedTensor` of `flat_values` (torch tensor) split into rows of `row_lengths`.

    Raises:
        ValueError: until keraslike's RaggedTensor type exists, naming the dense alternative.
    """
    ragged = getattr(_string_tensor, "RaggedTensor", None) if _string_tensor is not None else None
    if ragged is None:
        raise ValueError("`ragged=True` needs tf.RaggedTensor, which this keraslike build does not have yet; use "
                         "ragged=False (rows padded with 0) or `output_sequence_length`. Received: ragged=True")
    return ragged.from_row_lengths(flat_values, torch.as_tensor(list(row_lengths), dtype=torch.int64))
