"""Small core layers: Activation, Dropout, Flatten (keras/src/layers/core, regularization, reshaping)."""

import torch

from keraslike._src.distribute import replica_random
from keraslike._src.keras import activations
from keraslike._src.keras.layers.convolutional import conv_utils
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.ops import dropout_mask, seed_override


class Activation(Layer):
    """Apply an activation: `keras.layers.Activation("relu")`. Output shape = input shape."""

    supports_masking = True

    def __init__(self, activation, **kwargs):
        super().__init__(**kwargs)
        self.activation = activations.get(activation)

    def call(self, inputs):
        return self.activation(inputs)

    def get_config(self):
        return {**super().get_config(), "activation": activations.serialize(self.activation)}


class Dropout(Layer):
    """Randomly zero a fraction `rate` of inputs during training, scaling the rest by `1/(1-rate)`.

    Args:
        rate: float in [0, 1).
        noise_shape: optional shape to broadcast the mask over (None dims take the input's).
        seed: optional int for a repeatable mask.

    Raises:
        ValueError: if `rate` is outside [0, 1).
    """

    supports_masking = True

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(rate, (int, float)) or not 0 <= rate < 1:
            raise ValueError(f"Expected rate to be a float in the range [0, 1). Received: rate={rate!r}")
        self.rate = float(rate)
        self.noise_shape = noise_shape
        self.seed = seed
        self._generator = None

    def call(self, inputs, training=None):
        if not training or self.rate == 0:
            return inputs
        if self.noise_shape is None and self.seed is None and not seed_override.active():
            return dropout_mask.dropout(inputs, self.rate)
        shape = tuple(inputs.shape) if self.noise_shape is None else tuple(
            s if n is None else n for s, n in zip(inputs.shape, self.noise_shape))
        if self.seed is not None and self._generator is None:
            self._generator = replica_random.layer_generator(int(self.seed), inputs.device)
        generator = self._generator
        if seed_override.active():  # DeterministicRandomTestTool.scope(): the tool seeds each mask
            generator = torch.Generator(device=inputs.device).manual_seed(seed_override.override_torch_seed())
        return dropout_mask.dropout(inputs, self.rate, generator=generator, shape=shape)

    def get_config(self):
        return {**super().get_config(), "rate": self.rate, "noise_shape": self.noise_shape, "seed": self.seed}


class Flatten(Layer):
    """Flatten all but the batch dimension: `(batch, d1, d2, ...)` -> `(batch, d1*d2*...)`.

    With `data_format="channels_first"` the input is first moved to channels-last order, as Keras does.
    """

    def __init__(self, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = conv_utils.normalize_data_format(data_format)

    def call(self, inputs):
        if self.data_format == "channels_first" and inputs.dim() > 2:
            inputs = inputs.movedim(1, -1)
        return inputs.reshape(inputs.shape[0], -1)

    def get_config(self):
        return {**super().get_config(), "data_format": self.data_format}
