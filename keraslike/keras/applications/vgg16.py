"""`tf.keras.applications.vgg16`."""

from keraslike._src.keras.applications.vgg import VGG16, decode_predictions, preprocess_input  # noqa: F401
