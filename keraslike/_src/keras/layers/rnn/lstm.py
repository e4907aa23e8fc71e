"""`LSTM` and `LSTMCell` (keras/src/layers/rnn/lstm.py).

Gates in Keras order i, f, c, o (torch's i, f, g, o is the same order, so the
fused ATen/cuDNN kernel takes transposed views of the Keras weights):

    z = x @ kernel + h @ recurrent_kernel + bias
    i, f, o = sigmoid(z_i), sigmoid(z_f), sigmoid(z_o);  c = f * c + i * tanh(z_c);  h = o * tanh(c)
"""

import torch

from keraslike._src.keras import initializers
from keraslike._src.keras.keras_version import legacy_keras
from keraslike._src.keras.layers.rnn.base_cell import CELL_ARGS, BaseCell, cell_config, split_cell_kwargs
from keraslike._src.keras.layers.layer import insert_key, with_activity_regularizer
from keraslike._src.keras.layers.rnn.rnn import RNN


class LSTMCell(BaseCell):
    """One LSTM step. Args as `BaseCell`, plus `unit_forget_bias` (default True: forget-gate bias starts at 1).

    Weights: kernel `(input_dim, 4 * units)`, recurrent_kernel `(units, 4 * units)`, bias `(4 * units,)`.
    States: `[h, c]`, each `(batch, units)`.
    """

    gates = 4

    def __init__(self, units, unit_forget_bias=True, implementation=2, **kwargs):
        super().__init__(units, **kwargs)
        self.unit_forget_bias = unit_forget_bias

    @property
    def state_size(self):
        return [self.units, self.units]

    def _bias_init(self):
        if not self.unit_forget_bias:
            return self.bias_initializer
        base, u = self.bias_initializer, self.units

        def init(shape, dtype=None):
            return torch.cat([base((u,), dtype=dtype), initializers.Ones()((u,), dtype=dtype),
                              base((2 * u,), dtype=dtype)])
        return init

    def step(self, projected, states, rec_mask):
        h, c = states
        h_in = h if rec_mask is None else h * rec_mask
        z = projected + h_in @ self.recurrent_kernel
        zi, zf, zc, zo = z.chunk(4, dim=-1)
        i, f, o = self.recurrent_activation(zi), self.recurrent_activation(zf), self.recurrent_activation(zo)
        c = f * c + i * self.activation(zc)
        h = o * self.activation(c)
        return h, [h, c]

    def fused(self, inputs, states, training):
        if not self._default_activations():
            return None
        bias = self.bias if self.bias is not None else inputs.new_zeros(4 * self.units)
        weights = [self.kernel.t(), self.recurrent_kernel.t(), bias, torch.zeros_like(bias)]
        h0, c0 = (s.unsqueeze(0).contiguous() for s in states)
        out, h, c = torch._VF.lstm(inputs, (h0, c0), weights, True, 1, 0.0, training, False, True)
        return out, [h[0], c[0]]

    def get_config(self):
        # Keras 3 lists unit_forget_bias after use_bias, tf_keras after bias_initializer
        after = "bias_initializer" if legacy_keras() else "use_bias"
        return insert_key(super().get_config(), "unit_forget_bias", self.unit_forget_bias, after=after)


class LSTM(RNN):
    """Long Short-Term Memory layer (Hochreiter & Schmidhuber, 1997).

    Args:
        units: positive int.
        activation ("tanh"), recurrent_activation ("sigmoid"), use_bias, kernel/recurrent/bias initializers
            ("glorot_uniform"/"orthogonal"/"zeros"), unit_forget_bias (True), regularizers, constraints,
            dropout, recurrent_dropout: as `LSTMCell`.
        return_sequences, return_state, go_backwards, stateful, unroll: as `RNN`.
        use_cudnn / implementation: accepted; the fused kernel is used whenever the activations are the
            defaults and there is no mask or dropout.

    Input shape: `(batch, timesteps, features)`.
    Output shape: `(batch, units)`, or `(batch, timesteps, units)` with `return_sequences`; with
        `return_state`, `[output, h, c]`.
    """

    _init_kwargs = CELL_ARGS  # passed to the cell through **kwargs; configs carry them (saving)

    def __init__(self, units, unit_forget_bias=True, return_sequences=False, return_state=False,
                 go_backwards=False, stateful=False, unroll=False, use_cudnn="auto", implementation=2, **kwargs):
        cell_kwargs = split_cell_kwargs(kwargs)
        cell = LSTMCell(units, unit_forget_bias=unit_forget_bias, dtype=kwargs.get("dtype"), name="lstm_cell",
                        **cell_kwargs)
        super().__init__(cell, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, unroll=unroll, **kwargs)

    def get_config(self):
        config = {**super().get_config(), **cell_config(self.cell)}
        # the LSTM layer (unlike its cell, under Keras 3) lists unit_forget_bias after bias_initializer
        config = insert_key(config, "unit_forget_bias", config["unit_forget_bias"], after="bias_initializer")
        return with_activity_regularizer(config, self)
