"""`tf.keras.applications.vgg19`."""

from keraslike._src.keras.applications.vgg import VGG19, decode_predictions, preprocess_input  # noqa: F401
