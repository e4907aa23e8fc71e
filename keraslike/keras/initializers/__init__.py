"""`tf.keras.initializers`."""

from keraslike._src.keras.initializers import *  # noqa: F401,F403
from keraslike._src.keras.initializers import deserialize, get, serialize  # noqa: F401
from keraslike._src.keras.initializers import _NAMES

globals().update(_NAMES)  # Keras 3's snake-case aliases: keras.initializers.random_normal is RandomNormal, ...
STFTInitializer = _NAMES["stft"]  # Keras exports both names
IdentityInitializer = _NAMES["identity"]  # Keras 3's long aliases
OrthogonalInitializer = _NAMES["orthogonal"]
