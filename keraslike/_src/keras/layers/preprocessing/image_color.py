"""Colour augmentation layers: AutoContrast, Solarization, RandomInvert, RandomGrayscale, RandomGaussianBlur,
RandomPosterization, RandomSaturation, RandomHue, RandomColorDegeneration, RandomSharpness, Equalization,
RandomColorJitter (keras/src/layers/preprocessing/image_preprocessing/, one file per layer there).

Pixel values live in `value_range` (default `(0, 255)`); the layers work internally in (0, 255)
as Keras does. `AutoContrast` is deterministic and always applies; the random ones apply when
training (and when called directly, Keras 3's default `training=True`), not in `predict`.
"""

import torch

from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.layers.convolutional import conv_utils
from keraslike._src.keras.layers.preprocessing.image_preprocessing import (
    RandomBrightness, RandomContrast, _float, _ImageLayer, _unit_factor, _value_range,
)
from keraslike._src.keras.ops import image as ops_image


def _to_range(x, source, target):
    x = (x - source[0]) / (source[1] - source[0])
    return x * (target[1] - target[0]) + target[0]


class AutoContrast(Layer):
    """Stretch each image's channels to span `value_range` (min -> low, max -> high); flat channels are kept.

    Args:
        value_range: `(low, high)`, default (0, 255).
    """

    def __init__(self, value_range=(0, 255), **kwargs):
        super().__init__(**kwargs)
        self.value_range = _value_range(value_range)

    def call(self, inputs):
        original = _float(inputs)
        x = _to_range(original, self.value_range, (0.0, 255.0))
        low = x.amin(dim=(-3, -2), keepdim=True)
        high = x.amax(dim=(-3, -2), keepdim=True)
        scale = 255.0 / (high - low)
        y = torch.clamp(x * scale - low * scale, 0.0, 255.0)
        y = _to_range(y, (0.0, 255.0), self.value_range)
        return torch.where(torch.isnan(y), original, y)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), "value_range": list(self.value_range)}


def _batch_shape(x):
    return (x.shape[0], 1, 1, 1) if x.dim() == 4 else (1, 1, 1)


class Solarization(_ImageLayer):
    """Invert the pixels above a random threshold, after adding a random amount (both in (0, 255) units).

    The addition is drawn from `[addition_factor[0], addition_factor[1] * 255]` and the threshold from
    `[threshold_factor[0], threshold_factor[1] * 255]`, as Keras 3.15 draws them.

    Args:
        addition_factor, threshold_factor: float in [0, 1] (range `[0, f]`) or `(lower, upper)`; default 0.
        value_range: `(low, high)`, default (0, 255).
        seed: optional int.
    """

    def __init__(self, addition_factor=0.0, threshold_factor=0.0, value_range=(0, 255), seed=None, **kwargs):
        super().__init__(kwargs.pop("data_format", None), seed, **kwargs)
        self.addition_factor = _unit_factor(addition_factor, "addition_factor")
        self.threshold_factor = _unit_factor(threshold_factor, "threshold_factor")
        self.value_range = _value_range(value_range)

    def call(self, inputs, training=True):
        x = _float(inputs)
        if training is False:
            return x
        shape = _batch_shape(x)
        additions = self._uniform(shape, self.addition_factor[0], self.addition_factor[1] * 255, x.device)
        thresholds = self._uniform(shape, self.threshold_factor[0], self.threshold_factor[1] * 255, x.device)
        y = torch.clamp(_to_range(x, self.value_range, (0.0, 255.0)) + additions, 0, 255)
        y = torch.where(y < thresholds, y, 255 - y)
        return _to_range(y, (0.0, 255.0), self.value_range)

    def get_config(self):
        return {**super().get_config(), "value_range": list(self.value_range),  # Keras 3's order
                "addition_factor": list(self.addition_factor), "threshold_factor": list(self.threshold_factor)}


