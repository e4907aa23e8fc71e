"""`tf.keras.applications.xception`."""

from keraslike._src.keras.applications.xception import Xception, decode_predictions, preprocess_input  # noqa: F401
