"""`tf.keras.applications.inception_resnet_v2`."""

from keraslike._src.keras.applications.inception_resnet_v2 import (  # noqa: F401
    InceptionResNetV2, decode_predictions, preprocess_input,
)