class RandomInvert(_ImageLayer):
    """Replace an image by `value_range[1] - image` with a random probability drawn from `factor`.

    Args:
        factor: float in [0, 1] (probability range `[0, factor]`) or `(lower, upper)`; default 1.0.
        value_range: `(low, high)`, default (0, 255).
        seed: optional int. data_format: as the other image layers.
    """

    def __init__(self, factor=1.0, value_range=(0, 255), seed=None, data_format=None, **kwargs):
        super().__init__(data_format, seed, **kwargs)
        self.factor = _unit_factor(factor, "factor")
        self.value_range = _value_range(value_range)

    def call(self, inputs, training=True):
        x = _float(inputs)
        if training is False:
            return x
        shape = _batch_shape(x)
        probability = self._uniform(shape, self.factor[0], self.factor[1], x.device)
        apply = self._uniform(shape, 0.0, 1.0, x.device) < probability
        return torch.where(apply, self.value_range[1] - x, x)

    def get_config(self):
        return {**super().get_config(), "factor": list(self.factor), "value_range": list(self.value_range)}


class RandomGrayscale(_ImageLayer):
    """Turn each image to grayscale (kept with 3 channels) with probability `factor`.

    Args:
        factor: float in [0, 1], default 0.5.
        data_format: "channels_last" (default) or "channels_first".
        seed: optional int.

    Raises:
        ValueError: if `factor` is outside [0, 1].
    """

    def __init__(self, factor=0.5, data_format=None, seed=None, **kwargs):
        if not 0 <= factor <= 1:
            raise ValueError(f"`factor` should be between 0 and 1. Received: factor={factor}")
        super().__init__(data_format, seed, **kwargs)
        self.factor = float(factor)

    def call(self, inputs, training=True):
        x = _float(inputs)
        if training is False:
            return x
        apply = self._uniform(_batch_shape(x), 0.0, 1.0, x.device) < self.factor
        gray = ops_image.rgb_to_grayscale(x, data_format=self.data_format)
        return torch.where(apply, gray, x)

    def get_config(self):
        return {**super().get_config(), "factor": self.factor}


class RandomGaussianBlur(_ImageLayer):
    """Blur each image, with a probability drawn from `factor`, by a Gaussian of a random `sigma`
    (one draw per batch for each axis), then clip to `value_range`.

    Args:
        factor: float in [0, 1] (probability range `[0, factor]`) or `(lower, upper)`; default 1.0.
        kernel_size: odd int or a pair of odd ints, default 3.
        sigma: float in [0, 1] (range `[0, sigma]`) or `(lower, upper)`; default 1.0.
        value_range: `(low, high)`, default (0, 255).
        data_format, seed: as the other image layers.

    Raises:
        ValueError: for an even kernel size or factors outside [0, 1].
    """

    def __init__(self, factor=1.0, kernel_size=3, sigma=1.0, value_range=(0, 255), data_format=None, seed=None,
                 **kwargs):
        super().__init__(data_format, seed, **kwargs)
        self.factor = _unit_factor(factor, "factor")
        sizes = tuple(kernel_size) if isinstance(kernel_size, (tuple, list)) else (kernel_size, kernel_size)
        if len(sizes) != 2 or any(int(k) % 2 == 0 for k in sizes):
            raise ValueError(f"kernel_size must be an odd number. Received: kernel_size={kernel_size}")
        self.kernel_size = tuple(int(k) for k in sizes)
        self.sigma = _unit_factor(sigma, "sigma")
        self.value_range = _value_range(value_range)

    def call(self, inputs, training=True):
        x = _float(inputs)
        if training is False:
            return x
        batch = x.shape[0] if x.dim() == 4 else 1
        probability = self._uniform((batch,), self.factor[0], self.factor[1], x.device)
        apply = (self._uniform((batch,), 0.0, 1.0, x.device) < probability).reshape(
            (batch, 1, 1, 1) if x.dim() == 4 else (1, 1, 1))
        sigma = self._uniform((2,), self.sigma[0], self.sigma[1], x.device) + 1e-6
        blurred = ops_image.gaussian_blur(x, self.kernel_size, tuple(sigma.tolist()), data_format=self.data_format)
        return torch.clamp(torch.where(apply, blurred, x), *self.value_range)

    def get_config(self):
        return {**super().get_config(), "factor": list(self.factor), "kernel_size": list(self.kernel_size),
                "sigma": list(self.sigma), "value_range": list(self.value_range)}


