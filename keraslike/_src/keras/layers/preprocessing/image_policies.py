"""Augmentation policies built from the other image layers: RandAugment and AugMix
(keras/src/layers/preprocessing/image_preprocessing/{rand_augment,aug_mix}.py).

Both hold the same sub-layers Keras 3.15 builds, configured from one `factor` range `[lo, hi]` (a
number `f` means `[0, f]`): RandomShear and RandomTranslation (`x/y`, `height/width` factors),
RandomRotation, RandomBrightness, RandomColorDegeneration, RandomContrast, RandomSharpness (all with
`factor`), Solarization (`addition_factor` and `threshold_factor`), RandomPosterization
(`max(1, int(8 * hi))` bits), AutoContrast and Equalization. They transform when training (inside
`fit`, and when called directly); `training=False` returns the images as float32.

- RandAugment: `num_ops` times, one sub-layer drawn uniformly is applied to the whole batch.
- AugMix: `num_chains` chains of up to `chain_depth` sub-layers (each step draws a layer or none),
  mixed with Dirichlet(`alpha`) weights, then blended with the input by `w ~ Beta(alpha, alpha)` and
  clipped to `value_range`.

Randomness: with `seed=None` the draws come from torch's global generator (reproducible under
`keras.utils.set_random_seed`, different per replica); with an int the layer owns a
`keras.random.SeedGenerator(seed)` and seeds its sub-layers with it as Keras does. One difference from
Keras, documented: a sub-layer drawn twice in one call draws new parameters each time (Keras reuses
the first draw).
"""

import torch

from keraslike._src.keras.layers.preprocessing.image_color import (
    AutoContrast, Equalization, RandomColorDegeneration, RandomPosterization, RandomSharpness, Solarization,
)
from keraslike._src.keras.layers.preprocessing.image_preprocessing import (
    RandomBrightness, RandomContrast, RandomRotation, RandomShear, RandomTranslation, _float, _ImageLayer,
    _unit_factor, _value_range,
)
from keraslike._src.keras.random import random

_GEOMETRIC_AND_TONE = ("random_shear", "random_translation", "random_rotation", "random_posterization",
                       "solarization", "auto_contrast", "equalization")
_COLOR = ("random_brightness", "random_color_degeneration", "random_contrast", "random_sharpness")
_RAND_AUGMENT = ("random_shear", "random_translation", "random_rotation", "random_brightness",
                 "random_color_degeneration", "random_contrast", "random_sharpness", "random_posterization",
                 "solarization", "auto_contrast", "equalization")  # Keras's order: index i draws layer i
_INTERPOLATIONS = ("nearest", "bilinear")


def _sub_layers(factor, value_range, interpolation, seed, data_format):
    """The sub-layers Keras's RandAugment/AugMix build, by Keras's attribute names."""
    common = {"seed": seed}
    geometric = {"interpolation": interpolation, "data_format": data_format, **common}
    return {
        "random_shear": RandomShear(x_factor=factor, y_factor=factor, **geometric),
        "random_translation": RandomTranslation(height_factor=factor, width_factor=factor, **geometric),
        "random_rotation": RandomRotation(factor=factor, **geometric),
        "random_brightness": RandomBrightness(factor=factor, value_range=value_range, **common),
        "random_color_degeneration": RandomColorDegeneration(factor=factor, value_range=value_range,
                                                             data_format=data_format, **common),
        "random_contrast": RandomContrast(factor=factor, value_range=value_range, **common),
        "random_sharpness": RandomSharpness(factor=factor, value_range=value_range, data_format=data_format,
                                            **common),
        "solarization": Solarization(addition_factor=factor, threshold_factor=factor, value_range=value_range,
                                     **common),
        "random_posterization": RandomPosterization(factor=max(1, int(8 * factor[1])), value_range=value_range,
                                                    data_format=data_format, **common),
        "auto_contrast": AutoContrast(value_range=value_range),
        "equalization": Equalization(value_range=value_range, data_format=data_format),
    }


class _PolicyLayer(_ImageLayer):
    def __init__(self, value_range, factor, interpolation, seed, data_format, names, **kwargs):
        super().__init__(data_format, seed, **kwargs)
        self.value_range = _value_range(value_range)
        self.factor = _unit_factor(factor, "factor")
        if interpolation not in _INTERPOLATIONS:
            raise ValueError(f"`interpolation` must be one of {_INTERPOLATIONS}. Received: "
                             f"interpolation={interpolation!r}")
        self.interpolation = interpolation
        layers = _sub_layers(self.factor, self.value_range, interpolation, seed, self.data_format)
        object.__setattr__(self, "_names", names)
        object.__setattr__(self, "_layers", {name: layers[name] for name in names})

    def _randint(self, shape, high):
        if self.seed_generator is None:
            return torch.randint(0, high, shape)
        return random.randint(shape, 0, high, seed=self.seed_generator)

    def _apply(self, name, images):
        layer = self._layers[name]
        if self.data_format == "channels_first" and getattr(layer, "data_format", None) == "channels_last":
            return layer(images.movedim(-3, -1), training=True).movedim(-1, -3)  # layout-free colour layers
        return layer(images, training=True)


