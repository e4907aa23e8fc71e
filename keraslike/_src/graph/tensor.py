"""Graph tensors and operations: `tf.Tensor` / `tf.Operation` of a TF1 graph.

Mirrors `tensorflow/python/framework/ops.py` (`Tensor`, `Operation`). A `SymbolicTensor` has a name
("MatMul:0"), a dtype and a static `TensorShape` (`None` where TF has `?`), and no value: `Session.run`
computes it. Python operators record the same ops TF's operator overloads do ("add", "mul", ...).
"""

import numpy as np
import torch

from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph import graph_def
from keraslike._src.graph.shape_v1 import TensorShapeV1
from keraslike._src.ops import dtypes
from keraslike._src.ops.tensor_shape import TensorShape


class GraphNotRecorded(NotImplementedError):
    """A `tf.function` body keraslike cannot record as TF's graph (`ConcreteFunction.graph`); names the feature."""


_AUTOGRAPH = ("Python control flow on a traced tensor ({what} `{name}`) is not recorded: TF's AutoGraph converts "
              "it to tf.cond / tf.while_loop ops, and keraslike's conversion leaves this statement as written (a "
              "loop with break/continue/return, an if returning in one branch only, a global name assigned, or "
              "a function without source)")


def _show_shape(shape):
    if shape.rank is None:
        return "<unknown>"
    unknown = "?" if graph_lib.v1_behavior() else "None"
    dims = [unknown if d is None else str(d) for d in shape.as_list()]
    return "(" + ", ".join(dims) + ("," if len(dims) == 1 else "") + ")"


def _dtype_name(dtype):
    return "string" if dtype is dtypes.string else str(dtype).replace("torch.", "")


class Operation:
    """A node of a TF1 graph (`tf.Operation`): name, type, inputs, outputs, device, control inputs.

    Subclasses define `compute(ctx, inputs)` returning the list of output values; `inputs` are the
    values of `self.inputs` in order.
    """

    stateful = False  # re-run on every Session.run even when inputs did not change

    def __init__(self, graph, name, op_type, inputs=(), control_inputs=(), device=None):
        self.graph = graph
        self.name = name
        self.type = op_type
        self.inputs = list(inputs)
        self.control_inputs = list(control_inputs)
        self.device = device or ""
        self.outputs = []
        graph._add_op(self)

    def _make_outputs(self, specs):
        """`specs`: list of (dtype, TensorShape)."""
        self.outputs = [SymbolicTensor(self, i, dtype, shape) for i, (dtype, shape) in enumerate(specs)]
        return self.outputs

    def compute(self, ctx, inputs):
        return [None] * len(self.outputs)

    def run(self, feed_dict=None, session=None):
        """`op.run()`: run this op in `session` or the default session."""
        _run_in_default(self, feed_dict, session)

    def values(self):
        return tuple(self.outputs)

    @property
    def node_def(self):
        """The op's `NodeDef` picture (name, op type, inputs, attributes; see `graph_def.py`)."""
        return graph_def.node_def(self, in_function=self.graph.building_function)

    def __repr__(self):
        return f"<tf.Operation '{self.name}' type={self.type}>"


class NoOp(Operation):
    """An op without outputs: `tf.no_op`, `tf.group`, initializers (their inputs are control inputs)."""

    def __init__(self, graph, name, control_inputs=(), op_type="NoOp"):
        super().__init__(graph, name, op_type, (), control_inputs)


