"""Augmentations that mix or erase regions across a batch: MixUp, CutMix, RandomErasing
(keras/src/layers/preprocessing/image_preprocessing/{mix_up,cut_mix,random_erasing}.py).

Inputs are an image batch `(batch, height, width, channels)` (or `channels_first`), one image
`(height, width, channels)`, or a dict `{"images": ..., "labels": ...}` as Keras 3 takes it; a dict
comes back as a dict with the images (and, for MixUp and CutMix, the one-hot `labels`) mixed the
same way. `bounding_boxes` and `segmentation_masks` keys raise a ValueError naming the key (keraslike
does not transform them yet). The layers transform when training (inside `fit`, and when called
directly, Keras 3's default `training=True`); `training=False` returns the images cast to float32.

Randomness: with `seed=None` the draws come from torch's global generator (reproducible under
`keras.utils.set_random_seed`, different per replica); with an int the layer owns a
`keras.random.SeedGenerator(seed)`.
"""

import torch

from keraslike._src.keras.layers.preprocessing.image_preprocessing import _float, _ImageLayer, _unit_factor
from keraslike._src.keras.random import random

_UNSUPPORTED_KEYS = ("bounding_boxes", "segmentation_masks")


def _split(layer, data):
    """(images, labels or None, was_dict) from what `call` received."""
    if not isinstance(data, dict):
        return _float(data), None, False
    unknown = [k for k in data if k not in ("images", "labels")]
    if "images" not in data or unknown:
        key = unknown[0] if unknown else "images"
        what = ("is not transformed by keraslike yet" if key in _UNSUPPORTED_KEYS
                else "is not one of 'images', 'labels'")
        raise ValueError(f"{type(layer).__name__} takes a dict with an 'images' key and optionally 'labels'; the key "
                         f"{key!r} {what}. Received: keys={sorted(data)}")
    labels = data.get("labels")
    return _float(data["images"]), (None if labels is None else _float(labels)), True


def _join(images, labels, was_dict, data):
    if not was_dict:
        return images
    out = dict(data)
    out["images"] = images
    if labels is not None:
        out["labels"] = labels
    return out


def _axes(data_format):
    """(height, width, channel) axes counted from the end."""
    return (-3, -2, -1) if data_format == "channels_last" else (-2, -1, -3)


class _MixingLayer(_ImageLayer):
    def _permutation(self, n, device):
        if self.seed_generator is None:
            return torch.randperm(n, device=device)
        return random.shuffle(torch.arange(n), seed=self.seed_generator).to(device)

    def _beta(self, n, alpha, device):
        if self.seed_generator is None:
            a = torch.full((n,), float(alpha), device=device)
            return torch.distributions.Beta(a, a).sample()
        return random.beta((n,), alpha, alpha, seed=self.seed_generator).to(device)

    def _region_masks(self, images, ratio_w, ratio_h):
        """Boolean masks `images.shape` that are True inside one random box per image whose sides are
        `ratio * side`, placed uniformly inside the image (Keras's crop bounds)."""
        h_axis, w_axis, c_axis = _axes(self.data_format)
        n, height, width = images.shape[0], images.shape[h_axis], images.shape[w_axis]
        device = images.device

        def bounds(length, ratio):
            size = ratio * length
            start = self._uniform((n,), 0.0, 1.0, device) * (length - size)
            return start, start + size

        x0, x1 = bounds(width, ratio_w)
        y0, y1 = bounds(height, ratio_h)
        grid_y = torch.arange(height, dtype=torch.float32, device=device).reshape(1, height, 1)
        grid_x = torch.arange(width, dtype=torch.float32, device=device).reshape(1, 1, width)
        inside = ((grid_x >= x0.reshape(-1, 1, 1)) & (grid_x < x1.reshape(-1, 1, 1))
                  & (grid_y >= y0.reshape(-1, 1, 1)) & (grid_y < y1.reshape(-1, 1, 1)))  # (n, h, w)
        inside = inside.unsqueeze(c_axis)
        return inside.expand(images.shape), (x0, x1, y0, y1)


