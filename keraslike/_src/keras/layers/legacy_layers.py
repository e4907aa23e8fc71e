"""The deprecated layers TF 2.21's `tf.keras.layers` still exports: RandomHeight, RandomWidth,
ThresholdedReLU (keras/src/legacy/layers.py).

- `RandomHeight(factor)` / `RandomWidth(factor)`: while training, resize every image of the batch to
  `int(f * height)` (or width), one `f ~ U(1 + lower, 1 + upper)` per call, with `tf.image.resize`
  (`interpolation`); at inference the input passes through. `factor` is `f` (range `[-f, f]`) or
  `(lower, upper)`, each above -1. Inputs are `(..., height, width, channels)`.
- `ThresholdedReLU(theta=1.0)`: `x` where `x > theta`, else 0.
"""

import torch

from keraslike._src.image.resize import resize
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.random import random
from keraslike._src.keras.random.seed_generator import SeedGenerator


def _range(factor, name):
    lower, upper = (factor[0], factor[1]) if isinstance(factor, (tuple, list)) else (-factor, factor)
    if upper < lower:
        raise ValueError(f"`factor` argument cannot have an upper bound lesser than the lower bound. "
                         f"Received: factor={factor}")
    if lower < -1.0 or upper < -1.0:
        raise ValueError(f"`factor` argument must have values larger than -1. Received: factor={factor}")
    return float(lower), float(upper)


class _RandomSide(Layer):
    _AXIS = -3

    def __init__(self, factor, interpolation="bilinear", seed=None, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor
        self._lower, self._upper = _range(factor, "factor")
        self.interpolation, self.seed = interpolation, seed
        object.__setattr__(self, "seed_generator", None if seed is None else SeedGenerator(seed))

    def call(self, inputs, training=True):
        x = inputs if isinstance(inputs, torch.Tensor) else torch.as_tensor(inputs)
        x = x if x.dtype == torch.float32 else x.to(torch.float32)
        if training is False:
            return x
        low, high = 1.0 + self._lower, 1.0 + self._upper
        if self.seed_generator is None:
            f = float(torch.rand(()) * (high - low) + low)
        else:
            f = float(random.uniform((), low, high, seed=self.seed_generator))
        size = [x.shape[-3], x.shape[-2]]
        size[self._AXIS + 3] = int(f * x.shape[self._AXIS])
        return resize(x, size, method=self.interpolation).to(torch.float32)

    def compute_output_shape(self, input_shape):
        shape = list(input_shape)
        shape[self._AXIS] = None
        return tuple(shape)

    def get_config(self):
        return {**super().get_config(), "factor": self.factor, "interpolation": self.interpolation, "seed": self.seed}


class RandomHeight(_RandomSide):
    """Deprecated in Keras 3 (use `Resizing` or `RandomZoom`); see the module docstring."""

    _AXIS = -3


class RandomWidth(_RandomSide):
    """Deprecated in Keras 3 (use `Resizing` or `RandomZoom`); see the module docstring."""

    _AXIS = -2


class ThresholdedReLU(Layer):
    """Deprecated in Keras 3 (use `ReLU(threshold=...)`): `x * (x > theta)`.

    Raises:
        ValueError: for `theta` None or negative.
    """

    def __init__(self, theta=1.0, **kwargs):
        super().__init__(**kwargs)
        if theta is None:
            raise ValueError(f"Theta of a Thresholded ReLU layer cannot be None, expecting a float. Received: {theta}")
        if theta < 0:
            raise ValueError(f"The theta value of a Thresholded ReLU layer should be >=0. Received: {theta}")
        self.theta = float(theta)
        self.supports_masking = True

    def call(self, inputs):
        x = inputs if isinstance(inputs, torch.Tensor) else torch.as_tensor(inputs, dtype=torch.float32)
        return x * (x > self.theta).to(x.dtype)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), "theta": self.theta}
