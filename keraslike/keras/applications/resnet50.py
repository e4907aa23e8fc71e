"""`tf.keras.applications.resnet50`."""

from keraslike._src.keras.applications.resnet import ResNet50, decode_predictions, preprocess_input  # noqa: F401