class MixUp(_MixingLayer):
    """MixUp (Zhang et al. 2018): each image (and its label) becomes `w * x + (1 - w) * x[perm]`, with one
    batch permutation and `w ~ Beta(alpha, alpha)` per image.

    Args:
        alpha: float > 0, default 0.2: the Beta distribution's parameters.
        data_format: "channels_last" (default) or "channels_first".
        seed: int or None.

    Input: images `(batch, h, w, c)` or `(h, w, c)`, or `{"images": ..., "labels": (batch, classes)}`.
    Output: the same structure, float32.

    Raises:
        ValueError: for `alpha <= 0` or an unsupported dict key.
    """

    def __init__(self, alpha=0.2, data_format=None, seed=None, **kwargs):
        super().__init__(data_format, seed, **kwargs)
        if not isinstance(alpha, (int, float)) or isinstance(alpha, bool) or alpha <= 0:
            raise ValueError(f"`alpha` must be a positive number. Received: alpha={alpha}")
        self.alpha = float(alpha)

    def call(self, data, training=True):
        images, labels, was_dict = _split(self, data)
        if training is False:
            return _join(images, labels, was_dict, data)
        batched = images.dim() == 4
        x = images if batched else images.unsqueeze(0)
        n = x.shape[0]
        order = self._permutation(n, x.device)
        weight = self._beta(n, self.alpha, x.device)
        x = weight.reshape(-1, 1, 1, 1) * x + (1.0 - weight.reshape(-1, 1, 1, 1)) * x[order]
        if labels is not None:
            y = labels if batched else labels.unsqueeze(0)
            w = weight.reshape((-1,) + (1,) * (y.dim() - 1))
            y = w * y + (1.0 - w) * y[order]
            labels = y if batched else y[0]
        return _join(x if batched else x[0], labels, was_dict, data)

    def get_config(self):
        return {**super().get_config(), "alpha": self.alpha}


class CutMix(_MixingLayer):
    """CutMix (Yun et al. 2019): paste a random box of another image of the batch into each image; the
    labels mix in proportion to the pasted area.

    Per batch, `alpha ~ U(factor) + 1e-6`; per image, `w ~ Beta(alpha, alpha)`, a box of sides
    `sqrt(1 - w) * (width, height)` placed uniformly, one batch permutation gives the source image.
    The label weight is the share of the image left unpasted, `1 - box_area / image_area`.

    Args:
        factor: float in [0, 1] (range `[0, factor]`) or `(lower, upper)`, default 1.0.
        seed: int or None.
        data_format: "channels_last" (default) or "channels_first".

    Input: images `(batch, h, w, c)` or a dict with "images" and one-hot "labels"; a single
    unbatched image is returned unchanged, as Keras does.
    Output: the same structure, float32.
    """

    def __init__(self, factor=1.0, seed=None, data_format=None, **kwargs):
        super().__init__(data_format, seed, **kwargs)
        self.factor = _unit_factor(factor, "factor")

    def call(self, data, training=True):
        images, labels, was_dict = _split(self, data)
        if training is False or images.dim() == 3:
            return _join(images, labels, was_dict, data)
        n = images.shape[0]
        alpha = float(self._uniform((), self.factor[0], self.factor[1], images.device)) + 1e-6
        weight = self._beta(n, alpha, images.device)
        ratio = torch.sqrt(1.0 - weight)
        masks, (x0, x1, y0, y1) = self._region_masks(images, ratio, ratio)
        order = self._permutation(n, images.device)
        h_axis, w_axis, _ = _axes(self.data_format)
        kept = 1.0 - (x1 - x0) * (y1 - y0) / (images.shape[w_axis] * images.shape[h_axis])
        out = torch.where(masks, images[order], images)
        if labels is not None:
            w = kept.reshape((-1,) + (1,) * (labels.dim() - 1))
            labels = w * labels + (1.0 - w) * labels[order]
        return _join(out, labels, was_dict, data)

    def get_config(self):
        return {**super().get_config(), "factor": list(self.factor)}


