"""`Conv1DTranspose`, `Conv2DTranspose`, `Conv3DTranspose` (keras/src/layers/convolutional/conv*_transpose.py).

TF computes a transposed conv as the gradient of the forward conv whose
output is our input: with "same" the output is `in * stride` and the full
`(in - 1) * stride + k` result is cropped by the forward conv's TF padding
(`total // 2` at the top/left). Here torch's `conv_transpose2d` produces the
full result, which is cropped (or zero-extended, when `k < stride` or an
`output_padding` asks for more) to TF's output size before the bias is added.
The same code serves 1, 2 and 3 spatial dimensions.
"""

import torch.nn.functional as F

from keraslike._src.keras import keras_version
from keraslike._src.keras.layers.convolutional import conv_utils
from keraslike._src.keras.layers.convolutional.base_conv import BaseConv
from keraslike._src.keras.layers.layer import insert_key
from keraslike._src.ops import conv1d_route


_TRANSPOSED = {1: conv1d_route.conv_transpose1d, 2: F.conv_transpose2d, 3: F.conv_transpose3d}


class ConvTranspose(BaseConv):
    """Transposed N-D convolution ("deconvolution"); use Conv1DTranspose / Conv2DTranspose / Conv3DTranspose.

    Args:
        filters: int, output channels.
        kernel_size, strides, dilation_rate: int or tuple of `rank`.
        padding: "valid" or "same".
        output_padding: None, int or tuple of `rank`: extra rows/cols on the bottom/right;
            each must be smaller than the stride.
        data_format, activation, use_bias, initializers, regularizers, constraints: as Conv2D.

    Input shape: `(batch, *spatial, channels)` (channels_last).
    Output shape: `(batch, *new_spatial, filters)`; "same": `size * stride`,
        "valid": `size * stride + max(k - stride, 0)`.
    Kernel: `(*kernel_size, filters, in_channels)` (Keras's transposed layout).

    Raises:
        ValueError: on bad arguments or an `output_padding` not smaller than `strides`.
    """

    rank = 2

    def __init__(self, filters, kernel_size, strides=1, padding="valid", output_padding=None,
                 data_format=None, dilation_rate=1, activation=None, use_bias=True, **kwargs):
        super().__init__(self.rank, filters, kernel_size, strides=strides, padding=padding, data_format=data_format,
                         dilation_rate=dilation_rate, activation=activation, use_bias=use_bias, **kwargs)
        if self.padding == "causal":
            raise ValueError(f"{type(self).__name__} supports 'valid' or 'same' padding. "
                             f"Received: padding={padding!r}")
        self.output_padding = None if output_padding is None else conv_utils.normalize_tuple(
            output_padding, self.rank, "output_padding", allow_zero=True)
        if self.output_padding is not None and any(p >= s for p, s in zip(self.output_padding, self.strides)):
            raise ValueError(
                f"Strides must be greater than output padding. Received: strides={self.strides}, "
                f"output_padding={self.output_padding}"
            )

    def build(self, input_shape):
        conv_utils.check_input_rank(self, input_shape, self.rank)
        in_channels = input_shape[self._channel_axis()]
        if in_channels is None:
            raise ValueError(
                f"The channel dimension of the inputs to {type(self).__name__} should be defined. "
                f"Received: input_shape={input_shape}"
            )
        conv_utils.fix_channels(self, input_shape, self.rank)
        self.kernel = self.add_weight("kernel", (*self.kernel_size, self.filters, in_channels),
                                      self.kernel_initializer, regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint)
        self.bias = self.add_weight("bias", (self.filters,), self.bias_initializer,
                                    regularizer=self.bias_regularizer,
                                    constraint=self.bias_constraint) if self.use_bias else None
        self.built = True

    def _out_sizes(self, spatial):
        op = self.output_padding or (None,) * self.rank
        return tuple(conv_utils.deconv_output_length(s, k, self.padding, st, p, d) for s, k, st, p, d in
                     zip(spatial, self.kernel_size, self.strides, op, self.dilation_rate))

    def call(self, inputs):
        r = self.rank
        x = conv_utils.to_channels_first(inputs, self.data_format)  # (N, C_in, *spatial)
        weight = self.kernel.permute(r + 1, r, *range(r))  # (*k, out, in) -> (in, out, *k)
        full = _TRANSPOSED[r](x, weight, None, self.strides, 0, 0, 1, self.dilation_rate)
        outs = self._out_sizes(tuple(x.shape[2:]))
        pad_spec = []
        for dim, (out, k, s, d) in reversed(list(enumerate(zip(outs, self.kernel_size, self.strides,
                                                               self.dilation_rate)))):
            before = conv_utils.same_pads(out, k, s, d)[0] if self.padding == "same" else 0
            after = out - (full.shape[2 + dim] - before)  # negative crops, positive zero-extends
            pad_spec += [-before, after]
        if all(p <= 0 for p in pad_spec):  # only crops: a view (F.pad would copy)
            crops = list(reversed(list(zip(pad_spec[::2], pad_spec[1::2]))))  # per spatial dim, first to last
            y = full[(slice(None), slice(None), *(slice(-b, full.shape[2 + d] + a) for d, (b, a) in enumerate(crops)))]
        else:
            y = F.pad(full, tuple(pad_spec))
        if self.bias is not None:
            y = y + self.bias.view(1, -1, *([1] * self.rank))
        return self.activation(conv_utils.from_channels_first(y, self.data_format))

    def compute_output_shape(self, input_shape):
        spatial = input_shape[1:1 + self.rank] if self.data_format == "channels_last" else input_shape[2:]
        out = self._out_sizes(spatial)
        if self.data_format == "channels_last":
            return (input_shape[0], *out, self.filters)
        return (input_shape[0], self.filters, *out)

    def get_config(self):
        config = super().get_config()
        if keras_version.legacy_keras():
            return {**config, "output_padding": self.output_padding}
        config.pop("groups")  # Keras 3's transposed convolutions have none; output_padding follows padding
        return insert_key(config, "output_padding", self.output_padding, after="padding")


class Conv1DTranspose(ConvTranspose):
    """Transposed 1D convolution: input `(batch, steps, channels)`, kernel `(k, filters, in_channels)`."""

    rank = 1


class Conv2DTranspose(ConvTranspose):
    """Transposed 2D convolution: input `(batch, rows, cols, channels)`, kernel `(kh, kw, filters, in)`."""

    rank = 2


class Conv3DTranspose(ConvTranspose):
    """Transposed 3D convolution: input `(batch, d, h, w, channels)`, kernel `(kd, kh, kw, filters, in)`."""

    rank = 3
