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
        # Whether TF's draws from this generator repeat from run to run: a seed, or a seed drawn from Python's
        # `random` after `keras.utils.set_random_seed`. If not, keraslike may draw a dropout mask faster (torch's
        # generator) since no run can reproduce TF's values anyway.
        self.reproducible = seed is not None or _GLOBAL["seeded"]
        if seed is None:
            seed = make_default_seed()
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


# generator: Keras 3's global SeedGenerator; legacy: the `random.Random(seed)` tf_keras's `set_random_seed` makes
# for the seeds of unseeded initializers (tf_keras's `backend._SEED_GENERATOR`)
_GLOBAL = {"generator": None, "legacy": None, "seeded": False}


def make_default_seed():
    """A seed for an unseeded generator or initializer: Python's `random.randint(1, 10**9)`, as Keras draws it (so
    `keras.utils.set_random_seed` fixes it, and the draws happen in Keras's order)."""
    return python_random.randint(1, int(1e9))


def global_seed_generator():
    """Keras's global generator, behind every `keras.random` call without a seed; made on first use."""
    if _GLOBAL["generator"] is None:
        _GLOBAL["generator"] = SeedGenerator()
    return _GLOBAL["generator"]


def reset_global_seed_generator(seed):
    """`keras.utils.set_random_seed(seed)`'s part: drop Keras 3's global generator (the next unseeded draw makes a
    new one from Python's `random`) and give tf_keras's unseeded initializers a `random.Random(seed)`."""
    _GLOBAL["generator"] = None
    _GLOBAL["legacy"] = python_random.Random(seed)
    _GLOBAL["seeded"] = True


def legacy_default_seed():
    """The seed of an unseeded tf_keras initializer, drawn when it first draws: from the generator
    `set_random_seed` made, else from Python's `random`."""
    source = _GLOBAL["legacy"] or python_random
    return source.randint(1, int(1e9))


def generator_states(generators):
    """`[seed, counter]` of each generator (None stays None), for a training backup; with Keras's global one."""
    glob = _GLOBAL["generator"]
    return {"layers": [_state_of(g) for g in generators], "global": _state_of(glob)}


def _state_of(generator):
    return None if generator is None else [int(v) for v in generator.state.detach().reshape(-1).tolist()]


def restore_generator_states(generators, states):
    """Put back `generator_states(generators)` on the same generators (those of the same model, in order)."""
    saved = states.get("layers", [])
    if len(saved) == len(generators):
        for generator, state in zip(generators, saved):
            if generator is not None and state is not None:
                generator.state.assign(torch.tensor(state, dtype=torch.int64))
    if states.get("global") is not None:
        global_seed_generator().state.assign(torch.tensor(states["global"], dtype=torch.int64))
