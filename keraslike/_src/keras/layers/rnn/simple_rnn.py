"""`SimpleRNN` and `SimpleRNNCell` (keras/src/layers/rnn/simple_rnn.py):
`h = activation(x @ kernel + bias + h @ recurrent_kernel)`."""

import torch

from keraslike._src.keras import activations
from keraslike._src.keras.layers.rnn.base_cell import CELL_ARGS, BaseCell, cell_config, split_cell_kwargs
from keraslike._src.keras.layers.layer import with_activity_regularizer
from keraslike._src.keras.layers.rnn.rnn import RNN


class SimpleRNNCell(BaseCell):
    """One fully-connected recurrent step. Args as `BaseCell` (no recurrent_activation).

    Weights: kernel `(input_dim, units)`, recurrent_kernel `(units, units)`, bias `(units,)`.
    """

    _seed_generator_first = True

    def step(self, projected, states, rec_mask):
        h = states[0] if rec_mask is None else states[0] * rec_mask
        out = self.activation(projected + h @ self.recurrent_kernel)
        return out, [out]

    def fused(self, inputs, states, training):
        if self.activation not in (activations.tanh, activations.relu):
            return None
        fn = torch._VF.rnn_tanh if self.activation is activations.tanh else torch._VF.rnn_relu
        bias = self.bias if self.bias is not None else inputs.new_zeros(self.units)
        weights = [self.kernel.t(), self.recurrent_kernel.t(), bias, torch.zeros_like(bias)]
        out, h = fn(inputs, states[0].unsqueeze(0).contiguous(), weights, True, 1, 0.0, training, False, True)
        return out, [h[0]]

    def get_config(self):
        config = super().get_config()
        config.pop("recurrent_activation", None)  # a simple cell has none (Keras writes none)
        return config


class SimpleRNN(RNN):
    """Fully-connected RNN whose output is fed back as the next input state.

    Args:
        units: positive int.
        activation ("tanh"), use_bias, initializers, regularizers, constraints, dropout,
            recurrent_dropout: as `SimpleRNNCell`.
        return_sequences, return_state, go_backwards, stateful, unroll: as `RNN`.

    Input shape: `(batch, timesteps, features)`. Output shape: `(batch, units)` or
        `(batch, timesteps, units)`; with `return_state`, `[output, h]`.
    """

    _init_kwargs = CELL_ARGS  # passed to the cell through **kwargs; configs carry them (saving)

    def __init__(self, units, return_sequences=False, return_state=False, go_backwards=False, stateful=False,
                 unroll=False, **kwargs):
        cell_kwargs = split_cell_kwargs(kwargs)
        cell = SimpleRNNCell(units, dtype=kwargs.get("dtype"), name="simple_rnn_cell", **cell_kwargs)
        super().__init__(cell, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, unroll=unroll, **kwargs)

    def get_config(self):
        config = {**super().get_config(), **cell_config(self.cell)}
        config.pop("recurrent_activation", None)
        config.pop("seed", None)  # Keras 3's SimpleRNN (unlike its cell, GRU and LSTM) writes no seed
        return with_activity_regularizer(config, self)
