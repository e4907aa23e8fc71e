"""Image preprocessing and augmentation layers: Resizing, CenterCrop, RandomFlip, RandomRotation, RandomZoom,
RandomTranslation, RandomShear, RandomPerspective, RandomElasticTransform, RandomCrop, RandomContrast, RandomBrightness
(keras/src/layers/preprocessing/image_preprocessing/).

Images are `(batch, height, width, channels)` or one `(height, width, channels)` image
(`data_format="channels_first"` where Keras allows it); outputs are float32 (the compute dtype).
The random layers transform when training: inside `fit`, and when called directly without
`training` (Keras 3's default `training=True`); `predict`/`evaluate` and `training=False` return
the input (as float). Geometric ones build TF's 8-parameter projective transform, exactly as Keras
does, and apply it with `keras.ops.image.affine_transform`. Every random layer owns a
`keras.random.SeedGenerator(seed)` made in `__init__` (unseeded, from Python's `random`), reproducible for a
seed and different per replica in a multi-replica step (the values are not TF's: the draws differ from
Keras's). They also work in `dataset.map(layer)`, as Keras allows.
"""

import functools
import inspect
import math
import numbers

import torch

from keraslike._src.keras import keras_version
from keraslike._src.keras.layers.convolutional import conv_utils
from keraslike._src.keras.layers.layer import Layer, insert_key
from keraslike._src.keras.ops import image as ops_image
from keraslike._src.keras.random import random
from keraslike._src.keras.random.seed_generator import SeedGenerator


def _float(images):
    x = images if isinstance(images, torch.Tensor) else torch.as_tensor(images)
    return x if x.dtype == torch.float32 else x.to(torch.float32)


def _hw_axes(x, data_format):
    base = x.dim() - 3
    return (base, base + 1) if data_format == "channels_last" else (base + 1, base + 2)


