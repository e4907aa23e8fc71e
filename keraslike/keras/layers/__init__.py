"""`tf.keras.layers`."""

from keraslike._src.keras.layers.core.dense import Dense  # noqa: F401
from keraslike._src.keras.layers.core.input_layer import Input, InputLayer  # noqa: F401
from keraslike._src.keras.layers.core.simple import Activation, Dropout, Flatten  # noqa: F401
from keraslike._src.keras.layers.layer import Layer  # noqa: F401
