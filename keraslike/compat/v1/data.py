"""`tf.compat.v1.data`: TF1's iterator functions; every other name is `tf.data`'s."""

import sys as _sys

from keraslike._src.graph.iterators import Iterator, make_initializable_iterator, make_one_shot_iterator  # noqa: F401


def __getattr__(name):
    return getattr(_sys.modules["keraslike"].data, name)