class SymbolicTensor:
    """`tf.Tensor` of a TF1 graph: one output of an `Operation`.

    Attributes:
        op: the producing `Operation`; value_index: which output; dtype; shape (`TensorShape`); name.
    """

    __array_priority__ = 1000  # numpy operands defer to our reflected operators
    __array_ufunc__ = None

    def __init__(self, op, value_index, dtype, shape):
        self.op = op
        self.value_index = value_index
        self.dtype = dtype
        self._shape = TensorShape(shape)  # plain dims; `shape` shows them TF1-style under v1 behavior

    @property
    def name(self):
        return f"{self.op.name}:{self.value_index}"

    @property
    def graph(self):
        return self.op.graph

    @property
    def device(self):
        return self.op.device

    @property
    def shape(self):
        return TensorShapeV1(self._shape) if graph_lib.v1_behavior() else self._shape

    def get_shape(self):
        return self.shape

    def set_shape(self, shape):
        """Refine the static shape (TF's `set_shape`): must be compatible with the known one."""
        shape = TensorShape(shape)
        if not self._shape.is_compatible_with(shape):
            raise ValueError(f"Tensor's shape {_show_shape(self._shape)} is not compatible with supplied shape "
                             f"{_show_shape(shape)}. Received: shape={shape}")
        self._shape = self._shape.merge_with(shape)

    @property
    def ndim(self):
        return self._shape.rank

    def consumers(self):
        return [op for op in self.op.graph._ops if any(t is self for t in op.inputs)]

    def eval(self, feed_dict=None, session=None):
        """`t.eval()`: the value in `session` or the default session."""
        return _run_in_default(self, feed_dict, session)

    def __repr__(self):
        return f'Tensor("{self.name}", shape={_show_shape(self._shape)}, dtype={_dtype_name(self.dtype)})'

    def __hash__(self):
        return id(self)

    def __eq__(self, other):
        """In a function's graph, `t == 0` against a number or eager tensor is TF2's elementwise `Equal` op;
        otherwise (TF1 graphs, two graph tensors) identity, as TF1's `Tensor.__eq__`."""
        if self.graph.building_function and _is_operand(other):
            return OPERATORS["__eq__"](self, other)
        return self is other

    def __ne__(self, other):
        if self.graph.building_function and _is_operand(other):
            return OPERATORS["__ne__"](self, other)
        return self is not other

    def __bool__(self):
        if self.graph.building_function:
            raise GraphNotRecorded(_AUTOGRAPH.format(what="`if`/`while`/`bool()` on", name=self.name))
        raise TypeError("Using a `tf.Tensor` as a Python `bool` is not allowed in Graph execution. Use Eager "
                        "execution or decorate this function with @tf.function. (In keraslike graph mode use "
                        "tf.cond for data-dependent branches.)")

    def __len__(self):
        if self.graph.building_function:
            raise GraphNotRecorded(_AUTOGRAPH.format(what="`len()` of", name=self.name))
        raise TypeError(f"len is not well defined for a symbolic Tensor ({self.name}). Please call `x.shape` "
                        "rather than `len(x)` for shape information.")

    def __iter__(self):
        if self.graph.building_function:
            raise GraphNotRecorded(_AUTOGRAPH.format(what="a `for` loop over", name=self.name))
        if self._shape.rank is None or self._shape.as_list()[0] is None:
            raise TypeError("Tensor objects are only iterable when eager execution is enabled (or the first "
                            f"dimension is known). Received: tensor {self.name} of shape {_show_shape(self._shape)}")
        return iter([self[i] for i in range(self._shape.as_list()[0])])

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        names = [a.name for a in list(args) + list((kwargs or {}).values()) if isinstance(a, SymbolicTensor)]
        raise TypeError(_torch_message(", ".join(names), f"the torch function {getattr(func, '__name__', func)}"))

    def __getattr__(self, name):
        if not name.startswith("__") and hasattr(torch.Tensor, name):
            raise TypeError(_torch_message(self.name, f"the torch.Tensor member .{name}"))
        raise AttributeError(f"'Tensor' object has no attribute '{name}'. Received: name={name!r}")

    def __array__(self, dtype=None, copy=None):
        raise NotImplementedError(
            f"Cannot convert a symbolic tf.Tensor ({self.name}) to a numpy array. This error may indicate "
            "that you're trying to pass a Tensor to a NumPy call, which is not supported. Fetch its value "
            "with sess.run(tensor) instead. (In keraslike's graph mode, functions passed to tf ops such as "
            "map_fn or scan may use only their arguments, not graph tensors from outside.)")


def _torch_message(names, what):
    return (f"A graph tensor ({names}) reached {what}: in keraslike's graph mode only tf.* ops record graph "
            "ops. Keras layers and models, and torch code, cannot take graph tensors; use tf.compat.v1.layers "
            "(dense, conv2d, ...) in the graph, or call the Keras model eagerly (outside graph mode).")


OPERATORS = {}  # filled by `dispatch` with recording operator functions


def _is_operand(value):
    """A number or an eager tensor / array (what TF2's `==` compares elementwise)."""
    return not isinstance(value, (bool, SymbolicTensor)) and (
        isinstance(value, (int, float, complex, np.generic, np.ndarray, torch.Tensor)))


def _binary(name):
    def method(self, other):
        return OPERATORS[name](self, other)
    method.__name__ = name
    return method


for _name in ("__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__",
              "__rtruediv__", "__floordiv__", "__rfloordiv__", "__mod__", "__rmod__", "__pow__", "__rpow__",
              "__matmul__", "__rmatmul__", "__lt__", "__le__", "__gt__", "__ge__", "__and__", "__rand__",
              "__or__", "__ror__", "__xor__", "__rxor__", "__getitem__"):
    setattr(SymbolicTensor, _name, _binary(_name))


def _unary(name):
    def method(self):
        return OPERATORS[name](self)
    method.__name__ = name
    return method


for _name in ("__neg__", "__abs__", "__invert__", "__pos__"):
    setattr(SymbolicTensor, _name, _unary(_name))

_SESSION_GETTER = []


def register_default_session_getter(getter):
    """Tell `eval()`/`run()` how to find the default session (`compat.v1.session.get_default_session`)."""
    _SESSION_GETTER[:] = [getter]


def _run_in_default(fetch, feed_dict, session):
    session = session or _SESSION_GETTER[0]()
    if session is None:
        raise ValueError("Cannot evaluate tensor using `eval()`: No default session is registered. Use "
                         "`with sess.as_default()` or pass an explicit session to `eval(session=sess)`")
    return session.run(fetch, feed_dict=feed_dict)


def is_graph_value(x):
    """True for graph tensors and graph variables (anything the executor computes)."""
    return isinstance(x, SymbolicTensor)


def to_numpy_dtype(dtype):
    return torch.empty((), dtype=dtype).numpy().dtype if dtype != torch.bfloat16 else np.float32
