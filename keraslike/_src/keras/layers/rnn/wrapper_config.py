"""Serialize the layer inside a wrapper (Bidirectional, TimeDistributed, RNN cells) as `{"class_name", "config"}`.

Classes are resolved by name in `custom_objects`, the `register_keras_serializable` registry, then keraslike's
built-in layers (each joins `object_registration`'s table when defined); nothing is unpickled.
"""

from keraslike._src.keras import keras_version
from keraslike._src.keras.saving import object_registration, serialization_lib


def serialize_layer(layer):
    """Keras 3: the full description (`module`, `registered_name`, `build_config`), without which Keras 3 cannot
    locate a built-in class by name in a `.keras` file; Keras 2 (`TF_USE_LEGACY_KERAS=1`): tf_keras's
    `{"class_name", "config"}`."""
    if keras_version.legacy_keras():
        return {"class_name": type(layer).__name__, "config": layer.get_config()}
    return serialization_lib.serialize_layer(layer)


def deserialize_layer(config, custom_objects=None):
    """`{"class_name": "LSTM", "config": {...}}` -> a new layer (a Layer instance passes through).

    Raises:
        ValueError: if the class name is unknown.
    """
    if not isinstance(config, dict):
        return config
    if "module" in config:  # written by Keras 3 (or keraslike's saving): its nested configs need reading too
        return serialization_lib.deserialize_layer(config, custom_objects)
    name = config["class_name"]
    cls = (object_registration.get_registered_object(name, custom_objects)
           or object_registration.builtin_objects("layers").get(name))
    if cls is None:
        raise ValueError(f"Unknown layer class. Pass it in `custom_objects`. Received: class_name={name!r}")
    return cls.from_config(dict(config["config"]))
