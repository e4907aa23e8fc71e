"""`DepthwiseConv1D` and `SeparableConv1D` (keras/src/layers/convolutional/{depthwise_conv1d,separable_conv1d}.py).

Kernels in Keras's layouts: depthwise `(k, in_channels, depth_multiplier)`, pointwise
`(1, in_channels * depth_multiplier, filters)`; computed with `keras.ops.depthwise_conv` /
`separable_conv` (TF's "same" padding).
"""

from keraslike._src.keras import activations, initializers, keras_version
from keraslike._src.keras.layers.convolutional import conv_utils
from keraslike._src.keras.layers.layer import Layer, keras3_order, weight_options_config, with_activity_regularizer
from keraslike._src.keras.ops import nn as ops_nn


class _Depthwise1DBase(Layer):
    def __init__(self, kernel_size, strides, padding, depth_multiplier, data_format, dilation_rate, activation,
                 use_bias, depthwise_initializer, bias_initializer, depthwise_regularizer, bias_regularizer,
                 depthwise_constraint, bias_constraint, **kwargs):
        super().__init__(**kwargs)
        self.kernel_size = conv_utils.normalize_tuple(kernel_size, 1, "kernel_size")
        self.strides = conv_utils.normalize_tuple(strides, 1, "strides")
        self.dilation_rate = conv_utils.normalize_tuple(dilation_rate, 1, "dilation_rate")
        self.padding = conv_utils.normalize_padding(padding)
        if self.padding == "causal":
            raise ValueError(f"{type(self).__name__} supports 'valid' or 'same' padding. Received: padding={padding!r}")
        self.data_format = conv_utils.normalize_data_format(data_format)
        self.depth_multiplier = int(depth_multiplier)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.depthwise_initializer = initializers.get(depthwise_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self._dw_reg, self._b_reg = depthwise_regularizer, bias_regularizer
        self._dw_con, self._b_con = depthwise_constraint, bias_constraint

    def _channels(self, input_shape):
        channels = input_shape[-1 if self.data_format == "channels_last" else 1]
        if channels is None:
            raise ValueError(f"The channel dimension of the inputs to {type(self).__name__} should be defined. "
                             f"Received: input_shape={input_shape}")
        conv_utils.fix_channels(self, input_shape, 1)
        return channels

    def _add_bias(self, y):
        if self.bias is None:
            return y
        return y + (self.bias if self.data_format == "channels_last" else self.bias[:, None])

    def _out_length(self, input_shape):
        steps = input_shape[1] if self.data_format == "channels_last" else input_shape[2]
        return conv_utils.conv_output_length(steps, self.kernel_size[0], self.padding, self.strides[0],
                                             self.dilation_rate[0])

    def get_config(self):
        return keras3_order(with_activity_regularizer({
            **super().get_config(), "kernel_size": self.kernel_size, "strides": self.strides,
                "padding": self.padding, "depth_multiplier": self.depth_multiplier, "data_format": self.data_format,
                "dilation_rate": self.dilation_rate, "activation": activations.serialize(self.activation),
                "use_bias": self.use_bias, "depthwise_initializer": initializers.serialize(self.depthwise_initializer),
                "bias_initializer": initializers.serialize(self.bias_initializer),
                **weight_options_config(depthwise_regularizer=self._dw_reg, bias_regularizer=self._b_reg,
                                        depthwise_constraint=self._dw_con, bias_constraint=self._b_con)}, self),
            conv_utils.SEPARABLE_CONFIG_ORDER)


class DepthwiseConv1D(_Depthwise1DBase):
    """Depthwise 1D convolution: each input channel convolved with `depth_multiplier` filters.

    Args:
        kernel_size, strides, dilation_rate: int or tuple of 1.
        padding: "valid" (default) or "same".
        depth_multiplier: int, default 1.
        data_format: "channels_last" (default) or "channels_first".
        activation, use_bias, depthwise_initializer ("glorot_uniform"), bias_initializer ("zeros"),
        depthwise_regularizer, bias_regularizer, depthwise_constraint, bias_constraint.

    Input shape: `(batch, steps, channels)`. Output: `(batch, new_steps, channels * depth_multiplier)`.
    """

    def __init__(self, kernel_size, strides=1, padding="valid", depth_multiplier=1, data_format=None, dilation_rate=1,
                 activation=None, use_bias=True, depthwise_initializer="glorot_uniform", bias_initializer="zeros",
                 depthwise_regularizer=None, bias_regularizer=None, depthwise_constraint=None, bias_constraint=None,
                 **kwargs):
        super().__init__(kernel_size, strides, padding, depth_multiplier, data_format, dilation_rate, activation,
                         use_bias, depthwise_initializer, bias_initializer, depthwise_regularizer, bias_regularizer,
                         depthwise_constraint, bias_constraint, **kwargs)

    def build(self, input_shape):
        channels = self._channels(input_shape)
        # tf_keras names it `depthwise_kernel` (its weight name, attribute and checkpoint key); Keras 3 `kernel`
        name = "depthwise_kernel" if keras_version.legacy_keras() else "kernel"
        self.kernel = self.add_weight(name, (*self.kernel_size, channels, self.depth_multiplier),
                                      self.depthwise_initializer, regularizer=self._dw_reg, constraint=self._dw_con)
        self.bias = self.add_weight("bias", (channels * self.depth_multiplier,), self.bias_initializer,
                                    regularizer=self._b_reg, constraint=self._b_con) if self.use_bias else None
        self.built = True

    def call(self, inputs):
        y = ops_nn.depthwise_conv(inputs, self.kernel, self.strides, self.padding, self.data_format,
                                  self.dilation_rate)
        return self.activation(self._add_bias(y))

    def compute_output_shape(self, input_shape):
        out = self._out_length(input_shape)
        channels = input_shape[-1 if self.data_format == "channels_last" else 1] * self.depth_multiplier
        return (input_shape[0], out, channels) if self.data_format == "channels_last" else (
            input_shape[0], channels, out)


class SeparableConv1D(_Depthwise1DBase):
    """Depthwise 1D convolution followed by a pointwise (1x1) convolution to `filters` channels.

    Args:
        filters: int, output channels.
        kernel_size, strides, padding, data_format, dilation_rate, depth_multiplier, activation, use_bias:
            as `DepthwiseConv1D`.
        depthwise_initializer, pointwise_initializer ("glorot_uniform"), bias_initializer ("zeros"),
        regularizers and constraints for the depthwise, pointwise kernels and the bias.

    Output shape: `(batch, new_steps, filters)`.
    """

    def __init__(self, filters, kernel_size, strides=1, padding="valid", data_format=None, dilation_rate=1,
                 depth_multiplier=1, activation=None, use_bias=True, depthwise_initializer="glorot_uniform",
                 pointwise_initializer="glorot_uniform", bias_initializer="zeros", depthwise_regularizer=None,
                 pointwise_regularizer=None, bias_regularizer=None, depthwise_constraint=None,
                 pointwise_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(kernel_size, strides, padding, depth_multiplier, data_format, dilation_rate, activation,
                         use_bias, depthwise_initializer, bias_initializer, depthwise_regularizer, bias_regularizer,
                         depthwise_constraint, bias_constraint, **kwargs)
        if not isinstance(filters, int) or filters <= 0:
            raise ValueError(f"Invalid value for argument `filters`. Expected a strictly positive integer. "
                             f"Received: filters={filters!r}")
        self.filters = filters
        self.pointwise_initializer = initializers.get(pointwise_initializer)
        self._pw_reg, self._pw_con = pointwise_regularizer, pointwise_constraint

    def build(self, input_shape):
        channels = self._channels(input_shape)
        self.depthwise_kernel = self.add_weight(
            "depthwise_kernel", (*self.kernel_size, channels, self.depth_multiplier), self.depthwise_initializer,
            regularizer=self._dw_reg, constraint=self._dw_con)
        self.pointwise_kernel = self.add_weight(
            "pointwise_kernel", (1, channels * self.depth_multiplier, self.filters), self.pointwise_initializer,
            regularizer=self._pw_reg, constraint=self._pw_con)
        self.bias = self.add_weight("bias", (self.filters,), self.bias_initializer, regularizer=self._b_reg,
                                    constraint=self._b_con) if self.use_bias else None
        self.built = True

    def call(self, inputs):
        y = ops_nn.separable_conv(inputs, self.depthwise_kernel, self.pointwise_kernel, self.strides, self.padding,
                                  self.data_format, self.dilation_rate)
        return self.activation(self._add_bias(y))

    def compute_output_shape(self, input_shape):
        out = self._out_length(input_shape)
        return (input_shape[0], out, self.filters) if self.data_format == "channels_last" else (
            input_shape[0], self.filters, out)

    def get_config(self):
        return keras3_order(with_activity_regularizer({
            **super().get_config(), "filters": self.filters,
                "pointwise_initializer": initializers.serialize(self.pointwise_initializer),
                **weight_options_config(pointwise_regularizer=self._pw_reg, pointwise_constraint=self._pw_con)}, self),
            conv_utils.SEPARABLE_CONFIG_ORDER)
