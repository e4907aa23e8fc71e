"""`keras.Input` / `keras.layers.InputLayer`: the entry points of a functional graph."""

from keraslike._src.keras.layers.keras_tensor import KerasTensor, Node
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.ops import dtypes

def standardize_shape(shape):
    """`shape` as a tuple of non-negative ints and Nones (Keras 3's `standardize_shape`).

    Raises:
        ValueError: a negative dimension, or an entry that is not an integer or None.
    """
    try:
        dims = tuple(shape)
    except TypeError:
        raise ValueError(f"Cannot convert '{shape!r}' to a shape. Received: shape={shape!r}") from None
    out = []
    for dim in dims:
        if dim is None:
            out.append(None)
            continue
        if isinstance(dim, bool) or not hasattr(dim, "__index__"):
            raise ValueError(f"Cannot convert '{dims}' to a shape. Found invalid entry {dim!r}: dimensions can only "
                             f"be integers or None. Received: shape={dims}")
        if int(dim) < 0:
            raise ValueError(f"Cannot convert '{dims}' to a shape. Negative dimensions are not allowed. "
                             f"Received: shape={dims}")
        out.append(int(dim))
    return tuple(out)


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
        if kwargs.get("ragged") or kwargs.get("optional"):
            raise NotImplementedError("keraslike's InputLayer takes no ragged or optional inputs. Received: "
                                      f"kwargs={kwargs}")
        for key in ("ragged", "optional"):
            kwargs.pop(key, None)
        shape = shape if shape is not None else input_shape
        if batch_shape is None:
            batch_shape = batch_input_shape
        if batch_shape is None:
            if shape is None:
                raise ValueError("Expected `shape` or `batch_shape` for an Input. Received: shape=None")
            shape = (shape,) if isinstance(shape, int) else tuple(shape)
            batch_shape = (batch_size, *shape)
        super().__init__(name=name, dtype=dtype, **kwargs)
        self._batch_input_shape = standardize_shape(batch_shape)
        self.built = True
        self.sparse = bool(sparse)
        self.output = KerasTensor(self._batch_input_shape, dtypes.as_dtype(self.dtype), name=self.name,
                                  sparse=self.sparse)
        self.output.node = Node(self, (), {}, self.output)

    @property
    def batch_shape(self):
        return self._batch_input_shape

    def call(self, inputs):
        return inputs

    def get_config(self):
        config = {"name": self.name, "batch_shape": self._batch_input_shape, "dtype": self.dtype}
        if self.sparse:
            config["sparse"] = True
        return config

def Input(shape=None, batch_size=None, dtype=None, sparse=None, ragged=None, batch_shape=None, name=None,
          tensor=None, optional=False):
    """`keras.Input(shape=(64,))`: a symbolic `KerasTensor` of shape `(None, 64)`.

    Args:
        shape: tuple of ints/None, without the batch dimension.
        batch_size: optional int.
        dtype: default "float32".
        name: optional str.
        batch_shape: full shape including the batch dimension (alternative to `shape`).
        sparse: True for a `tf.sparse.SparseTensor` input (the model, `fit`, `evaluate` and `predict` take
            one; keraslike hands the layers its dense form, so they compute what Keras's sparse kernels do).
        ragged, optional: only the defaults (False/None): keraslike has no ragged or optional model inputs.
        tensor: only None (wrapping an existing tensor is not supported).

    Raises:
        ValueError: when neither `shape` nor `batch_shape` is given, or a dimension is negative or not
            an integer or None.
        NotImplementedError: for `ragged=True`, `optional=True` or a `tensor`.
    """
    if ragged or optional or tensor is not None:
        raise NotImplementedError(
            "keraslike's Input takes dense or sparse tensors only (no ragged or optional inputs, no wrapped "
            f"tensor). Received: ragged={ragged}, optional={optional}, tensor={tensor!r}")
    layer = InputLayer(shape=shape, batch_size=batch_size, dtype=dtype, name=name, batch_shape=batch_shape,
                       sparse=sparse)
    return layer.output

def is_input_tensor(value):
    return isinstance(value, KerasTensor) and isinstance(value.node.layer, InputLayer) if value.node else False

