"""Graph forms of TF's framework functions: placeholders, name scopes, devices, control dependencies, groups.

Mirrors `tensorflow/python/ops/array_ops.py` (`placeholder`, `placeholder_with_default`) and
`tensorflow/python/framework/ops.py` (`name_scope`, `control_dependencies`, `device`, `group`, `no_op`).
Each function here does TF's graph-mode work when a graph is the default and defers to the eager
function otherwise, so the public names can point at them in both modes.
"""

import builtins
import contextlib

from keraslike._src import errors
from keraslike._src.graph import graph as graph_lib
from keraslike._src.ops import function_scope
from keraslike._src.graph import record, sparse_graph
from keraslike._src.graph.tensor import NoOp, Operation, SymbolicTensor
from keraslike._src.ops import conversion, framework_ops
from keraslike._src.ops import name_scope as eager_name_scope
from keraslike._src.ops.dtypes import as_dtype
from keraslike._src.ops.tensor_shape import TensorShape
from keraslike._src.placement import scope as placement_scope


class PlaceholderOp(Operation):
    """`Placeholder`: must be fed; running it unfed raises TF's InvalidArgumentError."""

    def __init__(self, graph, name, dtype, shape):
        super().__init__(graph, name, "Placeholder", (), (), record.current_device(graph))
        self._make_outputs([(dtype, shape)])

    def compute(self, ctx, inputs):
        tensor = self.outputs[0]
        dtype = {"float32": "float", "float64": "double"}.get(str(tensor.dtype)[6:], str(tensor.dtype)[6:])
        shape = tensor.shape
        shown = "" if shape.rank is None else \
            " and shape [" + ",".join("?" if d is None else str(d) for d in shape.as_list()) + "]"
        raise errors.InvalidArgumentError(
            None, self.name, f"You must feed a value for placeholder tensor '{self.name}' with dtype {dtype}"
            f"{shown}\n\t [[{{{{node {self.name}}}}}]]")


def placeholder(dtype, shape=None, name=None):
    """`tf.compat.v1.placeholder(dtype, shape=None, name=None)` in graph mode: a tensor fed by `feed_dict`."""
    graph = graph_lib.default_graph()
    op = PlaceholderOp(graph, graph.unique_name(name or "Placeholder"), as_dtype(dtype), TensorShape(shape))
    return op.outputs[0]


def sparse_placeholder(dtype, shape=None, name=None):
    """`tf.compat.v1.sparse_placeholder(dtype, shape=None, name=None)` (`tf.compat.v1.sparse.placeholder`): a
    SparseTensor of three placeholders (`indices`, `values`, `shape`), fed by `feed_dict` with a
    `SparseTensorValue`, an eager SparseTensor or an `(indices, values, dense_shape)` triple.

    Raises:
        RuntimeError: in eager mode, as TF.
    """
    if graph_lib.default_graph() is None:
        raise RuntimeError("tf.placeholder() is not compatible with eager execution. Received: "
                           f"sparse_placeholder(dtype={dtype!r}, shape={shape!r}, name={name!r})")
    shape = TensorShape(shape)
    rank = shape.rank

    def part(dtype, dims, suffix):
        return placeholder(dtype, dims, f"{name}/{suffix}" if name else None)

    sparse = sparse_graph.GraphSparseTensor(part("int64", [None, rank], "indices"), part(dtype, [None], "values"),
                                            part("int64", [rank], "shape"), static_shape=shape)
    sparse_graph.set_empty_standins(sparse, shape)
    return sparse


def placeholder_with_default(input, shape, name=None):  # noqa: A002 - TF's argument name
    """`tf.compat.v1.placeholder_with_default`: `input` unless fed; static shape `shape`."""
    out = record.record_call(conversion.convert_to_tensor, (input,), {}, "PlaceholderWithDefault", name)
    out.set_shape(TensorShape(shape)) if TensorShape(shape).is_compatible_with(out.shape) else None
    out._shape = TensorShape(shape)
    return out


@contextlib.contextmanager
def name_scope(name, default_name=None, values=None, skip_on_eager=True):
    """`tf.compat.v1.name_scope(name, default_name=None, values=None)`: uniquified in graph mode."""
    graph = graph_lib.default_graph()
    scope_name = name if name is not None else default_name
    if graph is None:
        with eager_name_scope.name_scope(scope_name or "") as scope:
            yield scope
        return
    with graph.name_scope(scope_name) as scope:
        yield scope


class _ScopeOrV2:
    """`tf.name_scope`: TF2's one-argument form eagerly, TF1's uniquifying form in graph mode."""

    def __init__(self, name, default_name=None, values=None):
        self._args = (name, default_name, values)
        self._ctx = None
        if graph_lib.default_graph() is None and default_name is None and values is None:
            self._ctx = eager_name_scope.name_scope(name)  # TF2's checks (a non-string name raises) at once

    def __enter__(self):
        if self._ctx is None:
            self._ctx = name_scope(*self._args)
        return self._ctx.__enter__()

    def __exit__(self, *exc):
        return self._ctx.__exit__(*exc)

    @property
    def name(self):
        return self._args[0]


