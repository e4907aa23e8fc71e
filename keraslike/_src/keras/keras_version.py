"""`keras.__version__` / `keras.version()`: the Keras that TF 2.21's tf.keras is (keraslike follows its API)."""

import os

KERAS_VERSION = "3.15.1"


def version():
    """`keras.version()`: the Keras version keraslike's `tf.keras` follows, e.g. `"3.15.1"`."""
    return KERAS_VERSION


def legacy_keras():
    """Whether Keras 2 behaviour is selected (`TF_USE_LEGACY_KERAS=1`, as TF 2.16+ reads it), read at each call.

    TF reads the variable once, when `tf.keras` is first imported; keraslike reads it where the two Kerases
    differ (README lists each difference), so set it before the script imports keraslike.
    """
    return os.environ.get("TF_USE_LEGACY_KERAS", "").strip().lower() in ("1", "true", "yes")
