"""`tf.io`."""

from keraslike.io import gfile  # noqa: F401
