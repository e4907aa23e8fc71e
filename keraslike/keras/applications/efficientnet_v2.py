"""`tf.keras.applications.efficientnet_v2`."""

from keraslike._src.keras.applications.efficientnet_v2 import (  # noqa: F401
    EfficientNetV2B0, EfficientNetV2B1, EfficientNetV2B2, EfficientNetV2B3, EfficientNetV2L, EfficientNetV2M,
    EfficientNetV2S, decode_predictions, preprocess_input,
)
