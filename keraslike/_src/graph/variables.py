"""TF1 graph variables (`RefVariable`): `tf.Variable` in graph mode, initializers, collections.

Mirrors `tensorflow/python/ops/ref_variable.py` and `variables.py`. A variable's value lives in each
`Session` (sessions are independent, as in TF); `sess.run(var.initializer)` (or
`tf.global_variables_initializer()`) assigns the initial value, and reading an uninitialised variable
raises TF's `FailedPreconditionError` ("Attempting to use uninitialized value W").
"""

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.ops.tensor_shape import TensorShape
from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph import record
from keraslike._src.graph.graph import GraphKeys
from keraslike._src.graph.tensor import NoOp, Operation, SymbolicTensor
from keraslike._src.ops import conversion, trace_state
from keraslike._src.ops.dtypes import as_dtype
from keraslike._src.ops import variables as eager_variables


class VariableOp(Operation):
    """`VariableV2`: its output is the variable's current value in the running session."""

    def __init__(self, graph, name, variable):
        super().__init__(graph, name, "VariableV2", (), (), record.current_device(graph))
        self.variable = variable
        self.outputs = [variable]

    def compute(self, ctx, inputs):
        value = ctx.variables.get(self.variable)
        if value is None:
            raise errors.FailedPreconditionError(
                None, self.name, f"Attempting to use uninitialized value {self.name}\n\t [[{{{{node {self.name}}}}}]]")
        return [value]


class AssignOp(Operation):
    """`Assign`/`AssignAdd`/`AssignSub`: sets the variable in the running session; outputs the new value."""

    def __init__(self, graph, name, variable, value, mode="Assign"):
        super().__init__(graph, name, mode, [value] if mode == "Assign" else [variable, value],
                         list(graph._control_stack), record.current_device(graph))
        self.variable = variable
        self.mode = mode
        self._make_outputs([(variable.dtype, variable.shape)])

    def compute(self, ctx, inputs):
        if self.mode == "Assign":
            new = inputs[0]
        elif self.mode == "AssignAdd":
            new = inputs[0] + inputs[1]
        else:
            new = inputs[0] - inputs[1]
        if not isinstance(new, torch.Tensor):
            new = torch.as_tensor(new)
        new = new.detach().to(self.variable.dtype).clone()  # the session's own buffer (updated in place)
        ctx.variables[self.variable] = new
        return [new]


def _check_assign_shape(variable, value):
    if not variable.shape.is_compatible_with(value.shape) and variable._validate_shape:
        raise ValueError(f"Shapes {variable.shape} and {value.shape} are incompatible. Received: value of shape "
                         f"{value.shape} for variable {variable.name}")


def _as_graph_tensor(value, dtype, graph):
    if isinstance(value, SymbolicTensor):
        if dtype is not None and value.dtype != dtype:
            raise ValueError(f"Tensor conversion requested dtype {dtype} for Tensor with dtype {value.dtype}: "
                             f"{value!r}")
        return value
    return record.record_call(conversion.convert_to_tensor, (value,), {"dtype": dtype}, "Const", None, graph)


