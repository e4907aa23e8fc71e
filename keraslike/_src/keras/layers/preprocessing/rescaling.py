"""`Rescaling` (keras/src/layers/preprocessing/rescaling.py): `inputs * scale + offset`."""

import torch

from keraslike._src.keras.layers.layer import Layer


class Rescaling(Layer):
    """Rescale values, e.g. `Rescaling(1. / 255)` maps [0, 255] to [0, 1].

    Args:
        scale: float (or array broadcastable to the input).
        offset: float (or array), default 0.0.

    Input/Output shape: unchanged; integer inputs are cast to the layer dtype first.
    """

    supports_masking = True

    def __init__(self, scale, offset=0.0, **kwargs):
        super().__init__(**kwargs)
        self.scale = scale
        self.offset = offset

    def call(self, inputs):
        dtype = getattr(torch, self.compute_dtype)
        x = inputs.to(dtype)
        scale = torch.as_tensor(self.scale, dtype=dtype, device=x.device)
        offset = torch.as_tensor(self.offset, dtype=dtype, device=x.device)
        return x * scale + offset

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        return {**super().get_config(), "scale": self.scale, "offset": self.offset}
