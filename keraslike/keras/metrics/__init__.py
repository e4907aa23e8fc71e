"""`tf.keras.metrics`."""

from keraslike._src.keras.metrics import *  # noqa: F401,F403
from keraslike._src.keras.metrics import get  # noqa: F401
