"""`tf.experimental`: `Optional` (the rest of TF's experimental namespace is not provided)."""

from keraslike._src.data.optional import Optional
