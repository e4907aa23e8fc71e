"""`keras.Input` / `keras.layers.InputLayer`: the entry points of a functional graph."""

from keraslike._src.keras.layers.keras_tensor import KerasTensor, Node
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.ops import dtypes

class InputLayer(Layer):
    """Holds the input shape; calling it returns its input unchanged.

    Args:
        shape / input_shape: tuple without the batch dimension.
        batch_size: optional fixed batch size.
        dtype: default "float32".
        name: optional str.
    """

    def __init__(self, shape=None, batch_size=None, dtype=None, name=None, input_shape=None,
                 batch_shape=None, batch_input_shape=None, sparse=None, **kwargs):
        shape = shape if shape is not None else input_shape
        if batch_shape is None:
            batch_shape = batch_input_shape
        if batch_shape is None:
            if shape is None:
                raise ValueError("Expected `shape` or `batch_shape` for an Input. Received: shape=None")
            shape = (shape,) if isinstance(shape, int) else tuple(shape)
            batch_shape = (batch_size, *shape)
        super().__init__(name=name, dtype=dtype, **kwargs)
        self._batch_input_shape = tuple(batch_shape)
        self.built = True
        self.output = KerasTensor(self._batch_input_shape, dtypes.as_dtype(self.dtype), name=self.name)
        self.output.node = Node(self, (), {}, self.output)

    @property
    def batch_shape(self):
        return self._batch_input_shape

    def call(self, inputs):
        return inputs

    def get_config(self):
        return {"name": self.name, "batch_shape": self._batch_input_shape, "dtype": self.dtype}

def Input(shape=None, batch_size=None, dtype=None, name=None, batch_shape=None, sparse=None, tensor=None,
          **kwargs):
    """`keras.Input(shape=(64,))`: a symbolic `KerasTensor` of shape `(None, 64)`.

    Args:
        shape: tuple of ints/None, without the batch dimension.
        batch_size: optional int.
        dtype: default "float32".
        name: optional str.
        batch_shape: full shape including the batch dimension (alternative to `shape`).

    Raises:
        ValueError: when neither `shape` nor `batch_shape` is given.
    """
    layer = InputLayer(shape=shape, batch_size=batch_size, dtype=dtype, name=name, batch_shape=batch_shape)
    return layer.output

def is_input_tensor(value):
    return isinstance(value, KerasTensor) and isinstance(value.node.layer, InputLayer) if value.node else False

