"""`tf.keras.losses`."""

from keraslike._src.keras.losses import *  # noqa: F401,F403
from keraslike._src.keras.losses import get  # noqa: F401
