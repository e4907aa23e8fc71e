"""Spatial reshaping: ZeroPadding1D/2D, Cropping1D/2D, UpSampling1D/2D
(keras/src/layers/reshaping/{zero_padding2d,cropping2d,up_sampling2d}.py).

They work directly on the `(batch, rows, cols, channels)` layout: padding is
`torch.nn.functional.pad`, cropping a slice (a view), nearest upsampling
`repeat_interleave` and bilinear upsampling `interpolate` with half-pixel
centres (`tf.image.resize`'s convention).
"""

import torch.nn.functional as F

from keraslike._src.keras.layers.convolutional import conv_utils
from keraslike._src.keras.layers.layer import Layer, insert_key


def _pairs(value, n, name):
    """int -> ((v, v),)*n; (a, b) -> ((a, a), (b, b)) for n=2; ((a, b), (c, d)) kept."""
    if isinstance(value, int):
        return ((value, value),) * n
    value = tuple(value)
    if n == 1 and len(value) == 2 and all(isinstance(v, int) for v in value):
        return (tuple(value),)
    if len(value) == n and all(isinstance(v, int) for v in value):
        return tuple((v, v) for v in value)
    if len(value) == n and all(len(tuple(v)) == 2 for v in value):
        return tuple(tuple(int(a) for a in v) for v in value)
    raise ValueError(
        f"`{name}` should be an int, a tuple of {n} ints or a tuple of {n} tuples of 2 ints. "
        f"Received: {name}={value!r}"
    )


