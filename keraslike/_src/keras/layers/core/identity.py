"""`Identity` (keras/src/layers/core/identity.py): returns its input unchanged (masks pass through)."""

from keraslike._src.keras.layers.layer import Layer


class Identity(Layer):
    """A placeholder layer that returns its inputs (any structure) unchanged."""

    supports_masking = True

    def call(self, inputs):
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape
