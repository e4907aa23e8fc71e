"""`tf.keras.legacy`: Keras 2 leftovers (`tf.keras.legacy.saving`)."""

from keraslike.keras.legacy import saving  # noqa: F401
