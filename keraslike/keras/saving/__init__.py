"""`tf.keras.saving`."""

from keraslike._src.keras.saving.object_registration import (  # noqa: F401
    CustomObjectScope, custom_object_scope, get_custom_objects, get_registered_name, get_registered_object,
    register_keras_serializable,
)
from keraslike._src.keras.saving.saving_lib import load_model, save_model  # noqa: F401
from keraslike._src.keras.saving.serialization_lib import (  # noqa: F401
    deserialize_keras_object, serialize_keras_object,
)