class RandAugment(_PolicyLayer):
    """RandAugment (Cubuk et al. 2020): apply `num_ops` sub-layers, each drawn uniformly per call.

    Args:
        value_range: `(low, high)`, default (0, 255).
        num_ops: int, default 2.
        factor: float in [0, 1] (range `[0, factor]`) or `(lower, upper)`, default 0.5: the strength.
        interpolation: "bilinear" (default) or "nearest", for the geometric sub-layers.
        seed, data_format: as the other image layers.

    Input/Output: `(batch, h, w, c)` or `(h, w, c)`, float32.
    """

    def __init__(self, value_range=(0, 255), num_ops=2, factor=0.5, interpolation="bilinear", seed=None,
                 data_format=None, **kwargs):
        super().__init__(value_range, factor, interpolation, seed, data_format, _RAND_AUGMENT, **kwargs)
        if not isinstance(num_ops, int) or isinstance(num_ops, bool) or num_ops < 0:
            raise ValueError(f"`num_ops` must be a non-negative integer. Received: num_ops={num_ops}")
        self.num_ops = num_ops

    def call(self, inputs, training=True):
        x = _float(inputs)
        if training is False:
            return x
        for index in self._randint((self.num_ops,), len(self._names)).tolist():
            x = self._apply(self._names[index], x)
        return x

    def get_config(self):
        return {**super().get_config(), "value_range": list(self.value_range), "num_ops": self.num_ops,
                "factor": list(self.factor), "interpolation": self.interpolation}


class AugMix(_PolicyLayer):
    """AugMix (Hendrycks et al. 2020): a Dirichlet-weighted mix of `num_chains` random augmentation chains,
    blended with the original image.

    Args:
        value_range: `(low, high)`, default (0, 255).
        num_chains: int, default 3.
        chain_depth: int, default 3: the most sub-layers per chain (each step may draw none).
        factor: float in [0, 1] (range `[0, factor]`) or `(lower, upper)`, default 0.3.
        alpha: float > 0, default 1.0: the Dirichlet and Beta parameter.
        all_ops: bool, default True: also use the colour sub-layers (brightness, colour degeneration,
            contrast, sharpness); False uses only the geometric and tone ones.
        interpolation: "bilinear" (default) or "nearest".
        seed, data_format: as the other image layers.

    Input/Output: `(batch, h, w, c)` or `(h, w, c)`, float32, clipped to `value_range`.
    """

    def __init__(self, value_range=(0, 255), num_chains=3, chain_depth=3, factor=0.3, alpha=1.0, all_ops=True,
                 interpolation="bilinear", seed=None, data_format=None, **kwargs):
        names = _GEOMETRIC_AND_TONE + (_COLOR if all_ops else ())
        super().__init__(value_range, factor, interpolation, seed, data_format, names, **kwargs)
        for name, value in (("num_chains", num_chains), ("chain_depth", chain_depth)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"`{name}` must be a positive integer. Received: {name}={value}")
        if not isinstance(alpha, (int, float)) or isinstance(alpha, bool) or alpha <= 0:
            raise ValueError(f"`alpha` must be a positive number. Received: alpha={alpha}")
        self.num_chains, self.chain_depth, self.alpha, self.all_ops = num_chains, chain_depth, float(alpha), all_ops

    def _gamma(self, shape, device):
        if self.seed_generator is None:
            return torch._standard_gamma(torch.full(shape, self.alpha, device=device))
        return random.gamma(shape, self.alpha, seed=self.seed_generator).to(device)

    def call(self, inputs, training=True):
        x = _float(inputs)
        if training is False:
            return x
        gammas = self._gamma((self.num_chains,), x.device)
        chain_weights = gammas / gammas.sum()
        pair = self._gamma((2,), x.device)
        blend = pair[0] / pair.sum()  # Beta(alpha, alpha) from two gammas
        steps = self._randint((self.num_chains, self.chain_depth), len(self._names) + 1).tolist()
        mixed = torch.zeros_like(x)
        for chain, weight in zip(steps, chain_weights):
            y = x
            for index in chain:
                if index < len(self._names):  # the last index draws "no layer", as Keras's choice of None
                    y = self._apply(self._names[index], y)
            mixed = mixed + y * weight
        return torch.clamp(blend * x + (1.0 - blend) * mixed, *self.value_range)

    def get_config(self):
        return {**super().get_config(), "value_range": list(self.value_range), "num_chains": self.num_chains,
                "chain_depth": self.chain_depth, "factor": list(self.factor), "alpha": self.alpha,
                "all_ops": self.all_ops, "interpolation": self.interpolation}
