"""`Pipeline` (keras/src/layers/preprocessing/pipeline.py): preprocessing layers applied in order.

Unlike `Sequential` it is a plain layer (usable in `dataset.map`) that forwards `training`
(default True, so augmentation applies in a map) and `mask` to the layers that take them.
"""

import inspect

from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.layers.rnn.wrapper_config import deserialize_layer, serialize_layer


class Pipeline(Layer):
    """Apply `layers` one after the other.

    Args:
        layers: list of layers.
        name: optional name.
    """

    def __init__(self, layers, name=None):
        super().__init__(name=name)
        self.pipeline_layers = list(layers)

    @property
    def layers(self):
        return list(self.pipeline_layers)

    def call(self, inputs, training=True, mask=None):
        x = inputs
        for layer in self.pipeline_layers:
            params = inspect.signature(layer.call).parameters
            kwargs = {}
            if "mask" in params and mask is not None:
                kwargs["mask"] = mask
            if "training" in params and training is not None:
                kwargs["training"] = training
            x = layer(x, **kwargs)
            mask = getattr(x, "_keras_mask", None)
        return x

    def compute_output_shape(self, input_shape):
        for layer in self.pipeline_layers:
            input_shape = layer.compute_output_shape(input_shape)
        return input_shape

    def get_config(self):
        return {"name": self.name, "layers": [serialize_layer(layer) for layer in self.pipeline_layers]}

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        config["layers"] = [deserialize_layer(c) for c in config["layers"]]
        return cls(**config)