class GraphVariable(SymbolicTensor):
    """`tf.Variable` of a TF1 graph (TF's `RefVariable`, dtype shown as `float32_ref`).

    Args:
        initial_value: tensor, array-like, or a callable returning one (called now).
        trainable: adds the variable to `TRAINABLE_VARIABLES` (and `GraphKeys.GLOBAL_VARIABLES` unless
            `collections` says otherwise).
        collections: list of collection keys (default `[GLOBAL_VARIABLES]`).
        validate_shape: assignments must keep the shape.
        name: TF name (uniquified; default "Variable").
        dtype: cast the initial value to it.
        shape: the static shape (default: the initial value's).
        constraint: callable applied to the value after optimizer updates.

    Raises:
        ValueError: for `variable_def`/`import_scope` (no GraphDef import), or an `initial_value` of None.
    """

    def __init__(self, initial_value=None, trainable=None, collections=None, validate_shape=True,
                 caching_device=None, name=None, variable_def=None, dtype=None, expected_shape=None,
                 import_scope=None, constraint=None, use_resource=None, synchronization=None, aggregation=None,
                 shape=None):
        if variable_def is not None or import_scope is not None:
            raise ValueError("keraslike graphs are built by running Python, not imported from protos; "
                             "tf.Variable(variable_def=...) is not supported. "
                             f"Received: variable_def={variable_def!r}, import_scope={import_scope!r}")
        if initial_value is None:
            raise ValueError("initial_value must be specified. Received: initial_value=None")
        graph = graph_lib.default_graph()
        if graph.building_function:  # a tf.function's graph: TF's rule on creating variables in a later trace
            trace_state.check_variable_creation()
        dtype = None if dtype is None else _as_torch_dtype(dtype)
        name = graph.unique_name(name or "Variable")
        # TF makes a variable in an init scope: its initial value and initializer wait for no control dependency
        # of the code around it (`with tf.control_dependencies(update_ops):`), so initialising needs no feeds
        with graph.name_scope(name + "/"), graph.control_dependencies(None):
            if callable(initial_value):
                initial_value = initial_value()
            value = _as_graph_tensor(initial_value, None, graph)
            if dtype is not None and value.dtype != dtype:
                value = record.record_call(conversion_cast, (value, dtype), {}, "Cast", None, graph)
        static = TensorShape(shape) if shape is not None else value.shape
        self._validate_shape = validate_shape
        self._initial_value = value
        self._trainable = True if trainable is None else bool(trainable)
        self.constraint = constraint
        self._save_slice_info = None
        op = VariableOp(graph, name, self)
        SymbolicTensor.__init__(self, op, 0, value.dtype, static)
        if getattr(value, "_standins", None) is not None:  # shape inference reads the initial value's stand-in
            self._standins, self._varies = value._standins, value._varies
        with graph.name_scope(name + "/"), graph.control_dependencies(None):
            self.initializer = AssignOp(graph, graph.unique_name("Assign"), self, value)
        if collections is None:
            collections = [GraphKeys.GLOBAL_VARIABLES]
        if self._trainable and GraphKeys.TRAINABLE_VARIABLES not in collections:
            collections = list(collections) + [GraphKeys.TRAINABLE_VARIABLES]
        graph.add_to_collections(collections, self)

    # ---- attributes -------------------------------------------------------------------------------
    @property
    def trainable(self):
        return self._trainable

    @property
    def initial_value(self):
        return self._initial_value

    def initialized_value(self):
        return self._initial_value

    def value(self):
        return self

    def read_value(self):
        return self

    # ---- assignment (ops) -------------------------------------------------------------------------
    def _assign(self, value, mode, name):
        graph = self.graph
        value = _as_graph_tensor(value, self.dtype if mode == "Assign" else None, graph)
        if mode == "Assign":
            _check_assign_shape(self, value)
        return AssignOp(graph, graph.unique_name(name or mode), self, value, mode).outputs[0]

    def assign(self, value, use_locking=None, name=None, read_value=True):
        """An op assigning `value` (its output is the new value)."""
        return self._assign(value, "Assign", name)

    def assign_add(self, delta, use_locking=None, name=None, read_value=True):
        return self._assign(delta, "AssignAdd", name)

    def assign_sub(self, delta, use_locking=None, name=None, read_value=True):
        return self._assign(delta, "AssignSub", name)

    def load(self, value, session=None):
        """Assign `value` (array-like) in `session` now, without adding ops."""
        session = session or _default_session()
        session._set_variable(self, value)

    # ---- tf.train.Checkpoint of graph variables, saved and restored in the default session (TF1) ----
    def _session_for_checkpoint(self):
        session = _default_session()
        if session is None:
            raise ValueError(f"A graph variable's value lives in a Session: save or restore a tf.train.Checkpoint "
                             f"of graph variables inside `with tf.compat.v1.Session():`. Received: {self!r}")
        return session

    def _checkpoint_value(self):
        return torch.as_tensor(np.array(self._session_for_checkpoint().run(self)))

    def _checkpoint_assign(self, value):
        self._session_for_checkpoint()._set_variable(self, value)

    def __repr__(self):
        ref = "" if graph_lib.resource_variables() else "_ref"
        return (f"<tf.Variable '{self.name}' shape={_show(self.shape)} "
                f"dtype={str(self.dtype).replace('torch.', '')}{ref}>")

    def _as_graph_element(self):
        return self


def _show(shape):
    unknown = "?" if graph_lib.v1_behavior() else "None"
    return "(" + ", ".join(unknown if d is None else str(d) for d in shape.as_list()) + \
        ("," if shape.rank == 1 else "") + ")"


@record.op_function
def conversion_cast(x, dtype):
    return x.to(dtype)


def _as_torch_dtype(dtype):
    return as_dtype(dtype)


_DEFAULT_SESSION = []


def set_default_session_getter(getter):
    _DEFAULT_SESSION[:] = [getter]


def _default_session():
    return _DEFAULT_SESSION[0]()


class _VariableMeta(type):
    def __instancecheck__(cls, obj):
        return isinstance(obj, (eager_variables.Variable, GraphVariable))

    def __subclasscheck__(cls, sub):
        return issubclass(sub, (eager_variables.Variable, GraphVariable))

    def __call__(cls, *args, **kwargs):
        if graph_lib.default_graph() is not None:
            return GraphVariable(*args, **kwargs)
        return eager_variables.Variable(*args, **kwargs)


class Variable(metaclass=_VariableMeta):
    """`tf.Variable` once graph mode has been entered: a graph variable while a graph is the default, the
    eager `tf.Variable` otherwise; `isinstance` accepts both. (Code inside keraslike, such as Keras layers,
    keeps making eager variables.)"""


# ---- initializers and collections -----------------------------------------------------------------------
def variables_initializer(var_list, name="init"):
    """`tf.compat.v1.variables_initializer`: one op running each variable's initializer."""
    graph = graph_lib.default_graph()
    return NoOp(graph, graph.unique_name(name), [v.initializer for v in var_list])


def global_variables(scope=None):
    return graph_lib.get_default_graph().get_collection(GraphKeys.GLOBAL_VARIABLES, scope)


def local_variables(scope=None):
    return graph_lib.get_default_graph().get_collection(GraphKeys.LOCAL_VARIABLES, scope)


def trainable_variables(scope=None):
    return graph_lib.get_default_graph().get_collection(GraphKeys.TRAINABLE_VARIABLES, scope)


def model_variables(scope=None):
    return graph_lib.get_default_graph().get_collection(GraphKeys.MODEL_VARIABLES, scope)


def global_variables_initializer():
    return variables_initializer(global_variables())


def local_variables_initializer():
    return variables_initializer(local_variables())
