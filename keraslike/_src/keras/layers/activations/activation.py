"""`Activation`: apply an activation function given by name or callable (keras/src/layers/activations/activation.py)."""

from keraslike._src.keras import activations
from keraslike._src.keras.layers.layer import Layer


class Activation(Layer):
    """Apply an activation: `keras.layers.Activation("relu")`. Output shape = input shape."""

    supports_masking = True

    def __init__(self, activation, **kwargs):
        super().__init__(**kwargs)
        self.activation = activations.get(activation)

    def call(self, inputs):
        return self.activation(inputs)

    def get_config(self):
        return {**super().get_config(), "activation": activations.serialize(self.activation)}