class RandomErasing(_MixingLayer):
    """Random Erasing (Zhong et al. 2020): with probability `p ~ U(factor)` per image, fill one random box
    (sides `sqrt(s) * side`, `s ~ U(scale)` drawn separately for width and height) with `fill_value`.

    Args:
        factor: float in [0, 1] (range `[0, factor]`) or `(lower, upper)`, default 1.0: the erasing
            probability's range.
        scale: float or `(lower, upper)` in [0, 1], default (0.02, 0.33): the box's area share range.
        fill_value: None (default: Gaussian noise times `value_range[1]`, clipped to `value_range`),
            a number, or 3 numbers (one per channel).
        value_range: `(low, high)`, default (0, 255).
        seed, data_format: as the other image layers.

    Input/Output: images `(batch, h, w, c)` or `(h, w, c)` (or a dict with "images"; labels pass through),
    float32.

    Raises:
        ValueError: for factors outside [0, 1], a `fill_value` that is neither a number nor 3 numbers,
            or images that are not rank 3 or 4.
    """

    def __init__(self, factor=1.0, scale=(0.02, 0.33), fill_value=None, value_range=(0, 255), seed=None,
                 data_format=None, **kwargs):
        super().__init__(data_format, seed, **kwargs)
        self.factor = _unit_factor(factor, "factor")
        self.scale = _unit_factor(scale, "scale")
        if fill_value is not None and not (
                isinstance(fill_value, (int, float)) and not isinstance(fill_value, bool)
                or isinstance(fill_value, (tuple, list)) and len(fill_value) == 3):
            raise ValueError(f"The `fill_value` argument should be a number (or a list of three numbers). "
                             f"Received: fill_value={fill_value}")
        self.fill_value = fill_value
        if not isinstance(value_range, (tuple, list)) or len(value_range) != 2:
            raise ValueError(f"The `value_range` argument should be a list of two numbers. "
                             f"Received: value_range={value_range}")
        self.value_range = tuple(sorted(value_range))

    def _fill(self, images):
        low, high = self.value_range
        if self.fill_value is None:
            if self.seed_generator is None:
                noise = torch.randn(images.shape, device=images.device)
            else:
                noise = random.normal(tuple(images.shape), seed=self.seed_generator).to(images.device)
            fill = noise * high
        elif isinstance(self.fill_value, (tuple, list)):
            _, _, c_axis = _axes(self.data_format)
            shape = [1] * images.dim()
            shape[c_axis] = 3
            fill = torch.tensor(self.fill_value, dtype=torch.float32, device=images.device).reshape(shape)
            fill = fill.expand(images.shape)
        else:
            fill = torch.full(images.shape, float(self.fill_value), device=images.device)
        return torch.clamp(fill, low, high)

    def call(self, data, training=True):
        images, labels, was_dict = _split(self, data)
        if images.dim() not in (3, 4):
            raise ValueError(f"Expected the input image to be rank 3 or 4. "
                             f"Received: inputs.shape={tuple(images.shape)}")
        if training is False:
            return _join(images, labels, was_dict, data)
        batched = images.dim() == 4
        x = images if batched else images.unsqueeze(0)
        n = x.shape[0]
        shares = torch.sqrt(self._uniform((n, 2), self.scale[0], self.scale[1], x.device))
        masks, _ = self._region_masks(x, shares[:, 0], shares[:, 1])
        probability = self._uniform((n,), self.factor[0], self.factor[1], x.device)
        apply = (self._uniform((n,), 0.0, 1.0, x.device) < probability).reshape(-1, 1, 1, 1)
        out = torch.where(apply & masks, self._fill(x), x)
        return _join(out if batched else out[0], labels, was_dict, data)

    def get_config(self):
        return {**super().get_config(), "factor": list(self.factor), "scale": list(self.scale),
                "fill_value": self.fill_value, "value_range": list(self.value_range)}
