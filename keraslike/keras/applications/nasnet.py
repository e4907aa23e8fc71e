"""`tf.keras.applications.nasnet`."""

from keraslike._src.keras.applications.nasnet import (  # noqa: F401
    NASNetLarge, NASNetMobile, decode_predictions, preprocess_input,
)
