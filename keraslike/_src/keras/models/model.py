"""`keras.Model`: a layer that trains (`compile`/`fit`/`evaluate`/`predict`).

Mirrors `keras/src/models/model.py`: `Model(inputs, outputs)` builds a
functional model; subclassing `Model` and defining `call` gives a subclassed
model. The model remembers the distribution strategy active when it was
created (`strategy.scope()`), as tf.keras does.
"""

from keraslike._src.distribute import context
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.trainers.trainer import Trainer


class Model(Trainer, Layer):
    """Group layers into an object with training and inference features.

    `Model(inputs, outputs, name=None)` -> functional model; a subclass with
    `call(self, inputs, training=None)` -> subclassed model.
    """

    def __new__(cls, *args, **kwargs):
        if cls is Model and (args or "inputs" in kwargs):
            from keraslike._src.keras.models.functional import Functional

            return super().__new__(Functional)
        return super().__new__(cls)

    def __init__(self, *args, **kwargs):
        Layer.__init__(self, **kwargs)
        Trainer.__init__(self)
        self._distribute_strategy = context.get_strategy()

    @property
    def distribute_strategy(self):
        return self._distribute_strategy

    @property
    def layers(self):
        return [m for m in self._sublayers()]

    def get_layer(self, name=None, index=None):
        """Layer by `name` or `index`.

        Raises:
            ValueError: if no layer matches (lists the names).
        """
        layers = self.layers
        if index is not None:
            if not -len(layers) <= index < len(layers):
                raise ValueError(f"Expected index < {len(layers)}. Received: index={index}")
            return layers[index]
        for layer in layers:
            if layer.name == name:
                return layer
        raise ValueError(
            f"No such layer: {name}. Existing layers are: {[layer.name for layer in layers]}. Received: name={name!r}"
        )

    def summary(self, line_length=None, positions=None, print_fn=None, **kwargs):
        """Print the tf.keras summary table (layer, output shape, params, totals)."""
        from keraslike._src.keras.utils.summary import print_summary

        print_summary(self, line_length=line_length, print_fn=print_fn)

    def build(self, input_shape=None):
        """Create the weights by calling the model on zeros of `input_shape` (batch dim may be None)."""
        if input_shape is not None and not self.built:
            import torch

            from keraslike._src.keras import backend

            self.built = True
            shape = tuple(1 if d is None else d for d in input_shape)
            with torch.no_grad():
                self(torch.zeros(shape, device=backend.current_device()))
        self.built = True

    def _build_for(self, inputs):
        # A subclassed model builds by running `call`: its layers build themselves on first use.
        self.built = True
