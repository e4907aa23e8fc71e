"""The raw inputs feature columns read: a feature as a 2-D tensor, and categorical ids as padded arrays.

A categorical column's output here is `Ids`: `ids` (int64, `[batch, k]`), `valid` (bool, `[batch, k]`: the
entries TF's sparse tensor holds; TF drops -1 from integer inputs and "" from string inputs) and optional
`weights` (float32, `[batch, k]`). Padding stands where TF's sparse tensor has no entry.
"""

import collections

import numpy as np
import torch

from keraslike._src.ops import conversion
from keraslike._src.ops.string_tensor import StringTensor, looks_like_strings

Ids = collections.namedtuple("Ids", ["ids", "valid", "weights"])


def is_strings(value):
    return isinstance(value, StringTensor) or looks_like_strings(value)


def raw_feature(features, key):
    """`features[key]` as a 2-D tensor (rank-1 inputs get a trailing dimension, as TF's columns do): a torch
    tensor, or a numpy array of `bytes` for strings.

    Raises:
        ValueError: the key is missing, or the feature is a scalar.
    """
    if key not in features:
        raise ValueError(f"The feature {key!r} is not in the features dictionary. "
                         f"Received: features keys={sorted(features)}")
    value = features[key]
    if isinstance(value, (list, tuple)):  # a Keras layer hands a list over element by element
        value = _plain(value)
    if is_strings(value):
        array = np.asarray(value if isinstance(value, StringTensor) else np.asarray(value, dtype=object))
        array = np.vectorize(lambda s: s if isinstance(s, bytes) else str(s).encode(), otypes=[object])(array)
        tensor = array
    else:
        tensor = conversion.convert_to_tensor(value)
    if tensor.ndim == 0:
        raise ValueError(f"Feature (key: {key}) cannot have rank 0. Given: {value!r}")
    if tensor.ndim == 1:
        tensor = tensor[:, None] if isinstance(tensor, np.ndarray) else tensor.unsqueeze(-1)
    return tensor


def _plain(value):
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, StringTensor):
        return np.asarray(value).tolist()
    if isinstance(value, torch.Tensor):
        return value.tolist()
    return value


def raw_ids(features, key):
    """A raw categorical feature and its `valid` mask (TF ignores -1 in integer inputs and "" in strings)."""
    value = raw_feature(features, key)
    if isinstance(value, np.ndarray):
        return value, torch.as_tensor(value != b"")
    if value.dtype.is_floating_point or value.dtype == torch.bool:
        raise ValueError(f"A categorical column's input must be integers or strings. Received: {key}={value!r}")
    return value.to(torch.int64), value != -1


def strings_of(values):
    """The strings TF hashes for `values` (numpy bytes, or integers written in decimal as `tf.as_string`)."""
    if isinstance(values, np.ndarray) and values.dtype == object:
        return values
    values = values if isinstance(values, np.ndarray) else values.cpu().numpy()
    return np.vectorize(lambda v: str(int(v)).encode(), otypes=[object])(values)
