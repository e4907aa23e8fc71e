"""`TimeDistributed` (keras/src/layers/rnn/time_distributed.py).

Applies a layer to every timestep by folding time into the batch:
`(batch, timesteps, ...) -> (batch * timesteps, ...) -> layer -> (batch, timesteps, ...)`.
"""

from keraslike._src.keras.layers.keras_tensor import map_structure
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.layers.rnn.wrapper_config import deserialize_layer, serialize_layer


class TimeDistributed(Layer):
    """Apply `layer` to every temporal slice of an input.

    Args:
        layer: a Layer instance (its weights are shared by all timesteps).

    Input shape: `(batch, timesteps, ...)`. Output shape: `(batch, timesteps, *layer_output[1:])`.

    Raises:
        ValueError: if `layer` is not a Layer or the input has fewer than 3 dimensions.
    """

    def __init__(self, layer, **kwargs):
        super().__init__(**kwargs)
        layer = deserialize_layer(layer)
        if not isinstance(layer, Layer):
            raise ValueError(f"Please initialize `TimeDistributed` layer with a `keras.layers.Layer` instance. "
                             f"Received: layer={layer!r}")
        self.layer = layer

    def build(self, input_shape):
        if len(input_shape) < 3:
            raise ValueError(f"`TimeDistributed` Layer should be passed an `input_shape` with at least 3 dimensions. "
                             f"Received: input_shape={input_shape}")
        if not self.layer.built:
            self.layer.build((None, *input_shape[2:]))
            self.layer.built = True
        self.built = True

    def compute_output_shape(self, input_shape):
        """`(batch, timesteps, *layer_output[1:])`, or None where the wrapped layer does not declare its shape."""
        inner = self.layer.compute_output_shape((None, *tuple(input_shape)[2:]))
        if inner is None:
            return None
        return (input_shape[0], input_shape[1], *tuple(inner)[1:])

    def call(self, inputs, training=None, mask=None):
        n, t = inputs.shape[:2]
        flat = inputs.reshape(n * t, *inputs.shape[2:])
        if self.layer._call_takes_training:
            out = self.layer(flat, training=training)
        else:
            out = self.layer(flat)
        return map_structure(lambda y: y.reshape(n, t, *y.shape[1:]), out)

    def get_config(self):
        return {**super().get_config(), "layer": serialize_layer(self.layer)}