class RandomPosterization(_ImageLayer):
    """Keep only the `bits` most significant bits of each (0-255) pixel, `bits` drawn per image.

    Args:
        factor: int in [1, 8] (bits range `[1, factor]`, the upper bound exclusive when it differs from the
            lower, as Keras 3.15 draws it) or `(lower, upper)`.
        value_range: `(low, high)`, default (0, 255).
        data_format, seed: as the other image layers.
    """

    def __init__(self, factor, value_range=(0, 255), data_format=None, seed=None, **kwargs):
        super().__init__(data_format, seed, **kwargs)
        message = f"The `factor` argument should be a number (or a list of two numbers) in the range [1, 8]. " \
                  f"Received: factor={factor}"
        if isinstance(factor, (tuple, list)):
            if len(factor) != 2 or factor[0] > 8 or factor[1] < 1:
                raise ValueError(message)
            self.factor = tuple(sorted(int(f) for f in factor))
        elif isinstance(factor, (int, float)) and 1 <= factor <= 8:
            self.factor = (1, int(factor))
        else:
            raise ValueError(message)
        self.value_range = _value_range(value_range)

    def call(self, inputs, training=True):
        x = _float(inputs)
        if training is False:
            return x
        batch = x.shape[0] if x.dim() == 4 else 1
        if self.factor[0] != self.factor[1]:
            bits = torch.floor(self._uniform((batch,), float(self.factor[0]), float(self.factor[1]), x.device))
        else:
            bits = torch.full((batch,), float(self.factor[0]), device=x.device)
        shift = (8 - bits).to(torch.int32).reshape((batch, 1, 1, 1) if x.dim() == 4 else (1, 1, 1))
        # as uint8 (values outside `value_range` saturate; TF's own cast is undefined there)
        pixels = torch.clamp(torch.trunc(_to_range(x, self.value_range, (0.0, 255.0))), 0, 255).to(torch.int64)
        pixels = torch.bitwise_left_shift(torch.bitwise_right_shift(pixels, shift), shift)
        return _to_range(pixels.to(torch.float32), (0.0, 255.0), self.value_range)

    def get_config(self):
        return {**super().get_config(), "factor": list(self.factor), "value_range": list(self.value_range)}


class RandomSaturation(_ImageLayer):
    """Scale each image's HSV saturation by `f / (1 - f + 1e-7)` with `f` drawn from `factor` (0.5 keeps
    it, 0 removes colour, 1 saturates), clip the saturation to `value_range`, and convert back, as
    Keras 3.15 computes it (`rgb_to_hsv` on the pixel values as given).

    Args:
        factor: float in [-1, 1] (range `[-factor, factor]`) or `(lower, upper)`.
        value_range: `(low, high)`, default (0, 255).
        data_format, seed: as the other image layers.
    """

    def __init__(self, factor, value_range=(0, 255), data_format=None, seed=None, **kwargs):
        super().__init__(data_format, seed, **kwargs)
        self.factor = factor
        self._lower, self._upper = _signed_factor(factor)
        self.value_range = _value_range(value_range)

    def call(self, inputs, training=True):
        x = _float(inputs)
        if training is False:
            return x
        batched = x.dim() == 4
        images = x if batched else x.unsqueeze(0)
        f = self._uniform((images.shape[0],), self._lower, self._upper, x.device)
        f = (f / (1 - f + 1e-7)).reshape(-1, 1, 1)
        hsv = ops_image.rgb_to_hsv(images, data_format=self.data_format)
        axis = -1 if self.data_format == "channels_last" else 1
        h, s, v = hsv.unbind(axis)
        s = torch.clamp(s * f, *self.value_range)
        out = ops_image.hsv_to_rgb(torch.stack([h, s, v], dim=axis), data_format=self.data_format)
        return out if batched else out[0]

    def get_config(self):
        return {**super().get_config(), "factor": self.factor, "value_range": list(self.value_range)}


