"""`tf.keras.applications.convnext`."""

from keraslike._src.keras.applications.convnext import (  # noqa: F401
    ConvNeXtBase, ConvNeXtLarge, ConvNeXtSmall, ConvNeXtTiny, ConvNeXtXLarge, decode_predictions, preprocess_input,
)
