"""`tf.keras.applications.resnet`."""

from keraslike._src.keras.applications.resnet import (  # noqa: F401
    ResNet50, ResNet101, ResNet152, decode_predictions, preprocess_input,
)
