"""`keras.layers.RNN`: the time loop around a cell (keras/src/layers/rnn/rnn.py).

A cell implements `project(inputs)` (the input matmul of every timestep at
once, `(batch, steps, features) -> (batch, steps, gates)`), `step(projected_t,
states)` and optionally `fused(inputs, states)`, a cuDNN/ATen kernel for the
common case (default activations, no mask, no dropout) that returns None when
it does not apply. Any other cell follows Keras's cell API: `state_size` (int or
list), optional `output_size`, and `call(inputs, states[, training]) -> (output,
new_states)` on one `(batch, features)` step; a list of cells is a `StackedRNNCells`.
Masks come from `mask=` or from an `Embedding(mask_zero=True)` output
(`inputs._keras_mask`); on a masked step the states are carried over and the
output repeats the previous one (zeros with `zero_output_for_mask`).
"""

import inspect

import torch

from keraslike._src.keras import keras_version
from keraslike._src.keras.layers.input_spec import fixed_axis
from keraslike._src.keras.layers.layer import Layer, weight_scope
from keraslike._src.keras.layers.rnn.wrapper_config import deserialize_layer, serialize_layer
from keraslike._src.keras.layers.rnn.stacked_rnn_cells import StackedRNNCells, flat_state_sizes, output_size
from keraslike._src.keras.random import random as keras_random


class DropoutRNNCell:
    """Mixin: one input and one recurrent dropout mask per sequence (the same mask at every step, as Keras)."""

    def _dropout_masks(self, inputs, training):
        """The input and recurrent masks: `keras.random.dropout` of ones with the cell's `seed_generator` (Keras
        3, TF's numbers for a seed), else torch's global generator (Keras 2's cells)."""
        if not training:
            return None, None
        generator = getattr(self, "seed_generator", None)

        def make(rate, shape):
            if not rate:
                return None
            if generator is not None:
                ones = torch.ones(shape, dtype=inputs.dtype, device=inputs.device)
                return keras_random.dropout(ones, rate, seed=generator)
            keep = torch.rand(shape, device=inputs.device) >= rate
            return keep.to(inputs.dtype) / (1.0 - rate)
        return (make(self.dropout, (inputs.shape[0], inputs.shape[-1])),
                make(self.recurrent_dropout, (inputs.shape[0], self.units)))


