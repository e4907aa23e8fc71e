"""`tf.compat.v1.summary`: TF1's summary ops and FileWriter; every other name is `tf.summary`'s."""

import sys as _sys

from keraslike._src.graph.summary import (  # noqa: F401
    FileWriter, audio, histogram, image, merge, merge_all, scalar, tensor_summary, text,
)


def __getattr__(name):
    return getattr(_sys.modules["keraslike"].summary, name)
