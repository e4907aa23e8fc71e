"""`Masking` (keras/src/layers/core/masking.py): skip timesteps whose features all equal `mask_value`."""

import torch

from keraslike._src.keras.layers.layer import Layer


class Masking(Layer):
    """Mask timesteps of `(batch, steps, features)` where every feature equals `mask_value`.

    The output is the input with masked timesteps zeroed; its Keras mask (`(batch, steps)` bool)
    goes to the following layers (e.g. LSTM skips masked steps).

    Args:
        mask_value: float, default 0.0.
    """

    supports_masking = True

    def __init__(self, mask_value=0.0, **kwargs):
        super().__init__(**kwargs)
        self.mask_value = mask_value

    def compute_mask(self, inputs, mask=None):
        return torch.any(inputs != self.mask_value, dim=-1)

    def call(self, inputs):
        keep = torch.any(inputs != self.mask_value, dim=-1, keepdim=True)
        outputs = inputs * keep.to(inputs.dtype)
        outputs._keras_mask = keep.squeeze(-1)
        return outputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), "mask_value": self.mask_value}
