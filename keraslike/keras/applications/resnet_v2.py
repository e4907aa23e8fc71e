"""`tf.keras.applications.resnet_v2`."""

from keraslike._src.keras.applications.resnet import ResNet50V2, ResNet101V2, ResNet152V2, decode_predictions  # noqa: F401
from keraslike._src.keras.applications.resnet import preprocess_input_v2 as preprocess_input  # noqa: F401