def _signed_factor(factor):
    message = f"The `factor` argument should be a number (or a list of two numbers) in the range [-1, 1]. " \
              f"Received: factor={factor}"
    if isinstance(factor, (tuple, list)):
        if len(factor) != 2 or factor[0] > 1 or factor[1] < -1:
            raise ValueError(message)
        return tuple(sorted(float(f) for f in factor))
    if not isinstance(factor, (int, float)) or not -1 <= factor <= 1:
        raise ValueError(message)
    return max(-abs(float(factor)), -1.0), abs(float(factor))


class RandomHue(_ImageLayer):
    """Rotate each image's hue by `±f / 2` (a random sign per image, `f` drawn from `factor`), wrapping
    around the colour circle; computed in HSV on pixels mapped to [0, 1], as Keras 3.15.

    Args:
        factor: float in [0, 1] (range `[0, factor]`) or `(lower, upper)`.
        value_range: `(low, high)`, default (0, 255).
        data_format, seed: as the other image layers.
    """

    def __init__(self, factor, value_range=(0, 255), data_format=None, seed=None, **kwargs):
        super().__init__(data_format, seed, **kwargs)
        self.factor = _unit_factor(factor, "factor")
        self.value_range = _value_range(value_range)

    def call(self, inputs, training=True):
        x = _float(inputs)
        if training is False:
            return x
        batched = x.dim() == 4
        images = x if batched else x.unsqueeze(0)
        n = images.shape[0]
        sign = torch.where(self._uniform((n,), 0.0, 1.0, x.device) > 0.5, -1.0, 1.0)
        shift = (sign * self._uniform((n,), self.factor[0], self.factor[1], x.device) * 0.5).reshape(-1, 1, 1)
        hsv = ops_image.rgb_to_hsv(_to_range(images, self.value_range, (0.0, 1.0)), data_format=self.data_format)
        axis = -1 if self.data_format == "channels_last" else 1
        h, s, v = hsv.unbind(axis)
        h = h + shift
        h = torch.where(h > 1.0, h - 1.0, h)
        h = torch.where(h < 0.0, h + 1.0, h)
        rgb = torch.clamp(ops_image.hsv_to_rgb(torch.stack([h, s, v], dim=axis), data_format=self.data_format), 0, 1)
        out = _to_range(rgb, (0.0, 1.0), self.value_range)
        return out if batched else out[0]

    def get_config(self):
        return {**super().get_config(), "factor": list(self.factor), "value_range": list(self.value_range)}


class RandomColorDegeneration(_ImageLayer):
    """Blend each image towards its grayscale version: `x + f * (gray(x) - x)`, `f` drawn per image from
    `factor`, then clip to `value_range`.

    Args:
        factor: float in [-1, 1] (range `[-factor, factor]`; negative values move away from gray) or
            `(lower, upper)`.
        value_range: `(low, high)`, default (0, 255).
        data_format, seed: as the other image layers.
    """

    def __init__(self, factor, value_range=(0, 255), data_format=None, seed=None, **kwargs):
        super().__init__(data_format, seed, **kwargs)
        self.factor = _signed_factor(factor)
        self.value_range = _value_range(value_range)

    def call(self, inputs, training=True):
        x = _float(inputs)
        if training is False:
            return x
        f = self._uniform(_batch_shape(x), self.factor[0], self.factor[1], x.device)
        gray = ops_image.rgb_to_grayscale(x, data_format=self.data_format)
        return torch.clamp(x + f * (gray - x), *self.value_range)

    def get_config(self):
        return {**super().get_config(), "factor": list(self.factor), "value_range": list(self.value_range)}


def _channels_last(x, data_format):
    return x if data_format == "channels_last" else x.movedim(-3, -1)


def _back(x, data_format):
    return x if data_format == "channels_last" else x.movedim(-1, -3)


