"""`SeparableConv2D` (keras/src/layers/convolutional/separable_conv2d.py).

A depthwise conv (TF padding and strides) followed by a 1x1 pointwise conv
and the bias: `activation(pointwise(depthwise(x)) + bias)`.
"""

import torch.nn.functional as F

from keraslike._src.keras import activations, initializers
from keraslike._src.keras.layers.convolutional import conv_utils
from keraslike._src.keras.layers.convolutional.depthwise_conv2d import depthwise_conv
from keraslike._src.keras.layers.layer import Layer, keras3_order, weight_options_config, with_activity_regularizer


class SeparableConv2D(Layer):
    """Depthwise separable 2D convolution.

    Args:
        filters: int, output channels.
        kernel_size, strides, dilation_rate: int or tuple of 2.
        padding: "valid" (default) or "same".
        depth_multiplier: int, default 1.
        data_format, activation, use_bias: as Conv2D.
        depthwise_initializer / pointwise_initializer / bias_initializer:
            default "glorot_uniform" / "glorot_uniform" / "zeros".
        *_regularizer, *_constraint: optional.

    Input shape: `(batch, rows, cols, channels)`. Output shape: `(batch, new_rows, new_cols, filters)`.
    Weights: depthwise_kernel `(kh, kw, channels, depth_multiplier)`,
        pointwise_kernel `(1, 1, channels * depth_multiplier, filters)`, bias `(filters,)`.

    Raises:
        ValueError: on a non-positive `filters` or bad tuples/padding.
    """

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", data_format=None,
                 dilation_rate=(1, 1), depth_multiplier=1, activation=None, use_bias=True,
                 depthwise_initializer="glorot_uniform", pointwise_initializer="glorot_uniform",
                 bias_initializer="zeros", depthwise_regularizer=None, pointwise_regularizer=None,
                 bias_regularizer=None, activity_regularizer=None, depthwise_constraint=None,
                 pointwise_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        if not isinstance(filters, int) or filters <= 0:
            raise ValueError(
                f"Invalid value for argument `filters`. Expected a strictly positive integer. "
                f"Received: filters={filters!r}"
            )
        self.filters = filters
        self.kernel_size = conv_utils.normalize_tuple(kernel_size, 2, "kernel_size")
        self.strides = conv_utils.normalize_tuple(strides, 2, "strides")
        self.dilation_rate = conv_utils.normalize_tuple(dilation_rate, 2, "dilation_rate")
        self.padding = conv_utils.normalize_padding(padding)
        if self.padding == "causal":
            raise ValueError(f"SeparableConv2D supports 'valid' or 'same' padding. Received: padding={padding!r}")
        self.data_format = conv_utils.normalize_data_format(data_format)
        self.depth_multiplier = int(depth_multiplier)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.depthwise_initializer = initializers.get(depthwise_initializer)
        self.pointwise_initializer = initializers.get(pointwise_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self._regularizers = (depthwise_regularizer, pointwise_regularizer, bias_regularizer)
        self._constraints = (depthwise_constraint, pointwise_constraint, bias_constraint)

    def build(self, input_shape):
        conv_utils.check_input_rank(self, input_shape, 2)
        channels = input_shape[-1 if self.data_format == "channels_last" else 1]
        if channels is None:
            raise ValueError(
                f"The channel dimension of the inputs to SeparableConv2D should be defined. "
                f"Received: input_shape={input_shape}"
            )
        conv_utils.fix_channels(self, input_shape, 2)
        self.depthwise_kernel = self.add_weight(
            "depthwise_kernel", (*self.kernel_size, channels, self.depth_multiplier), self.depthwise_initializer,
            regularizer=self._regularizers[0], constraint=self._constraints[0])
        self.pointwise_kernel = self.add_weight(
            "pointwise_kernel", (1, 1, channels * self.depth_multiplier, self.filters),
            self.pointwise_initializer, regularizer=self._regularizers[1], constraint=self._constraints[1])
        self.bias = self.add_weight("bias", (self.filters,), self.bias_initializer,
                                    regularizer=self._regularizers[2],
                                    constraint=self._constraints[2]) if self.use_bias else None
        conv_utils.check_output_size(self, input_shape, self.compute_output_shape(input_shape), self.kernel_size)
        self.built = True

    def call(self, inputs):
        x = conv_utils.to_channels_first(inputs, self.data_format)
        y = depthwise_conv(x, self.depthwise_kernel, self.strides, self.padding, self.dilation_rate)
        y = F.conv2d(y, self.pointwise_kernel.permute(3, 2, 0, 1), self.bias)
        return self.activation(conv_utils.from_channels_first(y, self.data_format))

    def compute_output_shape(self, input_shape):
        last = self.data_format == "channels_last"
        spatial = input_shape[1:3] if last else input_shape[2:]
        out = tuple(conv_utils.conv_output_length(s, k, self.padding, st, d) for s, k, st, d in
                    zip(spatial, self.kernel_size, self.strides, self.dilation_rate))
        return (input_shape[0], *out, self.filters) if last else (input_shape[0], self.filters, *out)

    def get_config(self):
        return keras3_order(with_activity_regularizer({
            **super().get_config(), "filters": self.filters, "kernel_size": self.kernel_size,
            "strides": self.strides, "padding": self.padding, "data_format": self.data_format,
            "dilation_rate": self.dilation_rate, "depth_multiplier": self.depth_multiplier,
            "activation": activations.serialize(self.activation), "use_bias": self.use_bias,
            "depthwise_initializer": initializers.serialize(self.depthwise_initializer),
            "pointwise_initializer": initializers.serialize(self.pointwise_initializer),
            "bias_initializer": initializers.serialize(self.bias_initializer),
            **weight_options_config(
                depthwise_regularizer=self._regularizers[0], pointwise_regularizer=self._regularizers[1],
                bias_regularizer=self._regularizers[2], depthwise_constraint=self._constraints[0],
                pointwise_constraint=self._constraints[1], bias_constraint=self._constraints[2]),
        }, self), conv_utils.SEPARABLE_CONFIG_ORDER)
