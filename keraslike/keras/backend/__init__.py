"""`tf.keras.backend`."""

from keraslike._src.keras.backend import clear_session, floatx, set_floatx  # noqa: F401