class RandomSharpness(_ImageLayer):
    """Sharpen or blur each image: `x + (1 - 2f) * (smooth(x) - x)`, `f` drawn per image from `factor`
    (0.5 keeps the image, 0 is the 3x3 smoothing filter, 1 sharpens fully), then clip to `value_range`
    (keras/src/layers/preprocessing/image_preprocessing/random_sharpness.py).

    `smooth` is the depthwise 3x3 filter `[[1, 1, 1], [1, 5, 1], [1, 1, 1]] / 13` with "same" zero padding,
    as Keras 3.15 computes it.

    Args:
        factor: float in [0, 1] (range `[0, factor]`) or `(lower, upper)`.
        value_range: `(low, high)`, default (0, 255).
        data_format, seed: as the other image layers.

    Input/Output: `(batch, h, w, c)` or `(h, w, c)`, float32.
    """

    def __init__(self, factor, value_range=(0, 255), data_format=None, seed=None, **kwargs):
        super().__init__(data_format, seed, **kwargs)
        self.factor = _unit_factor(factor, "factor")
        self.value_range = _value_range(value_range)

    def call(self, inputs, training=True):
        x = _float(inputs)
        if training is False:
            return x
        batched = x.dim() == 4
        images = _channels_last(x if batched else x.unsqueeze(0), self.data_format)
        n, channels = images.shape[0], images.shape[-1]
        strength = (self._uniform((n,), self.factor[0], self.factor[1], x.device) * 2.0).reshape(-1, 1, 1, 1)
        kernel = torch.full((3, 3), 1.0 / 13.0, device=x.device)
        kernel[1, 1] = 5.0 / 13.0
        nchw = images.permute(0, 3, 1, 2).contiguous()  # a copy: conv never sees a permuted view
        smooth = torch.nn.functional.conv2d(nchw, kernel.expand(channels, 1, 3, 3), padding=1, groups=channels)
        smooth = smooth.permute(0, 2, 3, 1)
        out = torch.clamp(images + (1.0 - strength) * (smooth - images), *self.value_range)
        out = _back(out, self.data_format)
        return out if batched else out[0]

    def get_config(self):
        return {**super().get_config(), "factor": list(self.factor), "value_range": list(self.value_range)}


class Equalization(Layer):
    """Histogram equalization of each channel (keras/src/layers/preprocessing/image_preprocessing/equalization.py).

    As Keras 3.15 computes it, each channel's histogram (`bins` bins over `value_range`) is taken over
    everything passed in one call (the whole batch), its cumulative distribution maps pixel values
    to `[0, 255]` (then back to `value_range`); a channel with at most one non-empty bin is kept.
    Like the random layers it transforms only when training (Keras's default when called directly);
    `training=False` (`predict`, `evaluate`) returns the input as float32.

    Args:
        value_range: `(low, high)`, default (0, 255).
        bins: int, default 256.
        data_format: "channels_last" (default) or "channels_first".

    Input/Output: `(batch, h, w, c)` or `(h, w, c)`, float32.
    """

    def __init__(self, value_range=(0, 255), bins=256, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = conv_utils.normalize_data_format(data_format)
        self.value_range = _value_range(value_range)
        if not isinstance(bins, int) or isinstance(bins, bool) or bins < 2:
            raise ValueError(f"`bins` must be an integer >= 2. Received: bins={bins}")
        self.bins = bins

    def _equalize(self, channel):
        bins = self.bins
        channel = _to_range(channel, self.value_range, (0.0, 255.0))
        indices = torch.clamp((channel * (bins - 1) / 255.0).to(torch.int64), 0, bins - 1)
        hist = torch.bincount(indices.reshape(-1), minlength=bins)
        if int(torch.count_nonzero(hist)) <= 1:
            return _to_range(channel, (0.0, 255.0), self.value_range)
        cdf = torch.cumsum(hist, 0)
        cdf_min = cdf[torch.nonzero(cdf)[0, 0]]
        denominator = cdf[-1] - cdf_min
        denominator = torch.where(denominator == 0, torch.ones_like(denominator), denominator)
        table = torch.clamp(torch.round((cdf - cdf_min) * 255.0 / denominator), 0, 255).to(torch.float32)
        return _to_range(table[indices], (0.0, 255.0), self.value_range)

    def call(self, inputs, training=True):
        x = _float(inputs)
        if training is False:
            return x
        axis = -1 if self.data_format == "channels_last" else -3
        return torch.stack([self._equalize(c) for c in x.unbind(axis)], dim=axis)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), "data_format": self.data_format, "bins": self.bins,
                "value_range": list(self.value_range)}  # Keras 3's order


