"""`BasePooling`: max/average pooling with TF padding (keras/src/layers/pooling/base_pooling.py).

"same" follows TF: the output is `ceil(n / stride)` and the padding
`max((out - 1) * stride + pool - n, 0)` is split with the extra element at the
bottom/right. Max pooling ignores the padding (it pads with -inf); average
pooling divides by the number of valid elements in each window, not the pool size.
"""

import torch
import torch.nn.functional as F

from keraslike._src.keras.layers.convolutional import conv_utils
from keraslike._src.keras import keras_version
from keraslike._src.keras.layers.layer import Layer

_AVG = {1: F.avg_pool1d, 2: F.avg_pool2d, 3: F.avg_pool3d}


class BasePooling(Layer):
    """N-D pooling.

    Args:
        pool_dimensions: int, 1, 2 or 3.
        pool_mode: "max" or "average".
        pool_size: int or tuple.
        strides: int, tuple or None (default: `pool_size`).
        padding: "valid" (default) or "same".
        data_format: "channels_last" (default) or "channels_first".

    Raises:
        ValueError: on bad tuples, padding or data_format; at build, for inputs without exactly
            `pool_dimensions + 2` dimensions or whose known output size would be zero or negative.
    """

    def __init__(self, pool_dimensions, pool_mode, pool_size, strides=None, padding="valid", data_format=None,
                 **kwargs):
        super().__init__(**kwargs)
        self.pool_dimensions = pool_dimensions
        self.pool_mode = pool_mode
        self.pool_size = conv_utils.normalize_tuple(pool_size, pool_dimensions, "pool_size")
        self.strides = self.pool_size if strides is None else conv_utils.normalize_tuple(
            strides, pool_dimensions, "strides")
        self.padding = conv_utils.normalize_padding(padding)
        if self.padding == "causal":
            raise ValueError(f"Pooling supports 'valid' or 'same' padding. Received: padding={padding!r}")
        self.data_format = conv_utils.normalize_data_format(data_format)

    def build(self, input_shape):
        conv_utils.check_input_rank(self, input_shape, self.pool_dimensions)
        conv_utils.check_output_size(self, input_shape, self.compute_output_shape(input_shape), self.pool_size,
                                     "pool_size")
        self.built = True

    def call(self, inputs):
        x = conv_utils.to_channels_first(inputs, self.data_format)  # (N, C, *spatial)
        n = self.pool_dimensions
        ones = (1,) * n
        conv_pad, pad_spec = conv_utils.torch_padding(tuple(x.shape[2:]), self.pool_size, self.strides, ones,
                                                      self.padding)
        if any(p > k // 2 for p, k in zip(conv_pad, self.pool_size)):  # torch allows at most half the window
            pad_spec = tuple(v for p in reversed(conv_pad) for v in (p, p))
            conv_pad = (0,) * n
        if self.pool_mode == "max":
            y = conv_utils.max_pool(x, pad_spec, self.pool_size, self.strides, conv_pad)
        elif pad_spec is None:
            y = _AVG[n](x, self.pool_size, self.strides, conv_pad, count_include_pad=False)
        else:
            y = _AVG[n](F.pad(x, pad_spec), self.pool_size, self.strides)
            valid = F.pad(torch.ones((1, 1, *x.shape[2:]), dtype=x.dtype, device=x.device), pad_spec)
            y = y / _AVG[n](valid, self.pool_size, self.strides)
        return conv_utils.from_channels_first(y, self.data_format)

    def compute_output_shape(self, input_shape):
        last = self.data_format == "channels_last"
        spatial = input_shape[1:-1] if last else input_shape[2:]
        out = tuple(conv_utils.conv_output_length(s, k, self.padding, st) for s, k, st in
                    zip(spatial, self.pool_size, self.strides))
        return (input_shape[0], *out, input_shape[-1]) if last else (*input_shape[:2], *out)

    def get_config(self):
        if keras_version.legacy_keras() and self.pool_dimensions == 1:  # tf_keras's 1D pooling: strides first
            return {**super().get_config(), "strides": self.strides, "pool_size": self.pool_size,
                    "padding": self.padding, "data_format": self.data_format}
        return {**super().get_config(), "pool_size": self.pool_size, "padding": self.padding,
                "strides": self.strides, "data_format": self.data_format}  # Keras's order
