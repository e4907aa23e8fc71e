"""`tf.keras.activations`."""

from keraslike._src.keras.activations import *  # noqa: F401,F403
from keraslike._src.keras.activations import deserialize, get, serialize  # noqa: F401
