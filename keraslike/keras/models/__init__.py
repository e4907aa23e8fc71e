"""`tf.keras.models`."""

from keraslike._src.keras.models.model import Model  # noqa: F401
from keraslike._src.keras.models.sequential import Sequential  # noqa: F401
