"""`tf.keras.applications.mobilenet_v3`."""

from keraslike._src.keras.applications.mobilenet_v3 import decode_predictions, preprocess_input  # noqa: F401  (Keras exports the builders at the top only)
