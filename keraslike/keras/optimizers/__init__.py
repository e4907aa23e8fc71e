"""`tf.keras.optimizers` (and `optimizers.legacy`, the same classes)."""

from keraslike._src.keras.optimizers import SGD, Adagrad, Adam, AdamW, Optimizer, RMSprop, get  # noqa: F401
from keraslike.keras.optimizers import legacy  # noqa: F401
