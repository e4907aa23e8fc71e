"""`ConvLSTM1D`, `ConvLSTM2D`, `ConvLSTM3D` (keras/src/layers/rnn/conv_lstm{,1d,2d,3d}.py).

An LSTM whose input and recurrent transforms are convolutions: inputs are sequences of images
`(batch, time, *spatial, channels)` (channels_last). Kernels are Keras's: `kernel`
`(*kernel_size, in_channels, 4 * filters)` and `recurrent_kernel` `(*kernel_size, filters, 4 * filters)`,
gates in the order i, f, c, o; the input convolution uses the layer's strides/padding/dilation,
the recurrent one stride 1 and "same" padding. Dropout masks are drawn once per sequence and
shared by the four gates.
"""

import torch

from keraslike._src.keras import activations, initializers
from keraslike._src.keras.keras_version import legacy_keras
from keraslike._src.keras.layers.convolutional import conv_utils
from keraslike._src.keras.layers.layer import Layer, weight_options_config, with_activity_regularizer
from keraslike._src.keras.ops import nn as ops_nn
from keraslike._src.keras.random.seed_generator import SeedGenerator


class _RecurrentDefault:
    """The default `recurrent_activation`: Keras 3's "sigmoid", Keras 2's "hard_sigmoid" (chosen at construction
    by `TF_USE_LEGACY_KERAS`, as the Keras that TF imports decides)."""

    def __repr__(self):
        return "'sigmoid' (Keras 2: 'hard_sigmoid')"


RECURRENT_DEFAULT = _RecurrentDefault()


