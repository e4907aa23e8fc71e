"""`StackedRNNCells` (keras/src/layers/rnn/stacked_rnn_cells.py): several cells run as one per step.

Each step feeds the output of cell `i` to cell `i + 1`; the states are the concatenation of the
cells' states (as a flat list). `RNN([cell_a, cell_b])` builds one.
"""

import numbers

import torch

from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.layers.rnn.wrapper_config import deserialize_layer, serialize_layer


def flat_state_sizes(state_size):
    """`state_size` (int, list, nested lists) -> flat list of ints."""
    if isinstance(state_size, numbers.Integral):
        return [int(state_size)]
    out = []
    for s in state_size:
        out.extend(flat_state_sizes(s))
    return out


def output_size(cell):
    """A cell's output width: `output_size`, else `units`, else its first state size."""
    size = getattr(cell, "output_size", None)
    if size is None:
        size = getattr(cell, "units", None)
    return int(size) if size is not None else flat_state_sizes(cell.state_size)[0]


class StackedRNNCells(Layer):
    """Wrap a list of RNN cells so that `RNN` runs them as one.

    Args:
        cells: list of cells (built-in or custom, each with `state_size` and `call(inputs, states)`).

    Raises:
        ValueError: if an element is not a cell.
    """

    def __init__(self, cells, **kwargs):
        super().__init__(**kwargs)
        for cell in cells:
            if not hasattr(cell, "state_size") or not callable(getattr(cell, "call", None)):
                raise ValueError(f"All cells must have a `call` method and a `state_size` attribute. "
                                 f"Received: cells={cells}")
        self.cells = list(cells)

    @property
    def state_size(self):
        return [s for cell in self.cells for s in flat_state_sizes(cell.state_size)]

    @property
    def output_size(self):
        return output_size(self.cells[-1])

    def build(self, input_shape):
        batch, dim = input_shape[0], input_shape[-1]
        for cell in self.cells:
            if not cell.built:
                cell.build((batch, dim))
                cell.built = True
            dim = output_size(cell)
        self.built = True

    def get_initial_state(self, batch_size=None):
        states = []
        for cell in self.cells:
            if hasattr(cell, "get_initial_state"):
                made = cell.get_initial_state(batch_size=batch_size)
                states.extend([made] if isinstance(made, torch.Tensor) else list(made))
            else:
                states.extend(torch.zeros(batch_size, s) for s in flat_state_sizes(cell.state_size))
        return states

    def call(self, inputs, states, training=None):
        states = [states] if isinstance(states, torch.Tensor) else list(states)
        new_states, offset, x = [], 0, inputs
        for cell in self.cells:
            n = len(flat_state_sizes(cell.state_size))
            x, cell_states = cell(x, states[offset:offset + n], training=training)
            new_states.extend([cell_states] if isinstance(cell_states, torch.Tensor) else list(cell_states))
            offset += n
        return x, new_states

    def get_config(self):
        return {**super().get_config(), "cells": [serialize_layer(c) for c in self.cells]}

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        config["cells"] = [deserialize_layer(c) for c in config["cells"]]
        return cls(**config)