class _ImageLayer(Layer):
    # Keras 3's config key order: `seed` last (RandomFlip: right after data_format; the affine layers: before
    # fill_value), the affine layers' factors right after data_format. Each subclass's `get_config` is wrapped
    # to put its keys so (printing a config shows the order).
    _seed_position = "last"
    _factors_first = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("get_config")
        if own is not None:
            @functools.wraps(own)
            def get_config(self, _own=own):
                return self._keras_order(_own(self))
            cls.get_config = get_config

    def _keras_order(self, config):
        if keras_version.legacy_keras():
            return config
        if self._factors_first and "data_format" in config:
            for key in reversed(self._factors_first):
                if key in config:
                    config = insert_key(config, key, config[key], after="data_format")
        if "seed" in config and self._seed_position == "last":
            config = insert_key(config, "seed", config["seed"])
        elif "seed" in config and self._seed_position == "before_fill_value":
            config = insert_key(config, "seed", config["seed"], before="fill_value")
        return config

    def __init__(self, data_format=None, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = conv_utils.normalize_data_format(data_format)
        self.seed = seed
        # a random layer (one that takes `seed`) owns a generator made here, as Keras's (unseeded, its seed is a
        # Python-`random` draw: the order of draws `keras.utils.set_random_seed` fixes); not tracked as a weight
        random_layer = seed is not None or "seed" in inspect.signature(type(self).__init__).parameters
        object.__setattr__(self, "seed_generator", SeedGenerator(seed) if random_layer else None)

    def _uniform(self, shape, low, high, device):
        if self.seed_generator is None:
            return torch.rand(shape, device=device) * (high - low) + low
        return random.uniform(shape, low, high, seed=self.seed_generator).to(device)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = {**super().get_config(), "data_format": self.data_format}
        if "seed" in inspect.signature(type(self).__init__).parameters:
            config["seed"] = self.seed
        return config


def _factor_pair(factor, name, bounds=(-1.0, 1.0)):
    message = (f"The `{name}` argument should be a number (or a list of two numbers) in the range "
               f"[{bounds[0]}, {bounds[1]}]. Received: {name}={factor}")
    if isinstance(factor, (tuple, list)):
        if len(factor) != 2:
            raise ValueError(message)
        lower, upper = sorted(float(f) for f in factor)
    elif isinstance(factor, numbers.Real):
        lower, upper = -abs(float(factor)), abs(float(factor))
    else:
        raise ValueError(message)
    if lower < bounds[0] or upper > bounds[1]:
        raise ValueError(message)
    return lower, upper


def _unit_factor(factor, name):
    message = f"The `{name}` argument should be a number (or a list of two numbers) in the range [0, 1]. " \
              f"Received: {name}={factor}"
    if isinstance(factor, (tuple, list)):
        if len(factor) != 2 or not all(0 <= f <= 1 for f in factor):
            raise ValueError(message)
        return tuple(sorted(float(f) for f in factor))
    if not isinstance(factor, (int, float)) or not 0 <= factor <= 1:
        raise ValueError(message)
    return 0.0, float(factor)


class Resizing(_ImageLayer):
    """Resize images to `(height, width)` with `keras.ops.image.resize` (TF's methods and half-pixel centres).

    Args:
        height, width: ints.
        interpolation: "bilinear" (default), "nearest", "bicubic", "area", "lanczos3", "lanczos5",
            "gaussian", "mitchellcubic".
        crop_to_aspect_ratio / pad_to_aspect_ratio: keep the aspect ratio by a centred crop or padding.
        fill_mode ("constant"), fill_value (0.0): the padding for `pad_to_aspect_ratio`.
        antialias: bool, default False.
        data_format: "channels_last" (default) or "channels_first".
    """

    def __init__(self, height, width, interpolation="bilinear", crop_to_aspect_ratio=False, pad_to_aspect_ratio=False,
                 fill_mode="constant", fill_value=0.0, antialias=False, data_format=None, **kwargs):
        super().__init__(data_format, **kwargs)
        self.height, self.width = int(height), int(width)
        self.interpolation = interpolation
        self.crop_to_aspect_ratio = crop_to_aspect_ratio
        self.pad_to_aspect_ratio = pad_to_aspect_ratio
        self.fill_mode, self.fill_value = fill_mode, fill_value
        self.antialias = antialias

    def call(self, inputs):
        return ops_image.resize(_float(inputs), (self.height, self.width), self.interpolation, self.antialias,
                                self.crop_to_aspect_ratio, self.pad_to_aspect_ratio, self.fill_mode, self.fill_value,
                                self.data_format)

    def compute_output_shape(self, input_shape):
        shape = list(input_shape)
        h, w = (len(shape) - 3, len(shape) - 2) if self.data_format == "channels_last" else (
            len(shape) - 2, len(shape) - 1)
        shape[h], shape[w] = self.height, self.width
        return tuple(shape)

    def get_config(self):
        return {**super().get_config(), "height": self.height, "width": self.width,
                "interpolation": self.interpolation, "crop_to_aspect_ratio": self.crop_to_aspect_ratio,
                "pad_to_aspect_ratio": self.pad_to_aspect_ratio, "fill_mode": self.fill_mode,
                "fill_value": self.fill_value, "antialias": self.antialias}


class CenterCrop(Resizing):
    """Crop the central `(height, width)` window; smaller images are first resized (keeping the aspect
    ratio by cropping) to that size, as Keras.

    Args:
        height, width: ints.
        data_format: "channels_last" (default) or "channels_first".
    """

    def __init__(self, height, width, data_format=None, **kwargs):
        super().__init__(height, width, crop_to_aspect_ratio=True, data_format=data_format, **kwargs)

    def call(self, inputs):
        x = _float(inputs)
        h_axis, w_axis = _hw_axes(x, self.data_format)
        h_diff, w_diff = x.shape[h_axis] - self.height, x.shape[w_axis] - self.width
        if h_diff >= 0 and w_diff >= 0:
            return x.narrow(h_axis, h_diff // 2, self.height).narrow(w_axis, w_diff // 2, self.width)
        return super().call(x)

    def get_config(self):
        config = super().get_config()
        return {k: config[k] for k in ("name", "trainable", "dtype", "data_format", "height", "width") if k in config}


class RandomFlip(_ImageLayer):
    """Flip each image with probability 1/2: "horizontal", "vertical" or "horizontal_and_vertical".

    With "horizontal_and_vertical", Keras 3 draws once per image (both flips or neither); Keras 2
    (`TF_USE_LEGACY_KERAS=1`) draws the two flips independently (four outcomes, 1/4 each), as tf_keras.

    Raises:
        ValueError: for another mode.
    """

    _seed_position = None  # Keras 3: seed right after data_format

    _MODES = ("horizontal", "vertical", "horizontal_and_vertical")

    def __init__(self, mode="horizontal_and_vertical", seed=None, data_format=None, **kwargs):
        super().__init__(data_format, seed, **kwargs)
        if mode not in self._MODES:
            raise ValueError(f"RandomFlip layer {self.name} received an unknown mode argument {mode}")
        self.mode = mode

    def call(self, inputs, training=True):
        x = _float(inputs)
        if training is False:
            return x
        h_axis, w_axis = _hw_axes(x, self.data_format)
        shape = (x.shape[0],) + (1,) * (x.dim() - 1) if x.dim() == 4 else (1,) * x.dim()
        flips = self._uniform(shape, 0.0, 1.0, x.device) <= 0.5
        if self.mode in ("horizontal", "horizontal_and_vertical"):
            x = torch.where(flips, x.flip(w_axis), x)
            if keras_version.legacy_keras():  # tf_keras: the up-down flip has its own draw
                flips = self._uniform(shape, 0.0, 1.0, x.device) <= 0.5
        if self.mode in ("vertical", "horizontal_and_vertical"):
            x = torch.where(flips, x.flip(h_axis), x)
        return x

    def get_config(self):
        return {**super().get_config(), "mode": self.mode}


class _AffineLayer(_ImageLayer):
    _FILL = ("reflect", "wrap", "constant", "nearest")

    _seed_position = "before_fill_value"
    _factors_first = ("height_factor", "width_factor", "x_factor", "y_factor")

    def __init__(self, fill_mode, interpolation, seed, fill_value, data_format, **kwargs):
        super().__init__(data_format, seed, **kwargs)
        if fill_mode not in self._FILL:
            raise NotImplementedError(f"Unknown `fill_mode` {fill_mode}. Expected of one {self._FILL}.")
        if interpolation not in ("nearest", "bilinear"):
            raise NotImplementedError(f"Unknown `interpolation` {interpolation}. Expected of one "
                                      "('nearest', 'bilinear').")
        self.fill_mode, self.interpolation, self.fill_value = fill_mode, interpolation, fill_value

    def call(self, inputs, training=True):
        x = _float(inputs)
        if training is False:
            return x
        batched = x.dim() == 4
        images = x if batched else x.unsqueeze(0)
        h_axis, w_axis = _hw_axes(images, self.data_format)
        transform = self._transform(images.shape[0], images.shape[h_axis], images.shape[w_axis], images.device)
        out = ops_image.affine_transform(images, transform, self.interpolation, self.fill_mode, self.fill_value,
                                         self.data_format)
        return out if batched else out[0]

    def get_config(self):
        return {**super().get_config(), "fill_mode": self.fill_mode, "interpolation": self.interpolation,
                "fill_value": self.fill_value}


def _rotation_transform(angle_deg, height, width):
    """Keras's affine matrix for a rotation about the image centre (output -> input coordinates)."""
    angle = angle_deg * (math.pi / 180.0)
    cx, cy = 0.5 * (width - 1), 0.5 * (height - 1)
    cos, sin = torch.cos(angle), torch.sin(angle)
    a0, a1 = cos, -sin
    b0, b1 = sin, cos
    a2 = cx - cx * a0 - cy * a1
    b2 = cy - cx * b0 - cy * b1
    zeros = torch.zeros_like(angle)
    return torch.stack([a0, a1, a2, b0, b1, b2, zeros, zeros], dim=1)


class RandomRotation(_AffineLayer):
    """Rotate each image by a random angle drawn from `factor * 360` degrees.

    Args:
        factor: float (the range is `[-factor, factor]`) or `(lower, upper)`, in fractions of a full turn.
        fill_mode: "reflect" (default), "wrap", "constant", "nearest".
        interpolation: "bilinear" (default) or "nearest".
        seed: optional int.
        fill_value: float for "constant", default 0.
        data_format: "channels_last" (default) or "channels_first".
    """

    def __init__(self, factor, fill_mode="reflect", interpolation="bilinear", seed=None, fill_value=0.0,
                 data_format=None, **kwargs):
        super().__init__(fill_mode, interpolation, seed, fill_value, data_format, **kwargs)
        self.factor = factor
        self._lower, self._upper = _factor_pair(factor, "factor")

    def _transform(self, batch, height, width, device):
        angle = self._uniform((batch,), self._lower * 360.0, self._upper * 360.0, device)
        return _rotation_transform(angle, height, width)

    def get_config(self):
        return {**super().get_config(), "factor": self.factor}


class RandomZoom(_AffineLayer):
    """Zoom each image in or out by `1 + factor` (positive zooms out), about the centre.

    Args:
        height_factor: float or `(lower, upper)` in [-1, 1].
        width_factor: same, or None to keep the aspect ratio (the height zoom is used).
        fill_mode, interpolation, seed, fill_value, data_format: as `RandomRotation`.
    """

    def __init__(self, height_factor, width_factor=None, fill_mode="reflect", interpolation="bilinear", seed=None,
                 fill_value=0.0, data_format=None, **kwargs):
        super().__init__(fill_mode, interpolation, seed, fill_value, data_format, **kwargs)
        self.height_factor, self.width_factor = height_factor, width_factor
        self._height = _factor_pair(height_factor, "height_factor")
        self._width = None if width_factor is None else _factor_pair(width_factor, "width_factor")

    def _transform(self, batch, height, width, device):
        zy = self._uniform((batch,), 1.0 + self._height[0], 1.0 + self._height[1], device)
        zx = zy if self._width is None else self._uniform((batch,), 1.0 + self._width[0], 1.0 + self._width[1],
                                                           device)
        zeros = torch.zeros_like(zx)
        x_offset = (width - 1.0) / 2.0 * (1.0 - zx)
        y_offset = (height - 1.0) / 2.0 * (1.0 - zy)
        return torch.stack([zx, zeros, x_offset, zeros, zy, y_offset, zeros, zeros], dim=1)

    def get_config(self):
        return {**super().get_config(), "height_factor": self.height_factor, "width_factor": self.width_factor}


class RandomTranslation(_AffineLayer):
    """Shift each image by a random fraction of its height and width.

    Args:
        height_factor, width_factor: float or `(lower, upper)` in [-1, 1] (fractions of the size).
        fill_mode, interpolation, seed, fill_value, data_format: as `RandomRotation`.
    """

    def __init__(self, height_factor, width_factor, fill_mode="reflect", interpolation="bilinear", seed=None,
                 fill_value=0.0, data_format=None, **kwargs):
        super().__init__(fill_mode, interpolation, seed, fill_value, data_format, **kwargs)
        self.height_factor, self.width_factor = height_factor, width_factor
        self._height = _factor_pair(height_factor, "height_factor")
        self._width = _factor_pair(width_factor, "width_factor")

    def _transform(self, batch, height, width, device):
        dy = self._uniform((batch,), self._height[0], self._height[1], device) * height
        dx = self._uniform((batch,), self._width[0], self._width[1], device) * width
        ones, zeros = torch.ones_like(dx), torch.zeros_like(dx)
        return torch.stack([ones, zeros, -dx, zeros, ones, -dy, zeros, zeros], dim=1)

    def get_config(self):
        return {**super().get_config(), "height_factor": self.height_factor, "width_factor": self.width_factor}


def _shear_factor(factor, name):
    if isinstance(factor, (tuple, list)):
        if len(factor) != 2 or not all(0 <= f <= 1 for f in factor):
            raise ValueError(f"The `{name}` argument should be a number (or a list of two numbers) in the range "
                             f"[0, 1]. Received: {name}={factor}")
        return tuple(sorted(float(f) for f in factor))
    if not isinstance(factor, numbers.Real) or not 0 <= factor <= 1:
        raise ValueError(f"The `{name}` argument should be a number (or a list of two numbers) in the range [0, 1]. "
                         f"Received: {name}={factor}")
    return -abs(float(factor)), abs(float(factor))


class RandomShear(_AffineLayer):
    """Shear each image by random factors: output `(x, y)` reads input `(x + sx * y, sy * x + y)`.

    `sx`/`sy` are drawn from the factor ranges and share one random sign per image, as Keras 3.15.

    Args:
        x_factor, y_factor: float in [0, 1] (range `[-f, f]`) or `(lower, upper)` in [0, 1]; default 0.
        interpolation ("bilinear"), fill_mode ("reflect"), fill_value (0.0), data_format, seed: as `RandomRotation`.
    """

    def __init__(self, x_factor=0.0, y_factor=0.0, interpolation="bilinear", fill_mode="reflect", fill_value=0.0,
                 data_format=None, seed=None, **kwargs):
        super().__init__(fill_mode, interpolation, seed, fill_value, data_format, **kwargs)
        self.x_factor, self.y_factor = x_factor, y_factor
        self._x = _shear_factor(x_factor, "x_factor")
        self._y = _shear_factor(y_factor, "y_factor")

    def _transform(self, batch, height, width, device):
        sign = torch.where(self._uniform((batch,), 0.0, 1.0, device) > 0.5, -1.0, 1.0)
        sy = self._uniform((batch,), self._y[0], self._y[1], device) * sign
        sx = self._uniform((batch,), self._x[0], self._x[1], device) * sign
        ones, zeros = torch.ones_like(sx), torch.zeros_like(sx)
        return torch.stack([ones, sx, zeros, sy, ones, zeros, zeros, zeros], dim=1)

    def get_config(self):
        return {**super().get_config(), "x_factor": self.x_factor, "y_factor": self.y_factor}


class RandomPerspective(_ImageLayer):
    """Warp each image, with probability `p ~ U(factor)`, by a random perspective transform: its four
    corners `(x, y)` move to `(x, y) * (1 + d)`, `d ~ U(-scale / 2, scale / 2)` per coordinate
    (keras/src/layers/preprocessing/image_preprocessing/random_perspective.py).

    Args:
        factor: float in [0, 1] (range `[0, factor]`) or `(lower, upper)`, default 1.0: the probability range.
        scale: float in [0, 1], default 1.0: the size of the corner moves.
        interpolation: "bilinear" (default) or "nearest".
        fill_value: float, default 0.0: the value outside the warped image.
        seed, data_format: as the other image layers.

    Input/Output: `(batch, h, w, c)` or `(h, w, c)`, float32.

    Raises:
        ValueError: for `factor`/`scale` outside [0, 1]; NotImplementedError for another interpolation,
            as Keras.
    """

    _INTERPOLATIONS = ("nearest", "bilinear")

    def __init__(self, factor=1.0, scale=1.0, interpolation="bilinear", fill_value=0.0, seed=None, data_format=None,
                 **kwargs):
        super().__init__(data_format, seed, **kwargs)
        self.factor = _unit_factor(factor, "factor")
        if not isinstance(scale, (int, float)) or isinstance(scale, bool) or not 0.0 <= scale <= 1.0:
            raise ValueError(f"The `scale` argument should be a number in the range [0,1]. Received: scale={scale}")
        if interpolation not in self._INTERPOLATIONS:
            raise NotImplementedError(f"Unknown `interpolation` {interpolation}. Expected of one "
                                      f"{self._INTERPOLATIONS}.")
        self.scale = float(scale)
        self.interpolation = interpolation
        self.fill_value = float(fill_value)

    def call(self, inputs, training=True):
        x = _float(inputs)
        if training is False:
            return x
        batched = x.dim() == 4
        images = x if batched else x.unsqueeze(0)
        h_axis, w_axis = _hw_axes(images, self.data_format)
        n, height, width = images.shape[0], images.shape[h_axis], images.shape[w_axis]
        probability = self._uniform((n,), self.factor[0], self.factor[1], x.device)
        apply = self._uniform((n,), 0.0, 1.0, x.device) < probability
        moves = self._uniform((n, 4, 2), -0.5 * self.scale, 0.5 * self.scale, x.device)
        start = torch.tensor([[0.0, 0.0], [width - 1, 0.0], [0.0, height - 1], [width - 1, height - 1]],
                             device=x.device).expand(n, 4, 2)
        end = start + start * moves
        warped = ops_image.perspective_transform(images, start, end, interpolation=self.interpolation,
                                                 fill_value=self.fill_value, data_format=self.data_format)
        out = torch.where(apply.reshape(-1, 1, 1, 1), warped.to(images.dtype), images)
        return out if batched else out[0]

    def get_config(self):
        return {**super().get_config(), "factor": list(self.factor), "scale": self.scale,
                "interpolation": self.interpolation, "fill_value": self.fill_value}


class RandomElasticTransform(_ImageLayer):
    """Elastic distortion (Simard et al. 2003) of each image, with probability `p ~ U(factor)`
    (keras/src/layers/preprocessing/image_preprocessing/random_elastic_transform.py).

    Per call one strength `s ~ U(scale)` gives `alpha = 0.1 s max(h, w)` and `sigma = 0.05 s min(h, w)`
    for `keras.ops.image.elastic_transform`; the result is clipped to `value_range`.

    Args:
        factor: float in [0, 1] (range `[0, factor]`) or `(lower, upper)`, default 1.0: the probability range.
        scale: float in [0, 1] or `(lower, upper)`, default 1.0: the distortion strength range.
        interpolation: "bilinear" (default) or "nearest".
        fill_mode: "reflect" (default), "constant", "nearest", "wrap" or "mirror".
        fill_value: float, default 0.0 (for "constant").
        value_range: `(low, high)`, default (0, 255).
        seed, data_format: as the other image layers.

    Input/Output: `(batch, h, w, c)` or `(h, w, c)`, float32.

    Raises:
        ValueError: for factors outside [0, 1]; NotImplementedError for another interpolation or fill mode,
            as Keras.
    """

    _INTERPOLATIONS = ("nearest", "bilinear")
    _FILL_MODES = ("constant", "nearest", "wrap", "mirror", "reflect")

    def __init__(self, factor=1.0, scale=1.0, interpolation="bilinear", fill_mode="reflect", fill_value=0.0,
                 value_range=(0, 255), seed=None, data_format=None, **kwargs):
        super().__init__(data_format, seed, **kwargs)
        self.factor = _unit_factor(factor, "factor")
        self.scale = _unit_factor(scale, "scale")
        if interpolation not in self._INTERPOLATIONS:
            raise NotImplementedError(f"Unknown `interpolation` {interpolation}. Expected of one "
                                      f"{self._INTERPOLATIONS}.")
        if fill_mode not in self._FILL_MODES:
            raise NotImplementedError(f"Unknown `fill_mode` {fill_mode}. Expected of one {self._FILL_MODES}.")
        self.interpolation, self.fill_mode, self.fill_value = interpolation, fill_mode, float(fill_value)
        self.value_range = _value_range(value_range)

    def call(self, inputs, training=True):
        x = _float(inputs)
        if training is False or self.scale[1] == 0 or self.factor[1] == 0:
            return x
        batched = x.dim() == 4
        images = x if batched else x.unsqueeze(0)
        h_axis, w_axis = _hw_axes(images, self.data_format)
        n, height, width = images.shape[0], images.shape[h_axis], images.shape[w_axis]
        probability = self._uniform((n,), self.factor[0], self.factor[1], x.device)
        apply = self._uniform((n,), 0.0, 1.0, x.device) < probability
        strength = float(self._uniform((), self.scale[0], self.scale[1], x.device))
        alpha, sigma = max(height, width) * 0.1 * strength, min(height, width) * 0.05 * strength
        warped = ops_image.elastic_transform(images, alpha=alpha, sigma=sigma, interpolation=self.interpolation,
                                             fill_mode=self.fill_mode, fill_value=self.fill_value,
                                             seed=self.seed_generator, data_format=self.data_format)
        out = torch.clamp(torch.where(apply.reshape(-1, 1, 1, 1), warped, images), *self.value_range)
        return out if batched else out[0]

    def get_config(self):
        return {**super().get_config(), "factor": list(self.factor), "scale": list(self.scale),
                "interpolation": self.interpolation, "fill_mode": self.fill_mode, "fill_value": self.fill_value,
                "value_range": list(self.value_range)}


class RandomCrop(_ImageLayer):
    """Crop a random `(height, width)` window (one offset per batch) while training; images not larger
    than the target are resized to it instead. At inference the input is returned as is (Keras 3.15).

    Args:
        height, width: ints.
        seed: optional int.
        data_format: "channels_last" (default) or "channels_first".
    """

    def __init__(self, height, width, seed=None, data_format=None, **kwargs):
        super().__init__(data_format, seed, **kwargs)
        self.height, self.width = int(height), int(width)

    def call(self, inputs, training=True):
        x = _float(inputs)
        if training is False:
            return x
        h_axis, w_axis = _hw_axes(x, self.data_format)
        in_h, in_w = x.shape[h_axis], x.shape[w_axis]
        if in_h > self.height and in_w > self.width:
            top = int(self._uniform((), 0.0, float(in_h - self.height + 1), x.device).item())
            left = int(self._uniform((), 0.0, float(in_w - self.width + 1), x.device).item())
        else:
            crop_h = max(min(in_h, int(in_w * self.height / self.width)), 1)
            crop_w = max(min(in_w, int(in_h * self.width / self.height)), 1)
            top, left = int((in_h - crop_h) / 2), int((in_w - crop_w) / 2)
        x = x.narrow(h_axis, top, min(self.height, in_h - top)).narrow(w_axis, left, min(self.width, in_w - left))
        if x.shape[h_axis] != self.height or x.shape[w_axis] != self.width:
            x = ops_image.resize(x, (self.height, self.width), data_format=self.data_format)
        return x

    def compute_output_shape(self, input_shape):
        shape = list(input_shape)
        h, w = (len(shape) - 3, len(shape) - 2) if self.data_format == "channels_last" else (
            len(shape) - 2, len(shape) - 1)
        shape[h], shape[w] = self.height, self.width
        return tuple(shape)

    def get_config(self):
        return {**super().get_config(), "height": self.height, "width": self.width}


class RandomContrast(_ImageLayer):
    """Scale each image's deviation from its per-channel mean by a random factor, then clip to `value_range`.

    Keras 3 (TF 2.21): one factor per image in `[1 - lower, 1 + upper]`, where a number `f` means
    `(lower, upper) = (0, f)` (so the contrast only grows, as TF 2.21's Keras 3 does) and a pair is sorted.
    Keras 2 (`TF_USE_LEGACY_KERAS=1`): one factor for the whole batch in `[1 - lower, 1 + upper]`, where a
    number `f` means `(f, f)` and a pair is `(lower, upper)` (tf_keras's `tf.image.random_contrast`).

    Args:
        factor: float in [0, 1] or `(lower, upper)`.
        value_range: `(min, max)` of the pixel values, default (0, 255).
        seed: optional int.
        data_format: "channels_last" or "channels_first" (default `keras.config.image_data_format()`): where the
            channels are, over whose spatial planes the mean is taken.

    Raises:
        ValueError: for a factor out of range (Keras 3: a number outside [0, 1], a pair whose first value is
            above 1 or whose second is below 0; Keras 2: a negative value or a lower bound above 1).
    """

    def __init__(self, factor, value_range=(0, 255), seed=None, **kwargs):
        super().__init__(kwargs.pop("data_format", None), seed, **kwargs)
        self.factor = factor
        self._lower, self._upper = _contrast_bounds(factor)
        self.value_range = _value_range(value_range)

    def call(self, inputs, training=True):
        x = _float(inputs)
        if training is False:
            return x
        per_image = x.dim() == 4 and not keras_version.legacy_keras()  # tf_keras: one factor per batch
        shape = (x.shape[0], 1, 1, 1) if per_image else (1,) * x.dim()
        factor = self._uniform(shape, 1.0 - self._lower, 1.0 + self._upper, x.device)
        mean = x.mean(dim=_hw_axes(x, self.data_format), keepdim=True)  # per image and channel
        return torch.clamp((x - mean) * factor + mean, *self.value_range)

    def get_config(self):
        return {**super().get_config(), "factor": self.factor, "value_range": list(self.value_range)}


def _contrast_bounds(factor):
    """RandomContrast's `(lower, upper)`: the factor is drawn from `[1 - lower, 1 + upper]`."""
    message = ("The `factor` argument should be a number (or a list of two numbers) in the range [0.0, 1.0]. "
               f"Received: factor={factor}")
    pair = isinstance(factor, (tuple, list))
    if (pair and len(factor) != 2) or not all(isinstance(f, numbers.Real) for f in (factor if pair else [factor])):
        raise ValueError(message)
    if keras_version.legacy_keras():
        lower, upper = (float(factor[0]), float(factor[1])) if pair else (float(factor), float(factor))
        if lower < 0 or upper < 0 or lower > 1:
            raise ValueError(message)
        return lower, upper
    if pair:
        if factor[0] > 1 or factor[1] < 0:
            raise ValueError(message)
        lower, upper = sorted(float(f) for f in factor)
        return lower, upper
    if not 0 <= factor <= 1:
        raise ValueError(message)
    return 0.0, float(factor)


class RandomBrightness(_ImageLayer):
    """Add to each image a delta drawn from `factor * (value_range[1] - value_range[0])`, then clip.

    Args:
        factor: float in [-1, 1] (range `[-factor, factor]`) or `(lower, upper)`.
        value_range: `(min, max)` of the pixel values, default (0, 255).
        seed: optional int.
    """

    def __init__(self, factor, value_range=(0, 255), seed=None, **kwargs):
        super().__init__(kwargs.pop("data_format", None), seed, **kwargs)
        self.factor = factor
        self._lower, self._upper = _factor_pair(factor, "factor")
        self.value_range = _value_range(value_range)

    def call(self, inputs, training=True):
        x = _float(inputs)
        if training is False:
            return x
        shape = (x.shape[0], 1, 1, 1) if x.dim() == 4 else (1, 1, 1)
        delta = self._uniform(shape, self._lower, self._upper, x.device)
        delta = delta * (self.value_range[1] - self.value_range[0])
        return torch.clamp(x + delta, *self.value_range)

    def get_config(self):
        return {**super().get_config(), "factor": self.factor, "value_range": list(self.value_range)}


def _value_range(value_range):
    if not isinstance(value_range, (tuple, list)) or len(value_range) != 2:
        raise ValueError(f"The `value_range` argument should be a list of two numbers. Received: "
                         f"value_range={value_range}")
    return tuple(sorted(float(v) for v in value_range))
