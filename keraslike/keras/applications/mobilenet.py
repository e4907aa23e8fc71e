"""`tf.keras.applications.mobilenet`."""

from keraslike._src.keras.applications.mobilenet import MobileNet, decode_predictions, preprocess_input  # noqa: F401
