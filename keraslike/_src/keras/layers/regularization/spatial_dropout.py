"""`SpatialDropout1D/2D/3D` (keras/src/layers/regularization/spatial_dropout.py).

Drop whole feature maps: the dropout mask has shape `(batch, 1, ..., 1, channels)`
(channels_last), so every spatial position of a dropped channel is zeroed and
the kept ones are scaled by `1 / (1 - rate)`. Identity at inference.
"""

from keraslike._src.keras import keras_version
from keraslike._src.keras.layers.convolutional import conv_utils
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.random import random
from keraslike._src.keras.random.seed_generator import SeedGenerator


class SpatialDropout2D(Layer):
    """Channel-wise dropout for `(batch, rows, cols, channels)`.

    Args:
        rate: float in [0, 1), fraction of channels to drop.
        data_format: "channels_last" (default) or "channels_first".
        seed: optional int for a repeatable mask.

    Input/Output shape: unchanged.

    Raises:
        ValueError: if `rate` is outside [0, 1), or the input rank is not `rank + 2`.
    """

    supports_masking = True

    rank = 2

    def __init__(self, rate, data_format=None, seed=None, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(rate, (int, float)) or not 0 <= rate < 1:
            raise ValueError(f"Invalid value received for argument `rate`. Expected a float value between 0 and 1. "
                             f"Received: rate={rate!r}")
        self.rate = float(rate)
        self.data_format = conv_utils.normalize_data_format(data_format)
        self.seed = seed
        # made in __init__ as Keras's (the order of Python draws); not tracked as a weight
        object.__setattr__(self, "seed_generator", SeedGenerator(seed) if self.rate > 0 else None)

    def call(self, inputs, training=False):
        if not training or self.rate == 0:
            return inputs
        if inputs.dim() != self.rank + 2:
            raise ValueError(f"{type(self).__name__} expects a {self.rank + 2}D input. "
                             f"Received: input_shape={tuple(inputs.shape)}")
        shape = [1] * inputs.dim()
        shape[0] = inputs.shape[0]
        channel = -1 if self.data_format == "channels_last" else 1
        shape[channel] = inputs.shape[channel]
        return random.dropout(inputs, self.rate, noise_shape=shape, seed=self.seed_generator)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        if keras_version.legacy_keras():  # tf_keras: a Dropout's config (no data_format)
            return {**super().get_config(), "rate": self.rate, "noise_shape": None, "seed": self.seed}
        # Keras 3 writes its own short config: no `trainable`, the dtype as a name, data_format for 2D/3D
        config = {"rate": self.rate, "seed": self.seed, "name": self.name, "dtype": self._dtype_policy.name}
        if self.rank > 1:
            config["data_format"] = self.data_format
        return config


class SpatialDropout1D(SpatialDropout2D):
    """Channel-wise dropout for `(batch, steps, channels)`: mask `(batch, 1, channels)`."""

    supports_masking = True

    rank = 1

    def __init__(self, rate, seed=None, **kwargs):
        kwargs.pop("data_format", None)
        super().__init__(rate, None, seed, **kwargs)


class SpatialDropout3D(SpatialDropout2D):
    """Channel-wise dropout for 5D inputs: mask `(batch, 1, 1, 1, channels)`."""

    supports_masking = True

    rank = 3
