"""`keras.Input` / `keras.layers.InputLayer`: the entry points of a functional graph."""

from keraslike._src.keras import keras_version
from keraslike._src.keras.backend import naming
from keraslike._src.keras.layers.keras_tensor import KerasTensor, Node
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.ops import dtypes
from keraslike._src.ops.tensor_spec import TensorSpec
from keraslike._src.sparse.sparse_tensor import SparseTensorSpec

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
                 batch_shape=None, batch_input_shape=None, sparse=None, type_spec=None, **kwargs):
        if type_spec is not None:
            self._init_from_type_spec(type_spec, name, kwargs, shape=shape if shape is not None else input_shape,
                                      batch_size=batch_size, dtype=dtype, sparse=sparse,
                                      batch_shape=batch_shape if batch_shape is not None else batch_input_shape)
            return
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

    def _init_from_type_spec(self, type_spec, name, kwargs, **others):
        """Keras 2's `InputLayer(type_spec=...)`: a TensorSpec or SparseTensorSpec is its shape (batch dimension
        included) and dtype; a RaggedTensorSpec or an ExtensionType's Spec makes a KerasTensor of that type,
        whose layers receive the values as they are."""
        if not keras_version.legacy_keras():
            raise TypeError("InputLayer() got an unexpected keyword argument 'type_spec' (Keras 3 has none; "
                            "Keras 2 under TF_USE_LEGACY_KERAS=1 takes it). Received: type_spec=" + repr(type_spec))
        for arg_name, value in [("(input_)shape", others["shape"]), ("batch_size", others["batch_size"]),
                                ("dtype", others["dtype"]), ("sparse", others["sparse"]),
                                ("batch_shape", others["batch_shape"]), ("ragged", kwargs.pop("ragged", None))]:
            if value is not None:
                raise ValueError(f"When `type_spec` is not None, all other args except `name` must be None, but "
                                 f"{arg_name} is not None. Received: {arg_name}={value!r}")
        if kwargs.pop("optional", False):
            raise ValueError("When `type_spec` is not None, `optional` must be False. Received: optional=True")
        shape = getattr(type_spec, "shape", None)
        rank = getattr(shape, "rank", None) if shape is not None else None
        dims = tuple(shape.as_list()) if rank is not None else ()
        try:
            dtype = dtypes.as_dtype(getattr(type_spec, "dtype", None) or "float32")
        except TypeError:
            dtype = dtypes.as_dtype("float32")
        dense = type(type_spec) is TensorSpec or isinstance(type_spec, SparseTensorSpec)
        if dense and rank is None:
            raise ValueError(f"Expected a type_spec of known rank for a dense Input. Received: type_spec={type_spec!r}")
        super().__init__(name=name, dtype=dtype, **kwargs)
        self._batch_input_shape = dims
        self.built = True
        self.sparse = isinstance(type_spec, SparseTensorSpec)
        self._type_spec = None if dense else type_spec
        self.output = KerasTensor(dims, dtype, name=self.name, sparse=self.sparse, type_spec=self._type_spec)
        self.output.node = Node(self, (), {}, self.output)

    @property
    def type_spec(self):
        """The composite type this input takes (Keras 2's `Input(type_spec=...)`), or None for dense inputs."""
        return self.__dict__.get("_type_spec")

    @property
    def batch_shape(self):
        return self._batch_input_shape

    def call(self, inputs):
        return inputs

    def _default_name(self):
        """Keras 3: `input_layer`, `input_layer_1`, ...; Keras 2 (`TF_USE_LEGACY_KERAS=1`): `input_1`, `input_2`."""
        if keras_version.legacy_keras() and type(self) is InputLayer:
            return f"input_{naming.get_uid('input')}"
        return super()._default_name()

    def get_config(self):
        """Keras 3: `{"batch_shape", "dtype", "sparse", "ragged", "name", "optional"}`; tf_keras names the shape
        `batch_input_shape`."""
        shape_key = "batch_input_shape" if keras_version.legacy_keras() else "batch_shape"
        ragged = type(self.type_spec).__name__ == "RaggedTensorSpec"
        return {shape_key: self._batch_input_shape, "dtype": self.dtype, "sparse": self.sparse, "ragged": ragged,
                "name": self.name, "optional": False}

def Input(shape=None, batch_size=None, dtype=None, sparse=None, ragged=None, batch_shape=None, name=None,
          tensor=None, optional=False, type_spec=None):
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
        type_spec: Keras 2 only (`TF_USE_LEGACY_KERAS=1`; Keras 3 has no such argument): a `tf.TensorSpec` or
            `tf.SparseTensorSpec` (its shape includes the batch dimension), a `tf.RaggedTensorSpec` or an
            ExtensionType's `Spec`; the model's layers then receive such values. Other arguments but `name`
            must be None.

    Raises:
        ValueError: when neither `shape` nor `batch_shape` is given, or a dimension is negative or not
            an integer or None.
        NotImplementedError: for `ragged=True`, `optional=True` or a `tensor`.
    """
    if type_spec is not None:
        if not keras_version.legacy_keras():
            raise TypeError("Input() got an unexpected keyword argument 'type_spec' (Keras 3 has none; Keras 2 "
                            "under TF_USE_LEGACY_KERAS=1 takes it). Received: type_spec=" + repr(type_spec))
        if shape is not None and batch_shape is not None:
            raise ValueError("Only provide the `shape` OR `batch_input_shape` argument to Input, not both at the "
                             f"same time. Received: shape={shape}, batch_shape={batch_shape}")
        if name is None and getattr(type_spec, "name", None):
            name = type_spec.name
        if tensor is not None:
            raise ValueError("When `type_spec` is not None, all other args except `name` must be None, but "
                             f"input_tensor is not None. Received: tensor={tensor!r}")
        layer = InputLayer(shape=shape, batch_size=batch_size, dtype=dtype, name=name, batch_shape=batch_shape,
                           sparse=sparse, type_spec=type_spec, ragged=ragged, optional=optional)
        return layer.output
    if ragged or optional or tensor is not None:
        raise NotImplementedError(
            "keraslike's Input takes dense or sparse tensors only (no ragged or optional inputs, no wrapped "
            f"tensor). Received: ragged={ragged}, optional={optional}, tensor={tensor!r}")
    layer = InputLayer(shape=shape, batch_size=batch_size, dtype=dtype, name=name, batch_shape=batch_shape,
                       sparse=sparse)
    return layer.output

def is_input_tensor(value):
    return isinstance(value, KerasTensor) and isinstance(value.node.layer, InputLayer) if value.node else False

