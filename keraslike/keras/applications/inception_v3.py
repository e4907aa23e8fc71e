"""`tf.keras.applications.inception_v3`."""

from keraslike._src.keras.applications.inception_v3 import InceptionV3, decode_predictions, preprocess_input  # noqa: F401,E501
