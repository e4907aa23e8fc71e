"""`tf.keras.applications.densenet`."""

from keraslike._src.keras.applications.densenet import (  # noqa: F401
    DenseNet121, DenseNet169, DenseNet201, decode_predictions, preprocess_input,
)
