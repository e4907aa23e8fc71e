"""`tf.keras.optimizers.legacy`: TF 2.11+ kept the old optimizers here; same update rules."""

from keraslike._src.keras.optimizers import SGD, Adagrad, Adam, Optimizer, RMSprop  # noqa: F401
