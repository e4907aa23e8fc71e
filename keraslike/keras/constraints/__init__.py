"""`tf.keras.constraints`."""

from keraslike._src.keras.constraints import *  # noqa: F401,F403
from keraslike._src.keras.constraints import deserialize, get, serialize  # noqa: F401
