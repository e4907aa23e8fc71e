"""`tf.keras.optimizers.legacy`: TF 2.11+ kept the old optimizers here; same update rules.

The legacy classes accepted `lr=` and `decay=`; the base optimizer takes `lr` as
`learning_rate` and ignores `decay` (use a schedule).
"""

from keraslike._src.keras.optimizers import (  # noqa: F401
    SGD, Adadelta, Adagrad, Adam, Adamax, Ftrl, Nadam, Optimizer, RMSprop,
)
