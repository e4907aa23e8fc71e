"""`tf.compat.v1.random`: TF1's `poisson(lam, shape)` order; every other name is `tf.random`'s."""

import sys as _sys

from keraslike._src.compat.v1.v1_ops import random_poisson as poisson  # noqa: F401
from keraslike._src.compat.v1.v1_ops import set_random_seed  # noqa: F401


def __getattr__(name):
    return getattr(_sys.modules["keraslike"].random, name)
