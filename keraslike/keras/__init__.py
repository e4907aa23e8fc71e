"""`tf.keras`: the Keras API on torch."""

from keraslike.keras import (  # noqa: F401
    activations, backend, callbacks, config, constraints, datasets, distribution, experimental, export, initializers,
    layers, legacy,
    losses, metrics, models, optimizers, mixed_precision, ops, preprocessing, random, regularizers, saving, tree, utils,
)
from keraslike._src.keras.layers.core.input_layer import Input  # noqa: F401
from keraslike._src.keras.models.model import Model  # noqa: F401
from keraslike._src.keras.models.sequential import Sequential  # noqa: F401
from keraslike.keras import applications  # noqa: F401,E402
# Keras 3's top-level names (`keras.Layer`, `keras.Variable`, ...).
from keraslike._src.keras.backend.variables import Variable  # noqa: F401,E402
from keraslike._src.keras.initializers import Initializer  # noqa: F401,E402
from keraslike._src.keras.layers.input_spec import InputSpec  # noqa: F401,E402
from keraslike._src.keras.layers.keras_tensor import KerasTensor  # noqa: F401,E402
from keraslike._src.keras.layers.layer import Layer  # noqa: F401,E402
from keraslike._src.keras.losses.loss import Loss  # noqa: F401,E402
from keraslike._src.keras.metrics.metric import Metric  # noqa: F401,E402
from keraslike._src.keras.mixed_precision import DTypePolicy  # noqa: F401,E402
from keraslike._src.keras.mixed_precision import DTypePolicy as FloatDTypePolicy  # noqa: F401,E402
from keraslike._src.keras.optimizers.optimizer import Optimizer  # noqa: F401,E402
from keraslike._src.keras.regularizers.regularizers import Regularizer  # noqa: F401,E402
from keraslike._src.keras.remat import remat  # noqa: F401,E402
from keraslike._src.ops.name_scope import name_scope  # noqa: F401,E402
from keraslike._src.placement.scope import device  # noqa: F401,E402

from keraslike._src.keras.keras_version import KERAS_VERSION as __version__  # noqa: F401,E402
from keraslike._src.keras.keras_version import version  # noqa: F401,E402