class ConvLSTMCell(Layer):
    """One ConvLSTM step: `call(inputs, [h, c]) -> (h, [h, c])` on `(batch, *spatial, channels)`."""

    def __init__(self, rank, filters, kernel_size, strides=1, padding="valid", data_format=None, dilation_rate=1,
                 activation="tanh", recurrent_activation=RECURRENT_DEFAULT, use_bias=True,
                 kernel_initializer="glorot_uniform",
                 recurrent_initializer="orthogonal", bias_initializer="zeros", unit_forget_bias=True,
                 kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None, kernel_constraint=None,
                 recurrent_constraint=None, bias_constraint=None, dropout=0.0, recurrent_dropout=0.0, seed=None,
                 **kwargs):
        super().__init__(**kwargs)
        # Keras 3 makes the cell's generator first (the order of Python draws); its masks here draw from torch
        object.__setattr__(self, "seed_generator", None if legacy_keras() else SeedGenerator(seed))
        self.rank, self.filters = rank, int(filters)
        self.kernel_size = conv_utils.normalize_tuple(kernel_size, rank, "kernel_size")
        self.strides = conv_utils.normalize_tuple(strides, rank, "strides")
        self.dilation_rate = conv_utils.normalize_tuple(dilation_rate, rank, "dilation_rate")
        self.padding = conv_utils.normalize_padding(padding)
        if self.padding == "causal":
            raise ValueError(f"ConvLSTM supports 'valid' or 'same' padding. Received: padding={padding!r}")
        self.data_format = conv_utils.normalize_data_format(data_format)
        self.activation = activations.get(activation)
        if recurrent_activation is RECURRENT_DEFAULT:  # Keras 3: sigmoid; Keras 2: hard_sigmoid (its 0.2 x + 0.5)
            recurrent_activation = "hard_sigmoid" if legacy_keras() else "sigmoid"
        self.recurrent_activation = activations.get(recurrent_activation)
        self.use_bias, self.unit_forget_bias = use_bias, unit_forget_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.recurrent_initializer = initializers.get(recurrent_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self._regs = (kernel_regularizer, recurrent_regularizer, bias_regularizer)
        self._cons = (kernel_constraint, recurrent_constraint, bias_constraint)
        self.dropout, self.recurrent_dropout, self.seed = float(dropout), float(recurrent_dropout), seed

    def build(self, input_shape):
        channels = input_shape[-1 if self.data_format == "channels_last" else 1]
        width = 4 * self.filters
        self.kernel = self.add_weight("kernel", (*self.kernel_size, channels, width), self.kernel_initializer,
                                      regularizer=self._regs[0], constraint=self._cons[0])
        self.recurrent_kernel = self.add_weight("recurrent_kernel", (*self.kernel_size, self.filters, width),
                                                self.recurrent_initializer, regularizer=self._regs[1],
                                                constraint=self._cons[1])
        if self.use_bias:
            init = self.bias_initializer
            if self.unit_forget_bias:
                base = self.bias_initializer

                def init(shape, dtype=None):
                    parts = [base((self.filters,), dtype=dtype), torch.ones(self.filters, dtype=dtype),
                             base((2 * self.filters,), dtype=dtype)]
                    return torch.cat(parts)

            self.bias = self.add_weight("bias", (width,), init, regularizer=self._regs[2], constraint=self._cons[2])
        else:
            self.bias = None
        self.built = True

    def _bias_shape(self):
        return (1,) * (self.rank + 1) + (-1,) if self.data_format == "channels_last" else (1, -1) + (1,) * self.rank

    def call(self, inputs, states, training=None, masks=(None, None)):
        h, c = states
        x = inputs if masks[0] is None else inputs * masks[0]
        hr = h if masks[1] is None else h * masks[1]
        gates = ops_nn.conv(x, self.kernel, self.strides, self.padding, self.data_format, self.dilation_rate)
        if self.bias is not None:
            gates = gates + self.bias.reshape(self._bias_shape())
        gates = gates + ops_nn.conv(hr, self.recurrent_kernel, 1, "same", self.data_format)
        axis = -1 if self.data_format == "channels_last" else 1
        g_i, g_f, g_c, g_o = torch.split(gates, self.filters, dim=axis)
        i, f, o = self.recurrent_activation(g_i), self.recurrent_activation(g_f), self.recurrent_activation(g_o)
        c = f * c + i * self.activation(g_c)
        h = o * self.activation(c)
        return h, [h, c]

    def output_spatial(self, spatial):
        return tuple(conv_utils.conv_output_length(s, k, self.padding, st, d) for s, k, st, d in
                     zip(spatial, self.kernel_size, self.strides, self.dilation_rate))


class ConvLSTM(Layer):
    """The time loop of ConvLSTM1D/2D/3D (see the module docstring for layouts).

    Args:
        filters, kernel_size, strides, padding ("valid"/"same"), data_format, dilation_rate: as ConvND.
        activation ("tanh"), recurrent_activation ("sigmoid"; Keras 2 "hard_sigmoid"), use_bias,
            kernel/recurrent/bias initializers ("glorot_uniform"/"orthogonal"/"zeros"), unit_forget_bias (True),
            regularizers, constraints,
            dropout, recurrent_dropout, seed: as LSTM.
        return_sequences, return_state, go_backwards, stateful: as RNN.

    Call args: `inputs` `(batch, time, *spatial, channels)`, `initial_state` ([h, c]), `mask` `(batch, time)`,
        `training`.

    Raises:
        ValueError: for inputs of the wrong rank.
    """

    rank = 2

    def __init__(self, filters, kernel_size, strides=1, padding="valid", data_format=None, dilation_rate=1,
                 activation="tanh", recurrent_activation=RECURRENT_DEFAULT, use_bias=True,
                 kernel_initializer="glorot_uniform",
                 recurrent_initializer="orthogonal", bias_initializer="zeros", unit_forget_bias=True,
                 kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, recurrent_constraint=None, bias_constraint=None, dropout=0.0,
                 recurrent_dropout=0.0, seed=None, return_sequences=False, return_state=False, go_backwards=False,
                 stateful=False, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.cell = ConvLSTMCell(
            self.rank, filters, kernel_size, strides, padding, data_format, dilation_rate, activation,
            recurrent_activation, use_bias, kernel_initializer, recurrent_initializer, bias_initializer,
            unit_forget_bias, kernel_regularizer, recurrent_regularizer, bias_regularizer, kernel_constraint,
            recurrent_constraint, bias_constraint, dropout, recurrent_dropout, seed, dtype=kwargs.get("dtype"),
            name="conv_lstm_cell")
        self.return_sequences, self.return_state = return_sequences, return_state
        self.go_backwards, self.stateful = go_backwards, stateful
        self._states = None

    def build(self, input_shape):
        if len(input_shape) != self.rank + 3:
            raise ValueError(f"{type(self).__name__} expects inputs of rank {self.rank + 3} (batch, time, "
                             f"*spatial, channels). Received: input_shape={input_shape}")
        # built directly: Keras 3 names the weights `conv_lstm2d/conv_lstm_cell/kernel`, tf_keras `conv_lstm2d/kernel`
        self.cell.build(tuple(input_shape[:1]) + tuple(input_shape[2:]))
        self.built = True

    def _state_shape(self, x):
        cell = self.cell
        if cell.data_format == "channels_last":
            return (x.shape[0], *cell.output_spatial(tuple(x.shape[2:-1])), cell.filters)
        return (x.shape[0], cell.filters, *cell.output_spatial(tuple(x.shape[3:])))

    def _masks(self, x, state_shape, training):
        cell = self.cell

        def make(rate, shape):
            if not training or not rate:
                return None
            return (torch.rand(shape, device=x.device) >= rate).to(x.dtype) / (1.0 - rate)

        return make(cell.dropout, (x.shape[0], *x.shape[2:])), make(cell.recurrent_dropout, state_shape)

    def call(self, inputs, initial_state=None, mask=None, training=None):
        if inputs.dim() != self.rank + 3:
            raise ValueError(f"{type(self).__name__} expects inputs of rank {self.rank + 3}. Received: "
                             f"input_shape={tuple(inputs.shape)}")
        shape = self._state_shape(inputs)
        if initial_state is not None:
            states = list(initial_state)
        elif self.stateful and self._states is not None:
            states = list(self._states)
        else:
            states = [inputs.new_zeros(shape), inputs.new_zeros(shape)]
        x = inputs.flip(1) if self.go_backwards else inputs
        if mask is not None:
            mask = torch.as_tensor(mask, device=x.device).bool()
            mask = mask.flip(1) if self.go_backwards else mask
        masks = self._masks(x, shape, training)
        outputs, prev = [], None
        for t in range(x.shape[1]):
            h, new_states = self.cell.call(x[:, t], states, training, masks)
            if mask is not None:
                m = mask[:, t].reshape(-1, *([1] * (h.dim() - 1)))
                new_states = [torch.where(m, n, s) for n, s in zip(new_states, states)]
                h = torch.where(m, h, torch.zeros_like(h) if prev is None else prev)
            states, prev = new_states, h
            outputs.append(h)
        if self.stateful:
            self._states = [s.detach() for s in states]
        out = torch.stack(outputs, dim=1) if self.return_sequences else outputs[-1]
        return [out, *states] if self.return_state else out

    def reset_states(self, states=None):
        self._states = None if states is None else [torch.as_tensor(s) for s in states]

    reset_state = reset_states

    def compute_output_shape(self, input_shape):
        cell = self.cell
        if cell.data_format == "channels_last":
            state = (input_shape[0], *cell.output_spatial(tuple(input_shape[2:-1])), cell.filters)
        else:
            state = (input_shape[0], cell.filters, *cell.output_spatial(tuple(input_shape[3:])))
        out = (state[0], input_shape[1], *state[1:]) if self.return_sequences else state
        return [out, state, state] if self.return_state else out

    def get_config(self):
        cell = self.cell
        return with_activity_regularizer({
            **super().get_config(), "filters": cell.filters, "kernel_size": cell.kernel_size,
                "strides": cell.strides, "padding": cell.padding, "data_format": cell.data_format,
                "dilation_rate": cell.dilation_rate, "activation": activations.serialize(cell.activation),
                "recurrent_activation": activations.serialize(cell.recurrent_activation), "use_bias": cell.use_bias,
                "kernel_initializer": initializers.serialize(cell.kernel_initializer),
                "recurrent_initializer": initializers.serialize(cell.recurrent_initializer),
                "bias_initializer": initializers.serialize(cell.bias_initializer),
                **weight_options_config(kernel_regularizer=cell._regs[0], recurrent_regularizer=cell._regs[1],
                                        bias_regularizer=cell._regs[2], kernel_constraint=cell._cons[0],
                                        recurrent_constraint=cell._cons[1], bias_constraint=cell._cons[2]),
                "unit_forget_bias": cell.unit_forget_bias, "dropout": cell.dropout,
                "recurrent_dropout": cell.recurrent_dropout, "seed": cell.seed,
                "return_sequences": self.return_sequences, "return_state": self.return_state,
                "go_backwards": self.go_backwards, "stateful": self.stateful}, self)


class ConvLSTM1D(ConvLSTM):
    """ConvLSTM over sequences of 1-D signals `(batch, time, steps, channels)`; see `ConvLSTM`."""

    rank = 1


class ConvLSTM2D(ConvLSTM):
    """ConvLSTM over sequences of images `(batch, time, rows, cols, channels)`; see `ConvLSTM`."""

    rank = 2


class ConvLSTM3D(ConvLSTM):
    """ConvLSTM over sequences of volumes `(batch, time, d1, d2, d3, channels)`; see `ConvLSTM`."""

    rank = 3