class RandomColorJitter(_ImageLayer):
    """Apply, in this order, RandomBrightness, RandomContrast, RandomSaturation and RandomHue for each
    factor given (keras/src/layers/preprocessing/image_preprocessing/random_color_jitter.py).

    Args:
        value_range: `(low, high)`, default (0, 255).
        brightness_factor, contrast_factor, saturation_factor, hue_factor: each None (skip that step,
            the default) or the `factor` of the corresponding layer.
        seed, data_format: as the other image layers (the sub-layers share `seed`).

    Input/Output: `(batch, h, w, c)` or `(h, w, c)`, float32.
    """

    def __init__(self, value_range=(0, 255), brightness_factor=None, contrast_factor=None, saturation_factor=None,
                 hue_factor=None, seed=None, data_format=None, **kwargs):
        super().__init__(data_format, seed, **kwargs)
        self.value_range = _value_range(value_range)
        self.brightness_factor = brightness_factor
        self.contrast_factor = contrast_factor
        self.saturation_factor = saturation_factor
        self.hue_factor = hue_factor
        steps = []
        if brightness_factor is not None:
            steps.append(RandomBrightness(brightness_factor, value_range=value_range, seed=seed))
        if contrast_factor is not None:
            steps.append(RandomContrast(contrast_factor, value_range=value_range, seed=seed))
        if saturation_factor is not None:
            steps.append(RandomSaturation(saturation_factor, value_range=value_range, data_format=data_format,
                                          seed=seed))
        if hue_factor is not None:
            steps.append(RandomHue(hue_factor, value_range=value_range, data_format=data_format, seed=seed))
        object.__setattr__(self, "_steps", steps)

    def call(self, inputs, training=True):
        x = _float(inputs)
        if training is False:
            return x
        channels_first = self.data_format == "channels_first"
        for step in self._steps:
            if channels_first and step.data_format == "channels_last":  # brightness/contrast are layout-free
                x = step(x.movedim(-3, -1), training=training).movedim(-1, -3)
            else:
                x = step(x, training=training)
        return x

    def get_config(self):
        return {**super().get_config(), "value_range": list(self.value_range),
                "brightness_factor": self.brightness_factor, "contrast_factor": self.contrast_factor,
                "saturation_factor": self.saturation_factor, "hue_factor": self.hue_factor}


def _symmetric_index(size, total, device):
    """Indices that extend `range(size)` to `total` by mirroring with the edge repeated (numpy's "symmetric")."""
    m = torch.arange(total, device=device) % (2 * size)
    return torch.where(m < size, m, 2 * size - 1 - m)


