"""`DepthwiseConv2D` (keras/src/layers/convolutional/depthwise_conv2d.py).

Each input channel is convolved with its own `depth_multiplier` filters. The
Keras kernel `(kh, kw, in, multiplier)` reshaped to `(kh, kw, 1, in * multiplier)`
orders output channels `c * multiplier + m`, exactly torch's grouped conv with
`groups=in`, so the torch weight is a view of it.
"""

import torch.nn.functional as F

from keraslike._src.keras import activations, initializers, keras_version
from keraslike._src.keras.layers.convolutional import conv_utils
from keraslike._src.keras.layers.layer import Layer, keras3_order, weight_options_config, with_activity_regularizer
from keraslike._src.ops.conv_workarounds import pointwise_as_slice


def depthwise_conv(x, kernel, strides, padding, dilation):
    """Depthwise conv of channels-first `x` `(N, C, H, W)` with a Keras kernel `(kh, kw, C, M)`."""
    kh, kw, channels, mult = kernel.shape
    weight = kernel.reshape(kh, kw, 1, channels * mult).permute(3, 2, 0, 1)  # (C*M, 1, kh, kw)
    conv_pad, pad_spec = conv_utils.torch_padding(tuple(x.shape[2:]), (kh, kw), strides, dilation, padding)
    x = conv_utils.pad_if_needed(x, pad_spec)
    x, strides = pointwise_as_slice(x, (kh, kw), strides)  # torch CPU heap-corruption path
    return F.conv2d(x, weight, None, strides, conv_pad, dilation, channels)


class DepthwiseConv2D(Layer):
    """Depthwise 2D convolution.

    Args:
        kernel_size: int or tuple of 2.
        strides: int or tuple of 2, default 1.
        padding: "valid" (default) or "same" (TF's).
        depth_multiplier: int, output channels per input channel, default 1.
        data_format: "channels_last" (default) or "channels_first".
        dilation_rate: int or tuple of 2, default 1.
        activation: default None. use_bias: default True.
        depthwise_initializer / bias_initializer: default "glorot_uniform" / "zeros".
        depthwise_regularizer, bias_regularizer, depthwise_constraint, bias_constraint: optional.

    Input shape: `(batch, rows, cols, channels)`.
    Output shape: `(batch, new_rows, new_cols, channels * depth_multiplier)`.
    Weights: kernel `(kh, kw, channels, depth_multiplier)`, bias `(channels * depth_multiplier,)`.

    Raises:
        ValueError: on bad tuples/padding or an undefined channel dimension.
    """

    def __init__(self, kernel_size, strides=(1, 1), padding="valid", depth_multiplier=1, data_format=None,
                 dilation_rate=(1, 1), activation=None, use_bias=True, depthwise_initializer="glorot_uniform",
                 bias_initializer="zeros", depthwise_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, depthwise_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.kernel_size = conv_utils.normalize_tuple(kernel_size, 2, "kernel_size")
        self.strides = conv_utils.normalize_tuple(strides, 2, "strides")
        self.dilation_rate = conv_utils.normalize_tuple(dilation_rate, 2, "dilation_rate")
        self.padding = conv_utils.normalize_padding(padding)
        if self.padding == "causal":
            raise ValueError(f"DepthwiseConv2D supports 'valid' or 'same' padding. Received: padding={padding!r}")
        self.data_format = conv_utils.normalize_data_format(data_format)
        self.depth_multiplier = int(depth_multiplier)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.depthwise_initializer = initializers.get(depthwise_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.depthwise_regularizer = depthwise_regularizer
        self.bias_regularizer = bias_regularizer
        self.depthwise_constraint = depthwise_constraint
        self.bias_constraint = bias_constraint

    def build(self, input_shape):
        conv_utils.check_input_rank(self, input_shape, 2)
        channels = input_shape[-1 if self.data_format == "channels_last" else 1]
        if channels is None:
            raise ValueError(
                f"The channel dimension of the inputs to DepthwiseConv2D should be defined. "
                f"Received: input_shape={input_shape}"
            )
        conv_utils.fix_channels(self, input_shape, 2)
        # tf_keras names it `depthwise_kernel` (its weight name, attribute and checkpoint key); Keras 3 `kernel`
        name = "depthwise_kernel" if keras_version.legacy_keras() else "kernel"
        self.kernel = self.add_weight(name, (*self.kernel_size, channels, self.depth_multiplier),
                                      self.depthwise_initializer, regularizer=self.depthwise_regularizer,
                                      constraint=self.depthwise_constraint)
        self.bias = self.add_weight("bias", (channels * self.depth_multiplier,), self.bias_initializer,
                                    regularizer=self.bias_regularizer,
                                    constraint=self.bias_constraint) if self.use_bias else None
        conv_utils.check_output_size(self, input_shape, self.compute_output_shape(input_shape), self.kernel_size)
        self.built = True

    def call(self, inputs):
        x = conv_utils.to_channels_first(inputs, self.data_format)
        y = depthwise_conv(x, self.kernel, self.strides, self.padding, self.dilation_rate)
        if self.bias is not None:
            y = y + self.bias.view(1, -1, 1, 1)
        return self.activation(conv_utils.from_channels_first(y, self.data_format))

    def compute_output_shape(self, input_shape):
        last = self.data_format == "channels_last"
        spatial = input_shape[1:3] if last else input_shape[2:]
        channels = input_shape[-1 if last else 1] * self.depth_multiplier
        out = tuple(conv_utils.conv_output_length(s, k, self.padding, st, d) for s, k, st, d in
                    zip(spatial, self.kernel_size, self.strides, self.dilation_rate))
        return (input_shape[0], *out, channels) if last else (input_shape[0], channels, *out)

    def get_config(self):
        return keras3_order(with_activity_regularizer({
            **super().get_config(), "kernel_size": self.kernel_size, "strides": self.strides,
            "padding": self.padding, "depth_multiplier": self.depth_multiplier, "data_format": self.data_format,
            "dilation_rate": self.dilation_rate, "activation": activations.serialize(self.activation),
            "use_bias": self.use_bias, "depthwise_initializer": initializers.serialize(self.depthwise_initializer),
            "bias_initializer": initializers.serialize(self.bias_initializer),
            **weight_options_config(depthwise_regularizer=self.depthwise_regularizer,
                                    bias_regularizer=self.bias_regularizer,
                                    depthwise_constraint=self.depthwise_constraint,
                                    bias_constraint=self.bias_constraint),
        }, self), conv_utils.SEPARABLE_CONFIG_ORDER)
