"""Noise layers active only in training (GaussianNoise, GaussianDropout, AlphaDropout) and ActivityRegularization.

Mirrors `keras/src/layers/regularization/{gaussian_noise,gaussian_dropout,alpha_dropout}.py`.
An active layer (a rate or stddev above 0) owns a `keras.random.SeedGenerator(seed)` made with it, as Keras's
(unseeded, its seed is drawn from Python's `random` then), so its sequence of draws is reproducible and, seeded,
TF's numbers; replicas of a multi-replica step draw apart.
"""

import math

import torch

from keraslike._src.keras import regularizers
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.random import random
from keraslike._src.keras.random.seed_generator import SeedGenerator


def _check_rate(rate, name="rate"):
    if not isinstance(rate, (int, float)) or not 0 <= rate < 1:
        raise ValueError(f"Invalid value received for argument `{name}`. Expected a float value between 0 and 1. "
                         f"Received: {name}={rate}")
    return float(rate)


class _NoiseLayer(Layer):
    supports_masking = True

    def __init__(self, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.seed = seed
        object.__setattr__(self, "seed_generator", None)

    def _make_generator(self, active):
        """Keras makes the layer's generator in `__init__` when the layer is active (order of Python draws)."""
        if active:
            object.__setattr__(self, "seed_generator", SeedGenerator(self.seed))

    def _rng(self):
        return self.seed_generator

    def compute_output_shape(self, input_shape):
        return input_shape


class GaussianNoise(_NoiseLayer):
    """Add zero-mean Gaussian noise of standard deviation `stddev` while training.

    Args:
        stddev: float, the noise's standard deviation.
        seed: optional int.
    """

    def __init__(self, stddev, seed=None, **kwargs):
        super().__init__(seed, **kwargs)
        if not isinstance(stddev, (int, float)) or stddev < 0:
            raise ValueError(f"Invalid value received for argument `stddev`. Expected a float value >= 0. "
                             f"Received: stddev={stddev}")
        self.stddev = float(stddev)
        self._make_generator(self.stddev > 0)

    def call(self, inputs, training=False):
        if not training or self.stddev == 0:
            return inputs
        noise = _normal(inputs, 0.0, self.stddev, self._rng())
        return inputs + noise

    def get_config(self):
        return {**super().get_config(), "stddev": self.stddev, "seed": self.seed}


class GaussianDropout(_NoiseLayer):
    """Multiply by Gaussian noise of mean 1 and standard deviation `sqrt(rate / (1 - rate))` while training.

    Args:
        rate: float in [0, 1).
        seed: optional int.
    """

    def __init__(self, rate, seed=None, **kwargs):
        super().__init__(seed, **kwargs)
        self.rate = _check_rate(rate)
        self._make_generator(self.rate > 0)

    def call(self, inputs, training=False):
        if not training or self.rate == 0:
            return inputs
        stddev = math.sqrt(self.rate / (1.0 - self.rate))
        return inputs * _normal(inputs, 1.0, stddev, self._rng())

    def get_config(self):
        return {**super().get_config(), "rate": self.rate, "seed": self.seed}


class AlphaDropout(_NoiseLayer):
    """Dropout that keeps the mean and variance of SELU activations (self-normalising networks).

    Dropped units are set to `-alpha * scale` of SELU, then an affine correction `a * x + b`
    restores zero mean and unit variance.

    Args:
        rate: float in [0, 1).
        noise_shape: optional shape of the keep mask (None entries follow the input).
        seed: optional int.
    """

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(seed, **kwargs)
        self.rate = _check_rate(rate)
        self._make_generator(self.rate > 0)
        self.noise_shape = noise_shape

    def call(self, inputs, training=False):
        if not training or self.rate == 0:
            return inputs
        alpha = 1.6732632423543772848170429916717
        scale = 1.0507009873554804934193349852946
        alpha_p = -alpha * scale
        shape = tuple(inputs.shape) if self.noise_shape is None else tuple(
            inputs.shape[i] if s is None else int(s) for i, s in enumerate(self.noise_shape))
        keep = _uniform(inputs, shape, self._rng()) >= self.rate
        a = ((1 - self.rate) * (1 + self.rate * alpha_p ** 2)) ** -0.5
        b = -a * alpha_p * self.rate
        x = torch.where(keep, inputs, torch.full_like(inputs, alpha_p))
        return a * x + b

    def get_config(self):
        config = {**super().get_config(), "rate": self.rate, "seed": self.seed}
        if self.noise_shape is not None:  # Keras writes none (a given one is kept here so the layer reads back)
            config["noise_shape"] = self.noise_shape
        return config


def _normal(like, mean, stddev, generator):
    return random.normal(tuple(like.shape), mean, stddev, dtype=like.dtype, seed=generator).to(like.device)


def _uniform(like, shape, generator):
    return random.uniform(shape, seed=generator).to(like.device)


class ActivityRegularization(Layer):
    """Pass inputs through, adding `l1 * sum(|x|) + l2 * sum(x**2)` (divided by the batch size) to `losses`.

    Args:
        l1, l2: non-negative floats, default 0.
    """

    supports_masking = True

    def __init__(self, l1=0.0, l2=0.0, **kwargs):
        kwargs.pop("activity_regularizer", None)
        super().__init__(activity_regularizer=regularizers.L1L2(l1=l1, l2=l2), **kwargs)
        self.l1, self.l2 = float(l1), float(l2)

    def call(self, inputs):
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.pop("activity_regularizer", None)
        return {**config, "l1": self.l1, "l2": self.l2}