class RNN(Layer):
    """Run `cell` over the time axis of `(batch, timesteps, features)`.

    Args:
        cell: a cell layer (`SimpleRNNCell`, `LSTMCell`, `GRUCell`, a custom cell with `state_size` and
            `call(inputs, states)`), or a list of cells (stacked).
        return_sequences: bool, default False: return every step's output `(batch, timesteps, units)`
            instead of the last `(batch, units)`.
        return_state: bool, default False: also return the final states (`[output, *states]`).
        go_backwards: bool, default False: process the sequence in reverse (and return it reversed).
        stateful: bool, default False: the final states of a batch become the initial states of the next.
        unroll: bool, accepted (the loop is always a Python loop or a fused kernel).
        zero_output_for_mask: bool, default False: masked steps output zeros instead of repeating.

    Call args: `inputs`, `initial_state` (list of `(batch, units)` tensors), `mask` (bool `(batch, timesteps)`),
        `training`.

    Raises:
        ValueError: if the input is not 3D or `initial_state` has the wrong number of tensors.
    """

    def __init__(self, cell, return_sequences=False, return_state=False, go_backwards=False, stateful=False,
                 unroll=False, zero_output_for_mask=False, **kwargs):
        super().__init__(**kwargs)
        if isinstance(cell, (list, tuple)):
            cell = StackedRNNCells(cell)
        if not hasattr(cell, "state_size") or not callable(getattr(cell, "call", None)):
            raise ValueError(f"Argument `cell` should have a `call` method and a `state_size` attribute. "
                             f"Received: cell={cell!r}")
        self.cell = cell
        self._native = hasattr(cell, "project") and hasattr(cell, "step")
        self.return_sequences = return_sequences
        self.return_state = return_state
        self.go_backwards = go_backwards
        self.stateful = stateful
        self.unroll = unroll
        self.zero_output_for_mask = zero_output_for_mask
        self._states = None

    @property
    def units(self):
        return self.cell.units if self._native else output_size(self.cell)

    def _state_sizes(self):
        return list(self.cell.state_size) if self._native else flat_state_sizes(self.cell.state_size)

    def build(self, input_shape):
        if len(input_shape) != 3 or input_shape[-1] is None:
            raise ValueError(f"{type(self).__name__} expects a 3D input with a defined feature dimension. "
                             f"Received: input_shape={input_shape}")
        self.input_spec = fixed_axis(input_shape, -1, ndim=3)
        if input_shape[0] is not None:
            self._state_batch = input_shape[0]
        if not self.cell.built:
            with weight_scope(self.cell):  # `rnn/lstm_cell/kernel`, in both Kerases
                self.cell.build(input_shape[-1] if self._native else (input_shape[0], input_shape[-1]))
            self.cell.built = True
        self.built = True

    def reset_states(self, states=None):
        """Forget (or set) the carried states of a stateful RNN."""
        self._states = None if states is None else [torch.as_tensor(s) for s in states]

    reset_state = reset_states

    @property
    def states(self):
        """Keras's `layer.states`: a stateful RNN's carried states (one `(batch, size)` tensor per state; zeros
        before its first batch and after `reset_states()`, once the batch size is known), which
        `other_rnn(x, initial_state=layer.states)` reuses. A layer that is not stateful carries none: `None`
        (Keras 3) or one `None` per state (Keras 2, `TF_USE_LEGACY_KERAS=1`)."""
        if self._states is not None:
            return list(self._states)
        sizes = self._state_sizes()
        batch = self.__dict__.get("_state_batch")
        if self.stateful and batch is not None:
            return [torch.zeros(batch, size) for size in sizes]
        return [None] * len(sizes) if keras_version.legacy_keras() else None

    @states.setter
    def states(self, value):
        self._states = None if value is None else [torch.as_tensor(s) for s in value]

    def _initial_states(self, inputs, initial_state):
        if initial_state is None and self.stateful and self._states is not None:
            initial_state = self._states
        sizes = self._state_sizes()
        if initial_state is None:
            if not self._native and hasattr(self.cell, "get_initial_state"):
                made = self.cell.get_initial_state(batch_size=inputs.shape[0])
                return [made] if isinstance(made, torch.Tensor) else list(made)
            return [inputs.new_zeros(inputs.shape[0], size) for size in sizes]
        states = [initial_state] if isinstance(initial_state, torch.Tensor) else list(initial_state)
        if len(states) != len(sizes):
            raise ValueError(
                f"An `initial_state` was passed that is not compatible with the cell: it expects "
                f"{len(sizes)} state tensors. Received: {len(states)} tensors"
            )
        return [s.to(inputs.dtype) for s in states]

    def call(self, inputs, initial_state=None, mask=None, training=None):
        if inputs.dim() != 3:
            raise ValueError(f"{type(self).__name__} expects a 3D input (batch, timesteps, features). "
                             f"Received: input_shape={tuple(inputs.shape)}")
        mask = getattr(inputs, "_keras_mask", None) if mask is None else mask
        output_mask = None if mask is None else mask.to(torch.bool)  # as given, even with go_backwards (Keras)
        states = self._initial_states(inputs, initial_state)
        x = inputs.flip(1) if self.go_backwards else inputs
        if not self._native:
            if mask is not None:
                mask = mask.to(torch.bool).flip(1) if self.go_backwards else mask.to(torch.bool)
            return self._finish(*self._generic_loop(x, states, mask, training), output_mask)
        dp_mask, rec_mask = self.cell._dropout_masks(inputs, training)
        result = None
        if mask is None and dp_mask is None and rec_mask is None:
            result = self.cell.fused(x, states, bool(training))
        if result is None:
            if mask is not None:
                mask = mask.to(torch.bool).flip(1) if self.go_backwards else mask.to(torch.bool)
            result = self._loop(x, states, mask, dp_mask, rec_mask)
        return self._finish(*result, output_mask)

    def _finish(self, sequence, states, mask):
        if self.stateful:
            self._states = [s.detach() for s in states]
            self._state_batch = self._states[0].shape[0]
        output = sequence if self.return_sequences else sequence[:, -1]
        if self.return_sequences and mask is not None:
            output._keras_mask = mask
        return [output, *states] if self.return_state else output

    def _generic_loop(self, x, states, mask, training):
        """Keras's cell API: `cell(step_inputs, states, training=...) -> (output, new_states)` per step."""
        outputs, prev = [], None
        for t in range(x.shape[1]):
            h, new_states = self.cell(x[:, t], states, training=training)
            new_states = [new_states] if isinstance(new_states, torch.Tensor) else list(new_states)
            if mask is not None:
                m = mask[:, t, None]
                new_states = [torch.where(m, n, s) for n, s in zip(new_states, states)]
                keep = torch.zeros_like(h) if self.zero_output_for_mask or prev is None else prev
                h = torch.where(m, h, keep)
            states, prev = new_states, h
            outputs.append(h)
        return torch.stack(outputs, dim=1), states

    def _loop(self, x, states, mask, dp_mask, rec_mask):
        projected = self.cell.project(x if dp_mask is None else x * dp_mask[:, None, :])
        outputs = []
        prev = x.new_zeros(x.shape[0], self.cell.units)
        for t in range(x.shape[1]):
            h, new_states = self.cell.step(projected[:, t], states, rec_mask)
            if mask is not None:
                m = mask[:, t, None]
                new_states = [torch.where(m, n, s) for n, s in zip(new_states, states)]
                h = torch.where(m, h, torch.zeros_like(h) if self.zero_output_for_mask else prev)
            states, prev = new_states, h
            outputs.append(h)
        return torch.stack(outputs, dim=1), states

    def compute_output_shape(self, input_shape):
        out = (input_shape[0], input_shape[1], self.units) if self.return_sequences else (input_shape[0], self.units)
        if self.return_state:
            return [out] + [(input_shape[0], s) for s in self._state_sizes()]
        return out

    def get_config(self):
        config = {**super().get_config(), "return_sequences": self.return_sequences,
                  "return_state": self.return_state, "go_backwards": self.go_backwards, "stateful": self.stateful,
                  "unroll": self.unroll, "zero_output_for_mask": self.zero_output_for_mask}
        if "cell" in inspect.signature(type(self).__init__).parameters:  # RNN(cell), not LSTM(units)
            config["cell"] = serialize_layer(self.cell)
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        if isinstance(config.get("cell"), dict):
            config["cell"] = deserialize_layer(config["cell"])
        return cls(**config)
