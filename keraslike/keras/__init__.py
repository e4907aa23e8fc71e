"""`tf.keras`: the Keras API on torch."""

from keraslike.keras import (  # noqa: F401
    activations, backend, callbacks, constraints, datasets, initializers, layers, losses, metrics, models, optimizers,
    mixed_precision, ops, preprocessing, random, regularizers, saving, utils,
)
from keraslike._src.keras.layers.core.input_layer import Input  # noqa: F401
from keraslike._src.keras.models.model import Model  # noqa: F401
from keraslike._src.keras.models.sequential import Sequential  # noqa: F401
from keraslike.keras import applications  # noqa: F401,E402  (after layers: the builders use the public layers)
