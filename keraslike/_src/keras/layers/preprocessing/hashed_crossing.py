"""`HashedCrossing` (keras/src/layers/preprocessing/hashed_crossing.py): hash the cross of categorical features.

As Keras on TF (`tf.sparse.cross_hashed`): each row's features (strings as bytes, integers as their
two's-complement bits) are folded with `FingerprintCat64` from the key 0xDECAFCAFFE, modulo `num_bins`.
"""

import numpy as np
import torch

from keraslike._src.keras import backend
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.layers.preprocessing.categorical import encode_categorical
from keraslike._src.keras.layers.preprocessing.string_values import to_numpy_values
from keraslike._src.ops import string_hash


class HashedCrossing(Layer):
    """Cross two or more categorical features (same shape: `()`, `(batch,)` or `(batch, 1)`) into bins.

    Args:
        num_bins: int, the number of bins.
        output_mode: "int" (default: int64 bins of the inputs' shape) or "one_hot" (`(..., num_bins)`).
        sparse: only False (keraslike tensors are dense).

    Call args: a list/tuple of at least two tensors/arrays of strings or integers.

    Raises:
        ValueError: for a bad `output_mode`, `sparse=True`, fewer than two inputs, unequal or unsupported
            shapes, or non-integer/non-string inputs.
    """

    def __init__(self, num_bins, output_mode="int", sparse=False, name=None, dtype=None, **kwargs):
        if not dtype:
            dtype = "int64" if output_mode == "int" else backend.floatx()
        super().__init__(name=name, dtype=dtype, **kwargs)
        if sparse:
            raise ValueError("`sparse=True` is not supported by keraslike (its tensors are dense); use sparse=False. "
                             f"Received: sparse={sparse}")
        if output_mode not in ("int", "one_hot"):
            raise ValueError("Unknown value for `output_mode` argument of layer HashedCrossing. Allowed values "
                             f"are: ('int', 'one_hot'). Received: output_mode={output_mode}")
        self.num_bins, self.output_mode, self.sparse = num_bins, output_mode, sparse

    def _convert_inputs(self, inputs):
        return inputs

    def _build_for(self, inputs):
        self.built = True

    def call(self, inputs):
        if not isinstance(inputs, (list, tuple)):
            raise ValueError(f"`HashedCrossing` should be called on a list or tuple of inputs. Received: "
                             f"inputs={inputs}")
        if len(inputs) < 2:
            raise ValueError(f"`HashedCrossing` should be called on at least two inputs. Received: inputs={inputs}")
        device = next((x.device for x in inputs if isinstance(x, torch.Tensor)), backend.current_device())
        arrays = [to_numpy_values(x) for x in inputs]
        shape = arrays[0].shape
        if len(shape) > 2 or (len(shape) == 2 and shape[-1] != 1):
            raise ValueError("All `HashedCrossing` inputs should have shape `()`, `(batch_size)` or `(batch_size, 1)`. "
                             f"Received: inputs={inputs}")
        if any(a.shape != shape for a in arrays[1:]):
            raise ValueError(f"All `HashedCrossing` inputs should have equal shape. Received: inputs={inputs}")
        if not all(a.dtype == object or a.dtype.kind in "iu" for a in arrays):
            raise ValueError(f"All `HashedCrossing` inputs should have an integer or string dtype. Received: "
                             f"inputs={inputs}")
        columns = [a.reshape(-1).tolist() for a in arrays]
        crossed = [string_hash.cross_hash(row, self.num_bins) for row in zip(*columns)]
        out = torch.as_tensor(np.asarray(crossed, dtype=np.int64).reshape(shape), device=device)
        return encode_categorical(out, self.output_mode, self.num_bins, getattr(torch, self._dtype_name))

    def compute_output_shape(self, input_shape):
        first = tuple(input_shape[0])
        if self.output_mode == "int":
            return first
        if self.output_mode == "one_hot" and (not first or first[-1] != 1):
            return first + (self.num_bins,)
        return first[:-1] + (self.num_bins,)

    def get_config(self):
        return {"num_bins": self.num_bins, "output_mode": self.output_mode, "sparse": self.sparse,
                "name": self.name, "dtype": self._dtype_name}
