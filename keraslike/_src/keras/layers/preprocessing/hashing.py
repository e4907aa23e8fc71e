"""`Hashing` (keras/src/layers/preprocessing/hashing.py): categorical features -> hash bins.

Keras hashes on TF ops, and so does this layer, bit for bit: strings are hashed as their bytes, integers
as their decimal strings (`tf.as_string`), floats after truncation to int64, booleans as "true"/"false";
FarmHash Fingerprint64 modulo the bin count (`tf.strings.to_hash_bucket_fast`), or SipHash-2-4 keyed by
`salt` (`to_hash_bucket_strong`). With `mask_value`, that value maps to 0 and the rest to `1 + hash % (n-1)`.
"""

import numpy as np
import torch

from keraslike._src.keras import backend
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.layers.preprocessing.categorical import encode_categorical
from keraslike._src.keras.layers.preprocessing.string_values import to_numpy_values
from keraslike._src.ops import string_hash

_MODES = ("int", "one_hot", "multi_hot", "count")


def as_hash_strings(values):
    """The bytes TF hashes for the numpy array `values`: strings as they are, numbers via `tf.as_string`."""
    if values.dtype == object:
        return values
    if values.dtype.kind == "b":
        strings = np.where(values, b"true", b"false")
    else:
        if values.dtype.kind == "f":
            values = values.astype(np.int64)
        strings = np.char.encode(values.astype(str), "ascii") if values.size else values.astype("S1")
    out = np.empty(values.shape, dtype=object)
    out.reshape(-1)[:] = [bytes(s) for s in strings.reshape(-1)]
    return out


class Hashing(Layer):
    """Hash categorical inputs (strings or integers) into `num_bins` bins.

    Args:
        num_bins: int > 0, the number of bins (including the mask bin when `mask_value` is set).
        mask_value: a value that maps to bin 0 (other values to bins 1..num_bins-1), or None.
        salt: None (FarmHash Fingerprint64), an int or a pair of ints (SipHash-2-4 keyed by it).
        output_mode: "int" (default), "one_hot", "multi_hot" or "count".
        sparse: only False (keraslike tensors are dense).
        dtype: output dtype; "int64" by default for "int" (only int32/int64 allowed), floatx otherwise.

    Input shape: any (strings, ints, floats, bools). Output: int bins of the input's shape, or
    `(..., num_bins)` encodings (one_hot drops a trailing length-1 axis first).

    Raises:
        ValueError: for a bad `num_bins`, `salt`, `output_mode`, dtype, or `sparse=True`.
    """

    def __init__(self, num_bins, mask_value=None, salt=None, output_mode="int", sparse=False, **kwargs):
        if kwargs.get("dtype") is None:
            kwargs["dtype"] = "int64" if output_mode == "int" else backend.floatx()
        dtype = kwargs["dtype"]
        super().__init__(**kwargs)
        if num_bins is None or num_bins <= 0:
            raise ValueError(f"The `num_bins` for `Hashing` cannot be `None` or non-positive values. Received: "
                             f"num_bins={num_bins}.")
        if output_mode == "int" and self._dtype_name not in ("int32", "int64"):
            raise ValueError(f"When `output_mode=\"int\"`, `dtype` should be an integer type, 'int32' or 'in64'. "
                             f"Received: dtype={dtype}")
        if output_mode not in _MODES:
            raise ValueError(f"Invalid value for argument `output_mode`. Expected one of {_MODES}. Received: "
                             f"output_mode={output_mode}")
        if sparse:
            raise ValueError(f"`sparse=True` is not supported by keraslike (its tensors are dense); use sparse=False. "
                             f"Received: sparse={sparse} and output_mode={output_mode}")
        self.num_bins, self.mask_value, self.output_mode, self.sparse = num_bins, mask_value, output_mode, sparse
        self.strong_hash = salt is not None
        self.salt = string_hash.check_salt(salt, "Hashing") if salt is not None else None

    def _convert_inputs(self, inputs):
        return inputs

    def _build_for(self, inputs):
        self.built = True

    def call(self, inputs):
        device = inputs.device if isinstance(inputs, torch.Tensor) else backend.current_device()
        values = to_numpy_values(inputs)
        if self.output_mode == "one_hot" and values.ndim and values.shape[-1] == 1:
            values = values.reshape(values.shape[:-1])
        indices = torch.as_tensor(self.hash_values_to_bins(values), device=device)
        return encode_categorical(indices, self.output_mode, self.num_bins, getattr(torch, self._dtype_name))

    def hash_values_to_bins(self, values):
        """int64 numpy bins of the numpy array `values`."""
        bins = self.num_bins
        mask = None
        if self.mask_value is not None and bins > 1:
            bins -= 1
            mask_value = self.mask_value.encode() if isinstance(self.mask_value, str) else self.mask_value
            mask = np.vectorize(lambda v: v == mask_value, otypes=[bool])(values) if values.dtype == object \
                else values == mask_value
        out = string_hash.hash_bucket(as_hash_strings(values), bins, self.salt)
        if mask is not None:
            out = np.where(mask, 0, out + 1)
        return out

    def compute_output_shape(self, input_shape):
        if self.output_mode == "int":
            return tuple(input_shape)
        if len(input_shape) == 0:
            return (self.num_bins,)
        return tuple(input_shape[:-1]) + (self.num_bins,)

    def get_config(self):
        return {**super().get_config(), "num_bins": self.num_bins, "salt": self.salt, "mask_value": self.mask_value,
                "output_mode": self.output_mode, "sparse": self.sparse}

