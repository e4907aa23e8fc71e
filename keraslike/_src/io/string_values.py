"""The one place tf.io/tf.train ops turn string values into and out of keraslike's string representation.

torch has no string dtype. keraslike's string values are what `tf.data` gives for `tf.string` leaves
(`keraslike._src.data.structure.to_tensor`): this module goes through that conversion, so the records
ops return the same kind of value as the rest of keraslike.
"""

import numpy as np
import torch

from keraslike._src.data import structure


def as_bytes_array(value, arg="value"):
    """`value` (bytes, str, list/tuple/ndarray of them, a string tensor) -> numpy object ndarray of `bytes`.

    Raises:
        TypeError: if `value` holds something other than strings, naming `arg`.
    """
    if isinstance(value, torch.Tensor):
        raise TypeError(f"Expected a string tensor for {arg}, got a tensor of dtype {value.dtype}. "
                        f"Received: {arg}={value!r}")
    if not isinstance(value, (bytes, str, list, tuple, np.ndarray, np.generic)) and hasattr(value, "numpy"):
        value = value.numpy()
    array = np.asarray(value, dtype=object) if not isinstance(value, np.ndarray) else value
    if array.dtype.kind not in "USO":
        raise TypeError(f"Expected strings for {arg}. Received: {arg}={value!r}")
    out = np.empty(array.shape, dtype=object)
    for index, item in np.ndenumerate(array):
        if isinstance(item, str):
            item = item.encode("utf-8")
        elif not isinstance(item, (bytes, np.bytes_)):
            raise TypeError(f"Expected strings for {arg}. Received: {arg}={value!r} holding {item!r}")
        out[index] = bytes(item)
    return out


def string_output(array):
    """An object ndarray of `bytes` -> keraslike's string value of that shape (`bytes` when 0-d)."""
    array = np.asarray(array, dtype=object)
    if array.ndim == 0:
        return structure.to_tensor(bytes(array[()]))
    return structure.to_tensor(array)


def is_string_value(value):
    """Whether `value` is a keraslike string value (bytes, str, an object/bytes ndarray, a string tensor)."""
    if isinstance(value, (bytes, str)):
        return True
    if isinstance(value, np.ndarray):
        return value.dtype.kind in "USO"
    return getattr(getattr(value, "dtype", None), "name", None) == "string"
