"""Serialize the layer inside a wrapper (Bidirectional, TimeDistributed) as `{"class_name", "config"}`.

Classes are resolved by name in `keras.layers` (then `custom_objects`); nothing is unpickled.
"""


def serialize_layer(layer):
    return {"class_name": type(layer).__name__, "config": layer.get_config()}


def deserialize_layer(config, custom_objects=None):
    """`{"class_name": "LSTM", "config": {...}}` -> a new layer (a Layer instance passes through).

    Raises:
        ValueError: if the class name is unknown.
    """
    if not isinstance(config, dict):
        return config
    from keraslike.keras import layers as public_layers

    name = config["class_name"]
    cls = (custom_objects or {}).get(name) or getattr(public_layers, name, None)
    if cls is None:
        raise ValueError(f"Unknown layer class. Pass it in `custom_objects`. Received: class_name={name!r}")
    return cls.from_config(dict(config["config"]))
