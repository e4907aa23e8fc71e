"""`BaseConv`: the N-D convolution behind Conv1D/2D/3D (keras/src/layers/convolutional/base_conv.py).

The kernel is kept in Keras layout `(*kernel_size, in_channels // groups, filters)`
and handed to `torch.nn.functional.conv{1,2,3}d` as a permuted view
`(filters, in // groups, *kernel_size)`. A channels_last input `(N, *spatial, C)`
is moved to `(N, C, *spatial)` with `movedim`, a view in torch's channels_last
memory format, so no copy is made; the output is moved back the same way. A strided
1x1 convolution runs as a stride-1 one on the sliced input (`ops/conv_workarounds.py`:
torch's CPU backward for it corrupts the heap on channels_last inputs).
"""

import torch.nn.functional as F

from keraslike._src.keras import activations, initializers
from keraslike._src.keras.layers.convolutional import conv_utils
from keraslike._src.keras.layers.layer import Layer, weight_options_config, with_activity_regularizer
from keraslike._src.ops import conv1d_route, half_matmul
from keraslike._src.ops.conv_workarounds import pointwise_as_slice

_CONV_FNS = {1: conv1d_route.conv1d, 2: F.conv2d, 3: F.conv3d}


class BaseConv(Layer):
    """N-D convolution: `activation(conv(inputs, kernel) + bias)`.

    Args:
        rank: int, 1, 2 or 3.
        filters: int, number of output channels.
        kernel_size: int or tuple of `rank` ints.
        strides: int or tuple, default 1.
        padding: "valid" (default), "same" (TF's, asymmetric when needed) or, for rank 1, "causal".
        data_format: "channels_last" (default) or "channels_first".
        dilation_rate: int or tuple, default 1.
        groups: int, default 1; `in_channels` and `filters` must be divisible by it.
        activation: name or callable, default None.
        use_bias: bool, default True.
        kernel_initializer / bias_initializer: default "glorot_uniform" / "zeros".
        kernel_regularizer, bias_regularizer, activity_regularizer, kernel_constraint,
        bias_constraint: optional.

    Raises:
        ValueError: on a non-positive `filters`, bad tuples, both strides and dilation > 1,
            or channels not divisible by `groups`; at build, for inputs without exactly `rank + 2`
            dimensions or whose known output size would be zero or negative (Keras's checks).
    """

    def __init__(self, rank, filters, kernel_size, strides=1, padding="valid", data_format=None,
                 dilation_rate=1, groups=1, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.rank = rank
        if filters is not None and (not isinstance(filters, int) or filters <= 0):
            raise ValueError(
                f"Invalid value for argument `filters`. Expected a strictly positive integer. "
                f"Received: filters={filters!r}"
            )
        self.filters = filters
        self.groups = int(groups)
        self.kernel_size = conv_utils.normalize_tuple(kernel_size, rank, "kernel_size")
        self.strides = conv_utils.normalize_tuple(strides, rank, "strides")
        self.dilation_rate = conv_utils.normalize_tuple(dilation_rate, rank, "dilation_rate")
        self.padding = conv_utils.normalize_padding(padding)
        if self.padding == "causal" and rank != 1:
            raise ValueError(f"`padding='causal'` is only supported by Conv1D. Received: padding={padding!r}")
        self.data_format = conv_utils.normalize_data_format(data_format)
        if max(self.strides) > 1 and max(self.dilation_rate) > 1:
            raise ValueError(
                "`strides > 1` is not compatible with `dilation_rate > 1`. "
                f"Received: strides={self.strides}, dilation_rate={self.dilation_rate}"
            )
        if filters is not None and filters % self.groups:
            raise ValueError(
                f"The number of filters must be evenly divisible by the number of groups. "
                f"Received: groups={groups}, filters={filters}"
            )
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = kernel_regularizer
        self.bias_regularizer = bias_regularizer
        self.kernel_constraint = kernel_constraint
        self.bias_constraint = bias_constraint

    def _channel_axis(self):
        return -1 if self.data_format == "channels_last" else 1

    def build(self, input_shape):
        conv_utils.check_input_rank(self, input_shape, self.rank)
        in_channels = input_shape[self._channel_axis()]
        if in_channels is None:
            raise ValueError(
                f"The channel dimension of the inputs to {type(self).__name__} should be defined. "
                f"Received: input_shape={input_shape}"
            )
        if in_channels % self.groups:
            raise ValueError(
                f"The number of input channels must be evenly divisible by the number of groups. "
                f"Received: groups={self.groups}, input_shape={input_shape}"
            )
        conv_utils.fix_channels(self, input_shape, self.rank)
        kernel_shape = (*self.kernel_size, in_channels // self.groups, self.filters)
        conv_utils.check_output_size(self, input_shape, self.compute_output_shape(input_shape), kernel_shape)
        self.kernel = self.add_weight("kernel", kernel_shape, self.kernel_initializer,
                                      regularizer=self.kernel_regularizer, constraint=self.kernel_constraint)
        self.bias = self.add_weight("bias", (self.filters,), self.bias_initializer,
                                    regularizer=self.bias_regularizer,
                                    constraint=self.bias_constraint) if self.use_bias else None
        self.built = True

    def _torch_kernel(self):
        # (*k, in, out) -> (out, in, *k): a permuted view, no copy.
        return self.kernel.permute(self.rank + 1, self.rank, *range(self.rank))

    def call(self, inputs):
        if type(self).convolution_op is not BaseConv.convolution_op:  # a subclass's own convolution (Keras 3 API)
            y = self.convolution_op(inputs, self.kernel)
            if self.use_bias:
                shape = (1,) * (self.rank + 1) + (self.filters,) if self.data_format == "channels_last" else (
                    1, self.filters) + (1,) * self.rank
                y = y + self.bias.reshape(shape)
            return self.activation(y)
        return self.activation(self._convolve(inputs, self._torch_kernel(), self.bias))

    def convolution_op(self, inputs, kernel):
        """Keras's `convolution_op(inputs, kernel)`: the convolution of `call`, with this layer's strides, padding,
        dilation and data format, of `kernel` in Keras's layout `(*kernel_size, in_channels // groups, filters)`,
        without bias or activation. Subclasses override it to change the kernel (weight standardization), and
        `call` then uses theirs."""
        return self._convolve(inputs, kernel.permute(self.rank + 1, self.rank, *range(self.rank)), None)

    def _convolve(self, inputs, torch_kernel, bias):
        x = conv_utils.to_channels_first(inputs, self.data_format)  # (N, C, *spatial)
        conv_pad, pad_spec = conv_utils.torch_padding(tuple(x.shape[2:]), self.kernel_size, self.strides,
                                                      self.dilation_rate, self.padding)
        x = conv_utils.pad_if_needed(x, pad_spec)
        x, strides = pointwise_as_slice(x, self.kernel_size, self.strides)  # torch CPU heap-corruption path
        y = half_matmul.in_float32(_CONV_FNS[self.rank], x, torch_kernel, bias, strides, conv_pad,
                                   self.dilation_rate, self.groups)
        return conv_utils.from_channels_first(y, self.data_format)

    def compute_output_shape(self, input_shape):
        spatial = input_shape[1:-1] if self.data_format == "channels_last" else input_shape[2:]
        out = tuple(conv_utils.conv_output_length(s, k, self.padding, st, d) for s, k, st, d in
                    zip(spatial, self.kernel_size, self.strides, self.dilation_rate))
        if self.data_format == "channels_last":
            return (input_shape[0], *out, self.filters)
        return (input_shape[0], self.filters, *out)

    def get_config(self):
        return with_activity_regularizer({
            **super().get_config(), "filters": self.filters, "kernel_size": self.kernel_size,
            "strides": self.strides, "padding": self.padding, "data_format": self.data_format,
            "dilation_rate": self.dilation_rate, "groups": self.groups,
            "activation": activations.serialize(self.activation), "use_bias": self.use_bias,
            "kernel_initializer": initializers.serialize(self.kernel_initializer),
            "bias_initializer": initializers.serialize(self.bias_initializer),
            **weight_options_config(kernel_regularizer=self.kernel_regularizer, bias_regularizer=self.bias_regularizer,
                                    kernel_constraint=self.kernel_constraint, bias_constraint=self.bias_constraint),
        }, self)
