"""`tf.compat.v1.sparse`: TF1's `placeholder` (a SparseTensor fed by `Session.run`); every other name is
`tf.sparse`'s."""

import sys as _sys

from keraslike._src.compat.v1.graph_names import sparse_placeholder as placeholder  # noqa: F401


def __getattr__(name):
    return getattr(_sys.modules["keraslike"].sparse, name)
