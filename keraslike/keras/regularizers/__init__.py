"""`tf.keras.regularizers`."""

from keraslike._src.keras.regularizers import *  # noqa: F401,F403
from keraslike._src.keras.regularizers import deserialize, get, serialize  # noqa: F401
