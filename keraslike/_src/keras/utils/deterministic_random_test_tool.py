"""`tf.compat.v1.keras.utils.DeterministicRandomTestTool`: the same random numbers for two versions of a model.

Migration tests build a TF1-style model and its TF2 rewrite and compare them; their random initializers
and dropout must then draw the same numbers. Inside `tool.scope()` the global seed is `seed` and every random
op (the `tf.random.*` ops and Keras initializers, dropout and noise) is seeded by the pair
`(seed, operation_seed)` instead of its own seed:

- mode "constant": every op gets the same `operation_seed` (0 unless set), so equal shapes get equal numbers;
- mode "num_random_ops": `operation_seed` counts the random ops, so the n-th op of either model gets the same
  numbers; reusing a seed (after setting `operation_seed` back) raises.

    random_tool = tf.compat.v1.keras.utils.DeterministicRandomTestTool(mode="num_random_ops")
    with random_tool.scope():
        model_tf2 = SimpleModel(params)

keraslike's numbers for a pair are its own (torch generators), not TF's Philox streams: the tool makes two
keraslike models agree with each other, as TF's makes two TF models agree.
"""

import contextlib

from keraslike._src.ops import random as tf_random
from keraslike._src.ops import seed_override


class DeterministicRandomTestTool:
    """Args:
        seed: the global seed inside `scope()` (default 42).
        mode: "constant" (default) or "num_random_ops" (see the module docstring).

    Raises:
        ValueError: an unknown mode; (in "num_random_ops") an operation seed used twice.
    """

    def __init__(self, seed=42, mode="constant"):
        if mode not in ("constant", "num_random_ops"):
            raise ValueError(f"Mode arg must be 'constant' or 'num_random_ops'. Got: {mode}")
        self._mode = mode
        self._seed = int(seed)
        self.operation_seed = 0
        self._observed_seeds = set()

    @property
    def operation_seed(self):
        """The operation seed the next random op gets (settable)."""
        return self._operation_seed

    @operation_seed.setter
    def operation_seed(self, value):
        self._operation_seed = int(value)

    def _next_pair(self):
        op_seed = self._operation_seed
        if self._mode == "constant":
            tf_random.set_seed(op_seed)
        else:
            if op_seed in self._observed_seeds:
                raise ValueError(f"This `DeterministicRandomTestTool` object is trying to re-use the already-used "
                                 f"operation seed {op_seed}. It cannot guarantee random numbers will match when an "
                                 "operation seed is reused: `operation_seed` was most likely set to a value that "
                                 "made the incrementing operation seed sequences overlap. "
                                 f"Received: operation_seed={op_seed}")
            self._observed_seeds.add(op_seed)
            self._operation_seed += 1
        return self._seed, op_seed

    @contextlib.contextmanager
    def scope(self):
        """Set the global seed to `seed` and seed every random op from this tool while inside."""
        tf_random.set_seed(self._seed)
        previous = seed_override.install(self._next_pair)
        try:
            yield self
        finally:
            seed_override.restore(previous)
