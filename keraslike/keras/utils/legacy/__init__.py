"""`tf.keras.utils.legacy`: the TF 2 (Keras 2) `{"class_name", "config"}` serialization functions."""

from keraslike._src.keras.saving.legacy_serialization import (  # noqa: F401
    deserialize_keras_object, serialize_keras_object,
)
