"""`Conv2DTranspose` (keras/src/layers/convolutional/conv2d_transpose.py).

TF computes a transposed conv as the gradient of the forward conv whose
output is our input: with "same" the output is `in * stride` and the full
`(in - 1) * stride + k` result is cropped by the forward conv's TF padding
(`total // 2` at the top/left). Here torch's `conv_transpose2d` produces the
full result, which is cropped (or zero-extended, when `k < stride` or an
`output_padding` asks for more) to TF's output size before the bias is added.
"""

import torch.nn.functional as F

from keraslike._src.keras.layers.convolutional import conv_utils
from keraslike._src.keras.layers.convolutional.base_conv import BaseConv


class Conv2DTranspose(BaseConv):
    """Transposed 2D convolution ("deconvolution").

    Args:
        filters: int, output channels.
        kernel_size, strides, dilation_rate: int or tuple of 2.
        padding: "valid" or "same".
        output_padding: None, int or tuple of 2: extra rows/cols on the bottom/right;
            each must be smaller than the stride.
        data_format, activation, use_bias, initializers, regularizers, constraints: as Conv2D.

    Input shape: `(batch, rows, cols, channels)`.
    Output shape: `(batch, new_rows, new_cols, filters)`; "same": `rows * stride`,
        "valid": `rows * stride + max(k - stride, 0)`.
    Kernel: `(kh, kw, filters, in_channels)` (Keras's transposed layout).

    Raises:
        ValueError: on bad arguments or an `output_padding` not smaller than `strides`.
    """

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", output_padding=None,
                 data_format=None, dilation_rate=(1, 1), activation=None, use_bias=True, **kwargs):
        super().__init__(2, filters, kernel_size, strides=strides, padding=padding, data_format=data_format,
                         dilation_rate=dilation_rate, activation=activation, use_bias=use_bias, **kwargs)
        if self.padding == "causal":
            raise ValueError(f"Conv2DTranspose supports 'valid' or 'same' padding. Received: padding={padding!r}")
        self.output_padding = None if output_padding is None else conv_utils.normalize_tuple(
            output_padding, 2, "output_padding", allow_zero=True)
        if self.output_padding is not None and any(p >= s for p, s in zip(self.output_padding, self.strides)):
            raise ValueError(
                f"Strides must be greater than output padding. Received: strides={self.strides}, "
                f"output_padding={self.output_padding}"
            )

    def build(self, input_shape):
        in_channels = input_shape[self._channel_axis()]
        if in_channels is None:
            raise ValueError(
                f"The channel dimension of the inputs to Conv2DTranspose should be defined. "
                f"Received: input_shape={input_shape}"
            )
        self.kernel = self.add_weight("kernel", (*self.kernel_size, self.filters, in_channels),
                                      self.kernel_initializer, regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint)
        self.bias = self.add_weight("bias", (self.filters,), self.bias_initializer,
                                    regularizer=self.bias_regularizer,
                                    constraint=self.bias_constraint) if self.use_bias else None
        self.built = True

    def _out_sizes(self, spatial):
        op = self.output_padding or (None, None)
        return tuple(conv_utils.deconv_output_length(s, k, self.padding, st, p, d) for s, k, st, p, d in
                     zip(spatial, self.kernel_size, self.strides, op, self.dilation_rate))

    def call(self, inputs):
        x = conv_utils.to_channels_first(inputs, self.data_format)  # (N, C_in, H, W)
        weight = self.kernel.permute(3, 2, 0, 1)  # (kh, kw, out, in) -> (in, out, kh, kw)
        full = F.conv_transpose2d(x, weight, None, self.strides, 0, 0, 1, self.dilation_rate)
        outs = self._out_sizes(tuple(x.shape[2:]))
        pad_spec = []
        for dim, (out, k, s, d) in reversed(list(enumerate(zip(outs, self.kernel_size, self.strides,
                                                               self.dilation_rate)))):
            before = conv_utils.same_pads(out, k, s, d)[0] if self.padding == "same" else 0
            after = out - (full.shape[2 + dim] - before)  # negative crops, positive zero-extends
            pad_spec += [-before, after]
        y = F.pad(full, tuple(pad_spec)) if any(pad_spec) else full
        if self.bias is not None:
            y = y + self.bias.view(1, -1, 1, 1)
        return self.activation(conv_utils.from_channels_first(y, self.data_format))

    def compute_output_shape(self, input_shape):
        spatial = input_shape[1:3] if self.data_format == "channels_last" else input_shape[2:]
        out = self._out_sizes(spatial)
        if self.data_format == "channels_last":
            return (input_shape[0], *out, self.filters)
        return (input_shape[0], self.filters, *out)

    def get_config(self):
        return {**super().get_config(), "output_padding": self.output_padding}
