"""`tf.keras.optimizers` (and `optimizers.legacy`, which applies TF 2's `decay`; `optimizers.schedules`)."""

from keraslike._src.keras.optimizers import (  # noqa: F401
    SGD, Adadelta, Adagrad, Adam, Adamax, AdamW, Ftrl, Lion, Nadam, Optimizer, RMSprop, deserialize, get,
    serialize,
)
from keraslike.keras.optimizers import legacy, schedules  # noqa: F401
