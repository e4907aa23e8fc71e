"""Global pooling layers (keras/src/layers/pooling/global_{average,max}_pooling{1,2,3}d.py).

They reduce every spatial axis: `(batch, *spatial, channels)` -> `(batch, channels)`
(or `(batch, 1, ..., 1, channels)` with `keepdims=True`).
GlobalAveragePooling1D honours a timestep mask (`mask=` or an Embedding's
`mask_zero` mask carried on its input).
"""

import torch

from keraslike._src.keras.layers.convolutional import conv_utils
from keraslike._src.keras.layers.layer import Layer


class BaseGlobalPooling(Layer):
    """Reduce all spatial axes with `pool_mode` ("max" or "average").

    Args:
        pool_dimensions: int, number of spatial axes.
        pool_mode: "max" or "average".
        data_format: "channels_last" (default) or "channels_first".
        keepdims: bool, default False: keep the reduced axes with length 1.
    """

    def __init__(self, pool_dimensions, pool_mode, data_format=None, keepdims=False, **kwargs):
        super().__init__(**kwargs)
        self.pool_dimensions = pool_dimensions
        self.pool_mode = pool_mode
        self.data_format = conv_utils.normalize_data_format(data_format)
        self.keepdims = keepdims

    def _axes(self):
        start = 1 if self.data_format == "channels_last" else 2
        return tuple(range(start, start + self.pool_dimensions))

    def call(self, inputs):
        if self.pool_mode == "max":
            return inputs.amax(dim=self._axes(), keepdim=self.keepdims)
        return inputs.mean(dim=self._axes(), keepdim=self.keepdims)

    def compute_output_shape(self, input_shape):
        axes = {a % len(input_shape) for a in self._axes()}
        if self.keepdims:
            return tuple(1 if i in axes else d for i, d in enumerate(input_shape))
        return tuple(d for i, d in enumerate(input_shape) if i not in axes)

    def get_config(self):
        return {**super().get_config(), "data_format": self.data_format, "keepdims": self.keepdims}


class GlobalAveragePooling1D(BaseGlobalPooling):
    """Mean over steps of `(batch, steps, features)`; masked steps are excluded.

    Call args: `inputs`, `mask` (optional bool `(batch, steps)`).
    """

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(1, "average", data_format, keepdims, **kwargs)

    def call(self, inputs, mask=None):
        mask = getattr(inputs, "_keras_mask", None) if mask is None else mask
        if mask is None:
            return super().call(inputs)
        axis = 1 if self.data_format == "channels_last" else 2
        keep = mask.to(torch.bool).unsqueeze(-1 if axis == 1 else 1)
        # `where`, as Keras: whatever a masked step holds (inf, NaN) stays out of the mean and its gradient
        total = torch.where(keep, inputs, torch.zeros((), dtype=inputs.dtype, device=inputs.device))
        return total.sum(dim=axis, keepdim=self.keepdims) / keep.to(inputs.dtype).sum(dim=axis, keepdim=self.keepdims)


class GlobalAveragePooling2D(BaseGlobalPooling):
    """Mean over rows and cols of `(batch, rows, cols, channels)` -> `(batch, channels)`."""

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(2, "average", data_format, keepdims, **kwargs)


class GlobalAveragePooling3D(BaseGlobalPooling):
    """Mean over the three spatial axes of a 5D input."""

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(3, "average", data_format, keepdims, **kwargs)


class GlobalMaxPooling1D(BaseGlobalPooling):
    """Max over steps of `(batch, steps, features)` -> `(batch, features)`."""

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(1, "max", data_format, keepdims, **kwargs)


class GlobalMaxPooling2D(BaseGlobalPooling):
    """Max over rows and cols of `(batch, rows, cols, channels)` -> `(batch, channels)`."""

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(2, "max", data_format, keepdims, **kwargs)


class GlobalMaxPooling3D(BaseGlobalPooling):
    """Max over the three spatial axes of a 5D input."""

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(3, "max", data_format, keepdims, **kwargs)
