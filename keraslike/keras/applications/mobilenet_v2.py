"""`tf.keras.applications.mobilenet_v2`."""

from keraslike._src.keras.applications.mobilenet_v2 import MobileNetV2, decode_predictions, preprocess_input  # noqa: F401
