"""`GRU` and `GRUCell` (keras/src/layers/rnn/gru.py).

Gates in Keras order z (update), r (reset), h (candidate). With
`reset_after=True` (Keras's default, cuDNN-compatible), bias is `(2, 3 * units)`
(input bias, recurrent bias) and

    x_z, x_r, x_h = x @ kernel + bias[0];  r_z, r_r, r_h = h @ recurrent_kernel + bias[1]
    z = sigmoid(x_z + r_z);  r = sigmoid(x_r + r_r);  hh = tanh(x_h + r * r_h)
    h = z * h + (1 - z) * hh

which is torch's GRU with its gates reordered (r, z, n); the fused kernel
takes the reordered Keras weights. `reset_after=False` applies the reset gate
before the recurrent matmul: `hh = tanh(x_h + (r * h) @ recurrent_kernel_h)`.
"""

import torch

from keraslike._src.keras.layers.rnn.base_cell import CELL_ARGS, BaseCell, cell_config, split_cell_kwargs
from keraslike._src.keras.layers.layer import insert_key, with_activity_regularizer
from keraslike._src.keras.layers.rnn.rnn import RNN


def _to_torch_order(w, units):
    """Keras (z, r, h) blocks on the last axis -> torch (r, z, n)."""
    return torch.cat([w[..., units:2 * units], w[..., :units], w[..., 2 * units:]], dim=-1)


class GRUCell(BaseCell):
    """One GRU step. Args as `BaseCell`, plus `reset_after` (default True).

    Weights: kernel `(input_dim, 3 * units)`, recurrent_kernel `(units, 3 * units)`,
        bias `(2, 3 * units)` with `reset_after`, else `(3 * units,)`.
    """

    gates = 3

    def __init__(self, units, reset_after=True, **kwargs):
        super().__init__(units, **kwargs)
        self.reset_after = reset_after

    def _bias_shape(self):
        return (2, 3 * self.units) if self.reset_after else (3 * self.units,)

    def step(self, projected, states, rec_mask):
        h = states[0]
        h_in = h if rec_mask is None else h * rec_mask
        u = self.units
        x_z, x_r, x_h = projected.split(u, dim=-1)
        if self.reset_after:
            rec = h_in @ self.recurrent_kernel
            if self.bias is not None:
                rec = rec + self.bias[1]
            r_z, r_r, r_h = rec.split(u, dim=-1)
            z = self.recurrent_activation(x_z + r_z)
            r = self.recurrent_activation(x_r + r_r)
            hh = self.activation(x_h + r * r_h)
        else:
            rec = h_in @ self.recurrent_kernel[:, :2 * u]
            z = self.recurrent_activation(x_z + rec[:, :u])
            r = self.recurrent_activation(x_r + rec[:, u:])
            hh = self.activation(x_h + (r * h_in) @ self.recurrent_kernel[:, 2 * u:])
        h = z * h + (1 - z) * hh
        return h, [h]

    def fused(self, inputs, states, training):
        if not (self.reset_after and self._default_activations()):
            return None
        u = self.units
        bias = self.bias if self.bias is not None else inputs.new_zeros(2, 3 * u)
        weights = [_to_torch_order(self.kernel, u).t(), _to_torch_order(self.recurrent_kernel, u).t(),
                   _to_torch_order(bias[0], u), _to_torch_order(bias[1], u)]
        out, h = torch._VF.gru(inputs, states[0].unsqueeze(0).contiguous(), weights, True, 1, 0.0, training,
                               False, True)
        return out, [h[0]]

    def get_config(self):
        return insert_key(super().get_config(), "reset_after", self.reset_after, before="seed")  # Keras 3: before seed


class GRU(RNN):
    """Gated Recurrent Unit layer (Cho et al., 2014), Keras's cuDNN-compatible variant by default.

    Args:
        units: positive int.
        reset_after: bool, default True.
        activation ("tanh"), recurrent_activation ("sigmoid"), use_bias, initializers, regularizers,
            constraints, dropout, recurrent_dropout: as `GRUCell`.
        return_sequences, return_state, go_backwards, stateful, unroll: as `RNN`.

    Input shape: `(batch, timesteps, features)`. Output shape: `(batch, units)` or
        `(batch, timesteps, units)`; with `return_state`, `[output, h]`.
    """

    _init_kwargs = CELL_ARGS  # passed to the cell through **kwargs; configs carry them (saving)

    def __init__(self, units, reset_after=True, return_sequences=False, return_state=False, go_backwards=False,
                 stateful=False, unroll=False, use_cudnn="auto", implementation=2, **kwargs):
        cell_kwargs = split_cell_kwargs(kwargs)
        cell = GRUCell(units, reset_after=reset_after, dtype=kwargs.get("dtype"), name="gru_cell", **cell_kwargs)
        super().__init__(cell, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, unroll=unroll, **kwargs)

    def get_config(self):
        return with_activity_regularizer({
            **super().get_config(), **cell_config(self.cell)}, self)
