"""`BaseCell`: weights and arguments shared by SimpleRNNCell, LSTMCell and GRUCell
(keras/src/layers/rnn/{simple_rnn,lstm,gru}.py).

Weights in Keras layouts: kernel `(input_dim, gates * units)`, recurrent_kernel
`(units, gates * units)`, bias `(gates * units,)` (GRU with `reset_after`:
`(2, 3 * units)`).
"""

import torch

from keraslike._src.keras import activations, initializers
from keraslike._src.keras.keras_version import legacy_keras
from keraslike._src.keras.layers.layer import Layer, weight_options_config
from keraslike._src.keras.layers.rnn.rnn import DropoutRNNCell
from keraslike._src.keras.random.seed_generator import SeedGenerator
from keraslike._src.ops import dtypes

CELL_ARGS = ("activation", "recurrent_activation", "use_bias", "kernel_initializer", "recurrent_initializer",
             "bias_initializer", "kernel_regularizer", "recurrent_regularizer", "bias_regularizer",
             "kernel_constraint", "recurrent_constraint", "bias_constraint", "dropout", "recurrent_dropout", "seed")


class BaseCell(DropoutRNNCell, Layer):
    """One recurrent step; subclasses set `gates` and implement `step` (and `fused` when possible).

    Args:
        units: positive int, state size.
        activation: default "tanh". recurrent_activation: default "sigmoid" (unused by SimpleRNNCell).
        use_bias: bool, default True.
        kernel_initializer / recurrent_initializer / bias_initializer: default
            "glorot_uniform" / "orthogonal" / "zeros".
        *_regularizer, *_constraint: optional.
        dropout / recurrent_dropout: floats in [0, 1), fraction of inputs / states dropped while training.
        seed: int seed of the dropout masks (Keras 3; Keras 2's cells draw them from the global generator).

    Raises:
        ValueError: if `units` is not a positive int or a dropout rate is outside [0, 1).
    """

    gates = 1
    _seed_generator_first = False  # SimpleRNNCell makes its generator before its initializers (Keras's order)

    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None, kernel_constraint=None,
                 recurrent_constraint=None, bias_constraint=None, dropout=0.0, recurrent_dropout=0.0, seed=None,
                 **kwargs):
        super().__init__(**kwargs)
        if not isinstance(units, int) or units <= 0:
            raise ValueError(f"Received an invalid value for argument `units`, expected a positive integer. "
                             f"Received: units={units!r}")
        for name, rate in (("dropout", dropout), ("recurrent_dropout", recurrent_dropout)):
            if not 0 <= rate < 1:
                raise ValueError(f"`{name}` must be a float in [0, 1). Received: {name}={rate}")
        if self._seed_generator_first:
            self._make_seed_generator(seed)
        self.units = units
        self.activation = activations.get(activation)
        self.recurrent_activation = activations.get(recurrent_activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.recurrent_initializer = initializers.get(recurrent_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        if not self._seed_generator_first:
            self._make_seed_generator(seed)
        self._regs = (kernel_regularizer, recurrent_regularizer, bias_regularizer)
        self._cons = (kernel_constraint, recurrent_constraint, bias_constraint)
        self.dropout = float(dropout)
        self.recurrent_dropout = float(recurrent_dropout)
        self.seed = seed

    def _make_seed_generator(self, seed):
        """Keras 3's cells own a `SeedGenerator(seed)` for their dropout masks, made in `__init__` (unseeded, from
        Python's `random`); Keras 2's cells have none. Not tracked as a weight."""
        object.__setattr__(self, "seed_generator", None if legacy_keras() else SeedGenerator(seed))

    @property
    def state_size(self):
        return [self.units]

    def get_initial_state(self, inputs=None, batch_size=None, dtype=None):
        """Zero states for a batch: Keras 3's `get_initial_state(batch_size)` and Keras 2's
        `get_initial_state(inputs=None, batch_size=None, dtype=None)` (kept in both modes).

        Args:
            inputs: a tensor whose batch size and dtype are used (Keras 2), or an int batch size passed
                positionally (Keras 3).
            batch_size: int.
            dtype: state dtype; default `inputs`' dtype, else the layer's compute dtype.

        Returns:
            A list of `(batch_size, units)` zero tensors, one per state (`[h, c]` for LSTMCell). A cell with one
            state returns the tensor itself under `TF_USE_LEGACY_KERAS=1`, as Keras 2 did.

        Raises:
            ValueError: no batch size given.
        """
        if isinstance(inputs, int):
            inputs, batch_size = None, inputs
        if inputs is not None:
            batch_size = inputs.shape[0] if batch_size is None else batch_size
            dtype = inputs.dtype if dtype is None else dtype
        if batch_size is None:
            raise ValueError("get_initial_state needs the batch size: pass `batch_size` (or `inputs`). "
                             f"Received: batch_size={batch_size}")
        dtype = dtypes.as_dtype(dtype if dtype is not None else self.compute_dtype)
        device = self.kernel.device if self.built and hasattr(self, "kernel") else None
        states = [torch.zeros((int(batch_size), size), dtype=dtype, device=device) for size in self.state_size]
        return states[0] if legacy_keras() and len(states) == 1 else states

    def _bias_shape(self):
        return (self.gates * self.units,)

    def _bias_init(self):
        return self.bias_initializer

    def build(self, input_shape):
        input_dim = input_shape if isinstance(input_shape, int) else input_shape[-1]
        width = self.gates * self.units
        self.kernel = self.add_weight("kernel", (input_dim, width), self.kernel_initializer,
                                      regularizer=self._regs[0], constraint=self._cons[0])
        self.recurrent_kernel = self.add_weight("recurrent_kernel", (self.units, width), self.recurrent_initializer,
                                                regularizer=self._regs[1], constraint=self._cons[1])
        self.bias = self.add_weight("bias", self._bias_shape(), self._bias_init(), regularizer=self._regs[2],
                                    constraint=self._cons[2]) if self.use_bias else None
        self.built = True

    def project(self, inputs):
        """Input contribution of every step: `inputs @ kernel + input bias`."""
        out = inputs @ self.kernel
        if self.bias is not None:
            out = out + (self.bias[0] if self.bias.dim() == 2 else self.bias)
        return out

    def fused(self, inputs, states, training):
        """A fused kernel's `(sequence, final_states)`, or None to run the step loop."""
        return None

    def call(self, inputs, states, training=None):
        """One step on `(batch, features)` inputs: returns `(output, new_states)` (Keras's cell API)."""
        states = [states] if isinstance(states, torch.Tensor) else list(states)
        return self.step(self.project(inputs), states, None)

    def _default_activations(self):
        return self.activation is activations.tanh and self.recurrent_activation is activations.sigmoid

    def get_config(self):
        return {**super().get_config(), "units": self.units, "activation": activations.serialize(self.activation),
                "recurrent_activation": activations.serialize(self.recurrent_activation),
                "use_bias": self.use_bias, "kernel_initializer": initializers.serialize(self.kernel_initializer),
                "recurrent_initializer": initializers.serialize(self.recurrent_initializer),
                "bias_initializer": initializers.serialize(self.bias_initializer),
                **weight_options_config(kernel_regularizer=self._regs[0], recurrent_regularizer=self._regs[1],
                                        bias_regularizer=self._regs[2], kernel_constraint=self._cons[0],
                                        recurrent_constraint=self._cons[1], bias_constraint=self._cons[2]),
                "dropout": self.dropout, "recurrent_dropout": self.recurrent_dropout,
                **({} if legacy_keras() else {"seed": self.seed})}  # Keras 2's cells have no seed


def split_cell_kwargs(kwargs):
    """Pop the cell arguments out of a layer's kwargs."""
    return {k: kwargs.pop(k) for k in CELL_ARGS if k in kwargs}


def cell_config(cell):
    config = cell.get_config()
    for key in ("name", "trainable", "dtype"):
        config.pop(key, None)
    return config
