"""`Dropout` (keras/src/layers/regularization/dropout.py): zero a fraction of the inputs in training.

With `seed=None` the mask comes from torch's global generator (different per replica); with an int seed the layer
owns a generator seeded from it, so its sequence of masks is reproducible.
"""

import torch

from keraslike._src.distribute import replica_random
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.ops import dropout_mask, seed_override


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
