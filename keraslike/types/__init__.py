"""`tf.types`: abstract types of TF's objects."""

from keraslike.types import experimental  # noqa: F401
