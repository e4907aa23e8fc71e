"""`tf.compat.v1.app` (TF1's `tf.app`): `run` and `flags`."""

from keraslike._src.compat.v1.app import run  # noqa: F401
from keraslike.compat.v1 import flags  # noqa: F401