class _SpatialBase(Layer):
    rank = 2

    def __init__(self, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = conv_utils.normalize_data_format(data_format)

    def _spatial_axes(self):
        start = 1 if self.data_format == "channels_last" else 2
        return list(range(start, start + self.rank))

    def get_config(self):
        return {**super().get_config(), "data_format": self.data_format}


class ZeroPadding2D(_SpatialBase):
    """Pad rows and columns of an image with zeros.

    Args:
        padding: int, `(sym_rows, sym_cols)` or `((top, bottom), (left, right))`; default 1.
        data_format: "channels_last" (default) or "channels_first".

    Output shape: `(batch, rows + top + bottom, cols + left + right, channels)`.

    Raises:
        ValueError: on a malformed `padding`.
    """

    def __init__(self, padding=(1, 1), data_format=None, **kwargs):
        super().__init__(data_format, **kwargs)
        self.padding = _pairs(padding, self.rank, "padding")

    def call(self, inputs):
        spec = [0, 0] if self.data_format == "channels_last" else []
        for before, after in reversed(self.padding):
            spec += [before, after]
        return F.pad(inputs, tuple(spec))

    def compute_output_shape(self, input_shape):
        shape = list(input_shape)
        for axis, (b, a) in zip(self._spatial_axes(), self.padding):
            shape[axis] = None if shape[axis] is None else shape[axis] + b + a
        return tuple(shape)

    def get_config(self):
        return insert_key(super().get_config(), "padding", self.padding, before="data_format")  # Keras's order


class ZeroPadding1D(ZeroPadding2D):
    """Pad the steps of `(batch, steps, features)` with zeros; `padding` int or `(left, right)`."""

    rank = 1

    def __init__(self, padding=1, data_format=None, **kwargs):
        super().__init__(padding, data_format, **kwargs)

    def get_config(self):
        return {**super().get_config(), "padding": list(self.padding[0])}  # Keras: [left, right]


class Cropping2D(_SpatialBase):
    """Crop rows and columns of an image.

    Args:
        cropping: int, `(sym_rows, sym_cols)` or `((top, bottom), (left, right))`; default no crop.
        data_format: "channels_last" (default) or "channels_first".

    Output shape: `(batch, rows - top - bottom, cols - left - right, channels)`.

    Raises:
        ValueError: on a malformed `cropping`, or one that removes a whole dimension.
    """

    def __init__(self, cropping=((0, 0), (0, 0)), data_format=None, **kwargs):
        super().__init__(data_format, **kwargs)
        self.cropping = _pairs(cropping, self.rank, "cropping")

    def call(self, inputs):
        index = [slice(None)] * inputs.dim()
        for axis, (b, a) in zip(self._spatial_axes(), self.cropping):
            if b + a >= inputs.shape[axis]:
                raise ValueError(
                    f"Cropping would remove the whole dimension {axis}. Received: cropping={self.cropping}, "
                    f"input_shape={tuple(inputs.shape)}"
                )
            index[axis] = slice(b, inputs.shape[axis] - a)
        return inputs[tuple(index)]

    def compute_output_shape(self, input_shape):
        shape = list(input_shape)
        for axis, (b, a) in zip(self._spatial_axes(), self.cropping):
            shape[axis] = None if shape[axis] is None else shape[axis] - b - a
        return tuple(shape)

    def get_config(self):
        return insert_key(super().get_config(), "cropping", self.cropping, before="data_format")  # Keras's order


class Cropping1D(Cropping2D):
    """Crop the steps of `(batch, steps, features)`; `cropping` int or `(start, end)`."""

    rank = 1

    def __init__(self, cropping=(1, 1), data_format=None, **kwargs):
        super().__init__(cropping, data_format, **kwargs)

    def get_config(self):
        config = {**super().get_config(), "cropping": list(self.cropping[0])}  # Keras: [start, end]
        config.pop("data_format")  # Keras's Cropping1D has none
        return config


class UpSampling2D(_SpatialBase):
    """Repeat rows and columns: `size=(2, 2)` doubles both.

    Args:
        size: int or tuple of 2 ints, default (2, 2).
        data_format: "channels_last" (default) or "channels_first".
        interpolation: "nearest" (default) or "bilinear" (half-pixel centres, as `tf.image.resize`).

    Output shape: `(batch, rows * size[0], cols * size[1], channels)`.

    Raises:
        ValueError: on a bad `interpolation`.
    """

    def __init__(self, size=(2, 2), data_format=None, interpolation="nearest", **kwargs):
        super().__init__(data_format, **kwargs)
        self.size = conv_utils.normalize_tuple(size, self.rank, "size")
        if interpolation not in ("nearest", "bilinear"):
            raise ValueError(
                f"`interpolation` must be 'nearest' or 'bilinear'. Received: interpolation={interpolation!r}"
            )
        self.interpolation = interpolation

    def call(self, inputs):
        if self.interpolation == "nearest":
            out = inputs
            for axis, s in zip(self._spatial_axes(), self.size):
                if s != 1:
                    out = out.repeat_interleave(s, dim=axis)
            return out
        x = conv_utils.to_channels_first(inputs, self.data_format)
        y = F.interpolate(x, scale_factor=self.size, mode="bilinear", align_corners=False)
        return conv_utils.from_channels_first(y, self.data_format)

    def compute_output_shape(self, input_shape):
        shape = list(input_shape)
        for axis, s in zip(self._spatial_axes(), self.size):
            shape[axis] = None if shape[axis] is None else shape[axis] * s
        return tuple(shape)

    def get_config(self):
        config = insert_key(super().get_config(), "size", self.size, before="data_format")  # Keras's order
        return {**config, "interpolation": self.interpolation}


class UpSampling1D(UpSampling2D):
    """Repeat each step of `(batch, steps, features)` `size` times (default 2)."""

    rank = 1

    def __init__(self, size=2, data_format=None, interpolation="nearest", **kwargs):
        super().__init__(size, data_format, interpolation, **kwargs)

    def get_config(self):
        config = {**super().get_config(), "size": self.size[0]}  # Keras: the int
        if self.interpolation == "nearest" and self.data_format == "channels_last":
            config.pop("data_format")  # Keras's UpSampling1D has neither (it repeats steps)
            config.pop("interpolation")
        return config


class ZeroPadding3D(ZeroPadding2D):
    """Pad the three spatial axes of `(batch, d1, d2, d3, channels)` with zeros.

    `padding`: int, `(p1, p2, p3)` or `((b1, a1), (b2, a2), (b3, a3))`; default 1 everywhere.
    """

    rank = 3

    def __init__(self, padding=((1, 1), (1, 1), (1, 1)), data_format=None, **kwargs):
        super().__init__(padding, data_format, **kwargs)


class Cropping3D(Cropping2D):
    """Crop the three spatial axes of `(batch, d1, d2, d3, channels)`.

    `cropping`: int, `(c1, c2, c3)` or `((b1, a1), (b2, a2), (b3, a3))`; default 1 everywhere.
    """

    rank = 3

    def __init__(self, cropping=((1, 1), (1, 1), (1, 1)), data_format=None, **kwargs):
        super().__init__(cropping, data_format, **kwargs)


class UpSampling3D(UpSampling2D):
    """Repeat each of the three spatial axes `size` times (nearest neighbour), default (2, 2, 2)."""

    rank = 3

    def __init__(self, size=(2, 2, 2), data_format=None, **kwargs):
        super().__init__(size, data_format, "nearest", **kwargs)

    def get_config(self):
        config = super().get_config()
        config.pop("interpolation")
        return config
