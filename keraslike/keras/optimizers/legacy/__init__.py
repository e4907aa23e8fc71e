"""`tf.keras.optimizers.legacy`: the TF 2 optimizers, with their `decay` argument applied."""

from keraslike._src.keras.optimizers.legacy import (  # noqa: F401
    SGD, Adadelta, Adagrad, Adam, Adamax, Ftrl, Nadam, Optimizer, RMSprop,
)