def control_dependencies(control_inputs):
    """`tf.control_dependencies`: in graph mode ops created inside run after `control_inputs`."""
    graph = graph_lib.default_graph()
    if graph is None:
        return framework_ops.control_dependencies(control_inputs)
    return graph.control_dependencies(control_inputs)


def device(device_name):
    """`tf.device`: in graph mode the ops created inside are placed there when a session runs them."""
    graph = graph_lib.default_graph()
    if graph is None:
        return placement_scope.device(device_name)
    if callable(device_name) and not isinstance(device_name, str):
        raise ValueError("keraslike graph mode does not support device functions in tf.device; give a device "
                         f"name such as '/gpu:0'. Received: device_name={device_name!r}")
    return graph.device(device_name if device_name is None or isinstance(device_name, str)
                        else str(device_name))


def _control_ops(inputs):
    ops = []
    for x in inputs:
        if isinstance(x, (list, builtins.tuple)):  # this module's `tuple` is tf.tuple
            ops.extend(_control_ops(x))
        elif isinstance(x, Operation):
            ops.append(x)
        elif isinstance(x, SymbolicTensor):
            ops.append(x.op)
        elif x is not None:
            raise TypeError(f"Expected a graph tensor or operation in tf.group. Received: {x!r}")
    return ops


def group(*inputs, **kwargs):
    """`tf.group(*inputs, name=None)`: one op that runs all `inputs`."""
    graph = graph_lib.default_graph()
    if graph is None:
        return framework_ops.group(*inputs, **kwargs)
    name = kwargs.pop("name", None)
    if kwargs:
        raise TypeError(f"Unknown keyword arguments: {list(kwargs)}. Received: kwargs={kwargs!r}")
    return NoOp(graph, graph.unique_name(name or "group_deps"), _control_ops(inputs))


def no_op(name=None):
    """`tf.no_op()`: an op doing nothing (control-dependency anchor)."""
    graph = graph_lib.default_graph()
    if graph is None:
        return framework_ops.no_op(name)
    return NoOp(graph, graph.unique_name(name or "NoOp"), list(graph._control_stack))


def tuple(tensors, control_inputs=None, name=None):  # noqa: A001 - TF's name
    """`tf.tuple`: the same tensors, each computed after all of them (graph mode: identities after a group)."""
    graph = graph_lib.default_graph()
    if graph is None:
        return framework_ops.tuple(tensors, control_inputs, name)
    gate = group(*[t for t in tensors if t is not None], *(control_inputs or []))
    with graph.control_dependencies([gate]):
        return [None if t is None else record.record_call(_identity, (t,), {}, "Identity", None, graph)
                for t in tensors]


@record.op_function
def _identity(x):
    return x


def is_tensor(x):
    """`tf.is_tensor`: graph tensors count too."""
    return isinstance(x, SymbolicTensor) or conversion.is_tensor(x)


def is_symbolic_tensor(x):
    """`tf.is_symbolic_tensor`: True for graph tensors."""
    return isinstance(x, SymbolicTensor)


def convert_to_tensor(value, dtype=None, dtype_hint=None, name=None):
    """`tf.convert_to_tensor`: a graph tensor is returned as is (dtype checked); other values become Const ops."""
    graph = graph_lib.default_graph()
    if isinstance(value, SymbolicTensor):
        if dtype is not None and as_dtype(dtype) != value.dtype:
            raise ValueError(f"Tensor conversion requested dtype {as_dtype(dtype)} for Tensor with dtype "
                             f"{value.dtype}: {value!r}")
        return value
    if graph is None:
        return conversion.convert_to_tensor(value, dtype, dtype_hint, name)
    return record.record_call(conversion.convert_to_tensor, (value,),
                              {"dtype": dtype, "dtype_hint": dtype_hint}, "Const", name, graph)


def get_static_value(tensor, partial=False):
    """`tf.get_static_value`: None for graph tensors (their values exist only in a session)."""
    if isinstance(tensor, SymbolicTensor):
        return None
    return framework_ops.get_static_value(tensor, partial)


def executing_eagerly():
    """`tf.executing_eagerly()`: False while a graph is the default or a `tf.function` body runs."""
    return graph_lib.default_graph() is None and not function_scope.inside()


def add_to_collection(name, value):
    graph_lib.get_default_graph().add_to_collection(name, value)


def add_to_collections(names, value):
    graph_lib.get_default_graph().add_to_collections(names, value)


def get_collection(key, scope=None):
    return graph_lib.get_default_graph().get_collection(key, scope)


def get_collection_ref(key):
    return graph_lib.get_default_graph().get_collection_ref(key)


def import_graph_def(graph_def, input_map=None, return_elements=None, name=None, op_dict=None,
                     producer_op_list=None):
    """`tf.import_graph_def`: not supported (keraslike graphs are Python calls, not GraphDef protos)."""
    raise NotImplementedError(
        "tf.import_graph_def is not supported: keraslike records graphs from Python calls and cannot run a TF "
        "GraphDef. Rebuild the model in Python, or load a SavedModel with tf.saved_model.load / a Keras model "
        f"with tf.keras.models.load_model. Received: graph_def of type {type(graph_def).__name__}")
