"""`Dropout` (keras/src/layers/regularization/dropout.py): zero a fraction of the inputs in training.

A layer with `rate > 0` owns a `keras.random.SeedGenerator(seed)` made in `__init__`, as Keras's (unseeded, its
seed is drawn from Python's `random` then): its masks are `keras.random.dropout`'s, a reproducible sequence that is
TF's for a seed; replicas of a multi-replica step draw apart.
"""

from keraslike._src.keras import keras_version
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.random import random
from keraslike._src.keras.random.seed_generator import SeedGenerator


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
        # not tracked as a weight (Keras keeps it out of `weights` too)
        object.__setattr__(self, "seed_generator", SeedGenerator(seed) if self.rate > 0 else None)

    def call(self, inputs, training=False):
        if not training or self.rate == 0:
            return inputs
        return random.dropout(inputs, self.rate, noise_shape=self.noise_shape, seed=self.seed_generator)

    def get_config(self):
        if keras_version.legacy_keras():
            return {**super().get_config(), "rate": self.rate, "noise_shape": self.noise_shape, "seed": self.seed}
        return {**super().get_config(), "rate": self.rate, "seed": self.seed, "noise_shape": self.noise_shape}
