"""`keras.random.SeedGenerator`: a stateful seed for the stateless random ops.

Mirrors `keras/src/random/seed_generator.py`: the state is a non-trainable int64 variable
`[seed, counter]`; `next()` returns the current state and advances the counter, so a layer that
owns a generator draws a new, reproducible sequence call after call.

Example:
    >>> gen = keras.random.SeedGenerator(1337)
    >>> a = keras.random.normal((2,), seed=gen)
    >>> b = keras.random.normal((2,), seed=gen)      # differs from a; the same pair on every run
"""

import random as python_random

import torch

from keraslike._src.keras import keras_version
from keraslike._src.keras.backend import naming
from keraslike._src.ops import variables
from keraslike._src.ops.variables import Variable


class SeedGenerator:
    """Generates a sequence of seeds for the random ops.

    Args:
        seed: int initial seed; None draws one from Python's `random` (so `keras.utils.set_random_seed`
            makes it reproducible).
        name: optional name (default `seed_generator`, uniquified).

    Raises:
        ValueError: if `seed` is not an int or unknown keyword arguments are given.
    """

    def __init__(self, seed=None, name=None, **kwargs):
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments: {kwargs}")
        self.name = name or naming.uniquify("seed_generator")
        self._initial_seed = seed
        if seed is None:
            seed = python_random.randint(1, int(1e9))
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"Argument `seed` must be an integer. Received: seed={seed}")
        self.state = Variable(torch.tensor([seed, 0], dtype=torch.int64), trainable=False,
                              name="seed_generator_state")
        variables.report_dtype_name(self.state, not keras_version.legacy_keras())  # Keras 3: "int64"

    def next(self, ordered=True):
        """The current `[seed, counter]` state (a new tensor); advances the state afterwards.

        `ordered=False` scrambles the state instead of counting (Keras's global generator).
        """
        value = torch.Tensor.clone(self.state).detach()
        with torch.no_grad():
            if ordered:
                self.state.assign(value + torch.tensor([0, 1], dtype=value.dtype))
            else:
                self.state.assign((value + 1) * 5387 % 933199)
        return value

    def get_config(self):
        return {"seed": self._initial_seed, "name": self.name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)
