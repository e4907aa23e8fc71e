"""`keras.__version__` / `keras.version()`: the Keras that TF 2.21's tf.keras is (keraslike follows its API)."""

KERAS_VERSION = "3.15.1"


def version():
    """`keras.version()`: the Keras version keraslike's `tf.keras` follows, e.g. `"3.15.1"`."""
    return KERAS_VERSION
