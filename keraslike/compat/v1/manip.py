"""`tf.compat.v1.manip`: TF1's namespace for array manipulation ops (the same functions as `tf.*`)."""

import sys as _sys

from keraslike._src.compat.v1.v1_only_ops import batch_to_space_nd  # noqa: F401

_NAMES = ("gather_nd", "reshape", "reverse", "roll", "scatter_nd", "space_to_batch_nd", "tile")


def __getattr__(name):
    if name in _NAMES:
        return getattr(_sys.modules["keraslike"], name)
    raise AttributeError(f"module 'keraslike.compat.v1.manip' has no attribute {name!r}. Expected one of "
                         f"{sorted(_NAMES + ('batch_to_space_nd',))}. Received: name={name!r}")