class ContrastLimitedAdaptiveHistogramEqualization(Layer):
    """CLAHE: histogram equalization per tile of a `tile_grid_size` grid with clipped histograms, blended
    bilinearly between neighbouring tiles (keras/src/layers/preprocessing/image_preprocessing/clahe.py).

    As Keras 3.15 computes it: the image is padded at the bottom/right by mirroring to a whole number of
    tiles; each tile's 256-bin histogram of the integer pixel values is clipped at
    `clip_limit * tile_pixels / 256` (the excess spread evenly over the bins; `clip_limit <= 0` turns the
    clipping off); its normalised CDF is the tile's mapping; each pixel takes the bilinear blend of the four
    nearest tiles' mappings (edge tiles extended). It always applies (also with `training=False`), and the
    output has the input's dtype.

    Args:
        value_range: `(low, high)`, default (0, 255).
        clip_limit: float, default 4.0.
        tile_grid_size: `(rows, cols)`, default (8, 8).
        data_format: "channels_last" (default) or "channels_first".

    Input/Output: `(batch, h, w, c)` or `(h, w, c)`.
    """

    def __init__(self, value_range=(0, 255), clip_limit=4.0, tile_grid_size=(8, 8), data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.value_range = _value_range(value_range)
        self.clip_limit = float(clip_limit)
        if (not isinstance(tile_grid_size, (tuple, list)) or len(tile_grid_size) != 2
                or not all(isinstance(t, int) and t > 0 for t in tile_grid_size)):
            raise ValueError(f"`tile_grid_size` must be two positive integers. "
                             f"Received: tile_grid_size={tile_grid_size}")
        self.tile_grid_size = tuple(tile_grid_size)
        self.data_format = conv_utils.normalize_data_format(data_format)

    def _equalize(self, x):
        """`(n, h, w, c)` float in [0, 255] -> the same."""
        n, height, width, channels = x.shape
        grid_h, grid_w = self.tile_grid_size
        tile_h, tile_w = -(-height // grid_h), -(-width // grid_w)
        rows = _symmetric_index(height, tile_h * grid_h, x.device)
        cols = _symmetric_index(width, tile_w * grid_w, x.device)
        padded = x[:, rows][:, :, cols]
        pixels = torch.clamp(padded.to(torch.int64), 0, 255)  # (n, H, W, c), truncated like Keras's int cast
        tiles = pixels.reshape(n, grid_h, tile_h, grid_w, tile_w, channels).permute(0, 1, 3, 5, 2, 4)
        tiles = tiles.reshape(n, grid_h, grid_w, channels, tile_h * tile_w)
        hist = torch.zeros(n, grid_h, grid_w, channels, 256, dtype=torch.float32, device=x.device)
        hist.scatter_add_(-1, tiles, torch.ones_like(tiles, dtype=torch.float32))
        area = float(tile_h * tile_w)
        if self.clip_limit > 0:
            clipped = torch.clamp(hist, max=self.clip_limit * area / 256.0)
            hist = clipped + (hist - clipped).sum(-1, keepdim=True) / 256.0
        cdf = torch.cumsum(hist, -1)
        cdf_min = cdf.amin(-1, keepdim=True)
        denominator = area - cdf_min
        denominator = torch.where(denominator == 0, torch.ones_like(denominator), denominator)
        lut = torch.clamp((cdf - cdf_min) * 255.0 / denominator, 0, 255)
        lut = torch.cat([lut[:, :1], lut, lut[:, -1:]], dim=1)
        lut = torch.cat([lut[:, :, :1], lut, lut[:, :, -1:]], dim=2)  # (n, gh + 2, gw + 2, c, 256)

        def corners(size, tile, grid):
            pos = (torch.arange(tile * grid, dtype=torch.float32, device=x.device) - tile / 2.0) / tile + 1.0
            low = torch.floor(pos)
            weight = pos - low
            return (torch.clamp(low, 0, grid + 1).to(torch.int64), torch.clamp(low + 1, 0, grid + 1).to(torch.int64),
                    weight)

        y0, y1, wy = corners(height, tile_h, grid_h)
        x0, x1, wx = corners(width, tile_w, grid_w)
        b = torch.arange(n, device=x.device).reshape(n, 1, 1, 1)
        c = torch.arange(channels, device=x.device).reshape(1, 1, 1, channels)

        def look(ys, xs):
            return lut[b, ys.reshape(1, -1, 1, 1), xs.reshape(1, 1, -1, 1), c, pixels]

        wy, wx = wy.reshape(1, -1, 1, 1), wx.reshape(1, 1, -1, 1)
        top = look(y0, x0) * (1.0 - wx) + look(y0, x1) * wx
        bottom = look(y1, x0) * (1.0 - wx) + look(y1, x1) * wx
        return (top * (1.0 - wy) + bottom * wy)[:, :height, :width]

    def call(self, inputs, training=True):
        x = inputs if isinstance(inputs, torch.Tensor) else torch.as_tensor(inputs)
        dtype = x.dtype
        batched = x.dim() == 4
        images = x if batched else x.unsqueeze(0)
        images = _channels_last(images, self.data_format).to(torch.float32)
        out = self._equalize(_to_range(images, self.value_range, (0.0, 255.0)))
        out = _back(_to_range(out, (0.0, 255.0), self.value_range), self.data_format)
        out = out if batched else out[0]
        return out if dtype == torch.float32 else out.to(dtype)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), "data_format": self.data_format, "value_range": list(self.value_range),
                "clip_limit": self.clip_limit, "tile_grid_size": list(self.tile_grid_size)}  # Keras 3's order
