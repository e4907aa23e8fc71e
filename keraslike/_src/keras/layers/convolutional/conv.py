"""`Conv1D`, `Conv2D`, `Conv3D` (keras/src/layers/convolutional/conv{1,2,3}d.py).

Thin siblings of `BaseConv`; see it for the arguments. Example:

    >>> x = np.zeros((4, 28, 28, 1), "float32")
    >>> Conv2D(32, 3, activation="relu")(x).shape
    torch.Size([4, 26, 26, 32])
"""

from keraslike._src.keras.layers.convolutional.base_conv import BaseConv


class Conv1D(BaseConv):
    """1D convolution over `(batch, steps, channels)` (or `(batch, channels, steps)`).

    Args: as `BaseConv` (rank 1); `padding` may also be "causal" (left padding only).
    Input shape: 3D `(batch, steps, channels)`. Output shape: `(batch, new_steps, filters)`.
    Kernel: `(kernel_size, in_channels // groups, filters)`.
    """

    def __init__(self, filters, kernel_size, strides=1, padding="valid", data_format=None, dilation_rate=1,
                 groups=1, activation=None, use_bias=True, **kwargs):
        super().__init__(1, filters, kernel_size, strides=strides, padding=padding, data_format=data_format,
                         dilation_rate=dilation_rate, groups=groups, activation=activation, use_bias=use_bias,
                         **kwargs)


class Conv2D(BaseConv):
    """2D convolution over images `(batch, height, width, channels)`.

    Args: as `BaseConv` (rank 2).
    Input shape: 4D `(batch, rows, cols, channels)` (channels_last) or `(batch, channels, rows, cols)`.
    Output shape: `(batch, new_rows, new_cols, filters)`; with "same", `ceil(rows / strides)`.
    Kernel: `(kh, kw, in_channels // groups, filters)`.
    """

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", data_format=None,
                 dilation_rate=(1, 1), groups=1, activation=None, use_bias=True, **kwargs):
        super().__init__(2, filters, kernel_size, strides=strides, padding=padding, data_format=data_format,
                         dilation_rate=dilation_rate, groups=groups, activation=activation, use_bias=use_bias,
                         **kwargs)


class Conv3D(BaseConv):
    """3D convolution over volumes `(batch, d1, d2, d3, channels)`.

    Args: as `BaseConv` (rank 3).
    Input shape: 5D. Output shape: `(batch, new_d1, new_d2, new_d3, filters)`.
    Kernel: `(k1, k2, k3, in_channels // groups, filters)`.
    """

    def __init__(self, filters, kernel_size, strides=(1, 1, 1), padding="valid", data_format=None,
                 dilation_rate=(1, 1, 1), groups=1, activation=None, use_bias=True, **kwargs):
        super().__init__(3, filters, kernel_size, strides=strides, padding=padding, data_format=data_format,
                         dilation_rate=dilation_rate, groups=groups, activation=activation, use_bias=use_bias,
                         **kwargs)
