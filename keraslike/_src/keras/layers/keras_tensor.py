"""Symbolic tensors of the functional API: `keras.Input(...)` returns one.

A `KerasTensor` has a shape (batch dimension `None`) and a dtype, and remembers
the layer call (`Node`) that produced it, so `Model(inputs, outputs)` can
replay the graph on real tensors.
"""

import torch

from keraslike._src.keras import keras_version
from keraslike._src.nest.nest import TF_NEST
from keraslike._src.ops import dtypes
from keraslike._src.ops.tensor_shape import TensorShape


class Node:
    """One layer call in a functional graph: `layer(*args, **kwargs) -> outputs`."""

    def __init__(self, layer, args, kwargs, outputs):
        self.layer = layer
        self.args = args
        self.kwargs = kwargs
        self.outputs = outputs

    def parents(self):
        """KerasTensors this call consumed."""
        return [t for t in flatten((self.args, self.kwargs)) if isinstance(t, KerasTensor)]


class UnknownTypeSpec:
    """The type of a functional-API output that the example run could not find (a layer on a composite input of
    unknown rank, where TF traces a graph of unknown shapes): the model passes the value on as it comes."""

    shape = None
    dtype = None

    def __repr__(self):
        return "UnknownTypeSpec()"


class Keras2Shape(tuple, TensorShape):
    """Keras 2's `KerasTensor.shape`, a `tf.TensorShape` there (`model.inputs[0].shape.as_list()`): the tuple
    Keras 3 gives (indexing, equality, hashing, `+` and truth as a tuple), which is also a `tf.TensorShape`
    (`as_list`, `rank`, `dims`, `merge_with`, ..., and `isinstance`)."""

    def __bool__(self):
        return len(self) > 0


class KerasTensor:
    """Symbolic tensor: `shape` (tuple, `None` for unknown dims) and `dtype`.

    `dtype` is Keras 3's string (`"float32"`, a `dtypes.DTypeName` that equals `tf.float32` too), or, under
    TF_USE_LEGACY_KERAS=1, the tensor dtype (`tf.float32`), as tf_keras's KerasTensor reports. keraslike's own
    code reads the torch dtype (`dtypes.read_by_library`). Under `TF_USE_LEGACY_KERAS=1` `shape` is a
    `Keras2Shape` (a tuple with TensorShape's methods), as Keras 2's KerasTensor shape is a TensorShape; Keras 3's
    is a plain tuple.
    """

    @property
    def shape(self):
        shape = self._shape
        return Keras2Shape(shape) if keras_version.legacy_keras() else shape

    @shape.setter
    def shape(self, value):
        self._shape = value

    def __init__(self, shape, dtype=torch.float32, node=None, name=None, sparse=False, type_spec=None):
        self.shape = tuple(None if d is None else int(d) for d in shape)
        self.dtype = dtype
        self.node = node
        self.name = name
        self.sparse = sparse
        # Keras 2's composite inputs (`Input(type_spec=RaggedTensorSpec or an ExtensionType's Spec)`): the values
        # this tensor stands for are of that type, not dense tensors
        self.type_spec = type_spec

    @property
    def dtype(self):
        if keras_version.legacy_keras() or dtypes.read_by_library():  # keraslike's own code: the torch dtype
            return self._dtype
        return dtypes.keras_dtype(self._dtype)

    @dtype.setter
    def dtype(self, value):
        self._dtype = dtypes.as_dtype(value)

    @property
    def ndim(self):
        return len(self.shape)

    def __repr__(self):
        name = f", name={self.name}" if self.name else ""
        if self.type_spec is not None:
            return f"<KerasTensor type_spec={self.type_spec!r}{name}>"
        return (f"<KerasTensor shape={self.shape}, dtype={dtypes.dtype_name(self._dtype)}, sparse={self.sparse}, "
                f"ragged=False{name}>")

    def __len__(self):
        raise TypeError(
            "KerasTensor has no length: it is a symbolic placeholder of shape "
            f"{self.shape}. Received a call to len() on it."
        )

    def __bool__(self):
        raise TypeError("A symbolic KerasTensor cannot be used as a boolean (its value exists only when the model "
                        f"runs). Received: a KerasTensor of shape {self.shape} in a truth test")


# Python operators on KerasTensors record Keras 3's op nodes (`x / 255.0` is a `TrueDivide` node, `x[:, 0]` a
# `GetItem`), as keras/src/backend/common/keras_tensor.py does. `==` stays identity, as in Keras 3.
_OPERATORS = {
    "add": "Add", "sub": "Subtract", "mul": "Multiply", "matmul": "Matmul", "div": "Divide",
    "truediv": "TrueDivide", "pow": "Power", "floordiv": "FloorDivide", "mod": "Mod",
    "and": "LogicalAnd", "or": "LogicalOr", "xor": "LogicalXor",
}
_COMPARISONS = {"lt": "Less", "le": "LessEqual", "gt": "Greater", "ge": "GreaterEqual", "ne": "NotEqual"}
_UNARY = {"neg": "Negative", "abs": "Absolute", "invert": "LogicalNot"}
_operator_handler = None


def set_operator_handler(handler):
    """Install `handler(class_name, *args)`, which records one Keras op node (saving/op_nodes.py does)."""
    global _operator_handler
    _operator_handler = handler


def _record(class_name, *args):
    if _operator_handler is None:
        raise TypeError(f"Python operators on KerasTensors need keraslike.keras loaded. Received: {class_name}")
    return _operator_handler(class_name, *args)


def _binary(class_name, reflected):
    if reflected:
        return lambda self, other: _record(class_name, other, self)
    return lambda self, other: _record(class_name, self, other)


for _name, _class_name in _OPERATORS.items():
    setattr(KerasTensor, f"__{_name}__", _binary(_class_name, False))
    setattr(KerasTensor, f"__r{_name}__", _binary(_class_name, True))
for _name, _class_name in _COMPARISONS.items():
    setattr(KerasTensor, f"__{_name}__", _binary(_class_name, False))
for _name, _class_name in _UNARY.items():
    setattr(KerasTensor, f"__{_name}__", lambda self, _c=_class_name: _record(_c, self))
KerasTensor.__getitem__ = lambda self, key: _record("GetItem", self, key)
KerasTensor.__hash__ = object.__hash__  # `__ne__` is an op node; identity hashing stays, as in Keras 3


def flatten(structure):
    """Leaves of a nest of lists/tuples/dicts, in order (dicts by sorted key, as Keras): `tf.nest.flatten`."""
    return TF_NEST.flatten(structure)


def map_structure(fn, structure):
    """Apply `fn` to every leaf, keeping the nesting (container types and dict key order included)."""
    return TF_NEST.map(fn, structure)


def is_symbolic(structure):
    return any(isinstance(leaf, KerasTensor) for leaf in flatten(structure))
