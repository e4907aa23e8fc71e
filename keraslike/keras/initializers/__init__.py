"""`tf.keras.initializers`."""

from keraslike._src.keras.initializers import *  # noqa: F401,F403
from keraslike._src.keras.initializers import get, serialize  # noqa: F401
