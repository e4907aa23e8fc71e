"""`tf.experimental`: `Optional`, `numpy`, `dtensor` (the rest of TF's experimental namespace is not provided)."""

from keraslike._src.data.optional import Optional
from keraslike.experimental import dtensor, numpy
