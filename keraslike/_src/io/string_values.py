"""The one place tf.io/tf.train/tf.sparse ops turn string values into and out of keraslike's `StringTensor`.

torch has no string dtype; keraslike's `tf.string` tensors are `StringTensor`s
(`keraslike/_src/ops/string_tensor.py`), holding numpy object arrays of `bytes`.
"""

import torch

from keraslike._src.ops.string_tensor import StringTensor, as_string_array, looks_like_strings


def as_bytes_array(value, arg="value"):
    """`value` (bytes, str, list/tuple/ndarray of them, a `StringTensor`) -> read-only object ndarray of `bytes`.

    Raises:
        TypeError: if `value` holds something other than strings, naming `arg`.
    """
    if isinstance(value, torch.Tensor):
        raise TypeError(f"Expected a string tensor for {arg}, got a tensor of dtype {value.dtype}. "
                        f"Received: {arg}={value!r}")
    try:
        return as_string_array(value)
    except TypeError as error:
        raise TypeError(f"Expected strings for {arg}. {error}") from None


def string_output(array):
    """An object ndarray of `bytes` (any rank) -> a `StringTensor` of that shape (the array is not copied)."""
    return StringTensor.from_bytes_array(array)


def is_string_value(value):
    """Whether `value` is string data (bytes, str, a string ndarray or list, a `StringTensor`)."""
    return looks_like_strings(value)
