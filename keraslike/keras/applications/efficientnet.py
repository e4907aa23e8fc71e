"""`tf.keras.applications.efficientnet`."""

from keraslike._src.keras.applications.efficientnet import (  # noqa: F401
    EfficientNetB0, EfficientNetB1, EfficientNetB2, EfficientNetB3, EfficientNetB4, EfficientNetB5, EfficientNetB6,
    EfficientNetB7, decode_predictions, preprocess_input,
)
