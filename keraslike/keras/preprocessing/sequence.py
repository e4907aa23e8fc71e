"""`tf.keras.preprocessing.sequence`."""

from keraslike._src.keras.utils.sequence_utils import pad_sequences  # noqa: F401
