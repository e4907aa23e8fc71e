"""`tf.keras.applications.imagenet_utils`."""

from keraslike._src.keras.applications.imagenet_utils import decode_predictions, preprocess_input  # noqa: F401
