"""Serialize the layer inside a wrapper (Bidirectional, TimeDistributed, RNN cells) as Keras writes any layer.

Classes are resolved by name in `custom_objects`, the `register_keras_serializable` registry, then keraslike's
built-in layers (each joins `object_registration`'s table when defined); nothing is unpickled.
"""

from keraslike._src.keras.saving import object_registration, serialization_lib


def serialize_layer(layer):
    """`{"module", "class_name", "config", "registered_name"}` (and `build_config` once built), as Keras 3 and
    tf_keras both write a wrapped layer."""
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
