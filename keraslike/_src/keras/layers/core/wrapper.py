"""`Wrapper` (keras/src/layers/core/wrapper.py): the base of layers that wrap another layer."""

from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.saving import serialization_lib


class Wrapper(Layer):
    """Hold `layer` as `self.layer`; building builds it; the config nests its Keras 3 description.

    Subclass it and implement `call` (e.g. `return self.layer(inputs) * 2`).

    Raises:
        ValueError: if `layer` is not a Layer.
    """

    def __init__(self, layer, **kwargs):
        if not isinstance(layer, Layer):
            raise ValueError(f"Layer {layer} supplied to Wrapper isn't a supported layer type. Please ensure "
                             f"wrapped layer is a valid Keras layer.")
        super().__init__(**kwargs)
        self.layer = layer

    def build(self, input_shape=None):
        if not self.layer.built:
            self.layer.build(input_shape)
            self.layer.built = True
        self.built = True

    def call(self, inputs, *args, **kwargs):
        return self.layer(inputs, *args, **kwargs)

    def compute_output_shape(self, input_shape):
        return self.layer.compute_output_shape(input_shape)

    def get_config(self):
        return {**super().get_config(), "layer": serialization_lib.serialize_layer(self.layer)}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        config["layer"] = serialization_lib.deserialize_layer(config["layer"], custom_objects)
        return cls(**config)


def serialize(layer):
    """`keras.layers.serialize(layer)`: the layer's Keras 3 description (`module`, `class_name`, `config`)."""
    return serialization_lib.serialize_layer(layer)


def deserialize(config, custom_objects=None):
    """`keras.layers.deserialize(config, custom_objects=None)`: a layer rebuilt from `serialize`'s dict."""
    return serialization_lib.deserialize_layer(config, custom_objects)
