"""`tf.Graph`: the container of recorded operations, names, collections and the default-graph stack.

Mirrors `tensorflow/python/framework/ops.py` (`Graph`, `get_default_graph`, `reset_default_graph`,
`GraphKeys`, collections). TF1 names are uniquified per graph: "MatMul", "MatMul_1"; name scopes too
("foo", "foo_1"). keraslike keeps the eager default whenever no graph is the default: `default_graph()`
returns None then, and ops compute eagerly.
"""

import contextlib
import re
import threading

from keraslike._src.ops import name_scope as eager_name_scope

_state = threading.local()
_global = {"eager_disabled": False, "graph": None, "v1_behavior": False, "resource_variables": True}


class GraphKeys:
    """`tf.compat.v1.GraphKeys`: the standard collection names."""

    GLOBAL_VARIABLES = "variables"
    LOCAL_VARIABLES = "local_variables"
    METRIC_VARIABLES = "metric_variables"
    MODEL_VARIABLES = "model_variables"
    TRAINABLE_VARIABLES = "trainable_variables"
    SUMMARIES = "summaries"
    QUEUE_RUNNERS = "queue_runners"
    TABLE_INITIALIZERS = "table_initializer"
    ASSET_FILEPATHS = "asset_filepaths"
    MOVING_AVERAGE_VARIABLES = "moving_average_variables"
    REGULARIZATION_LOSSES = "regularization_losses"
    CONCATENATED_VARIABLES = "concatenated_variables"
    SAVERS = "savers"
    WEIGHTS = "weights"
    BIASES = "biases"
    ACTIVATIONS = "activations"
    UPDATE_OPS = "update_ops"
    LOSSES = "losses"
    SAVEABLE_OBJECTS = "saveable_objects"
    RESOURCES = "resources"
    LOCAL_RESOURCES = "local_resources"
    TRAINABLE_RESOURCE_VARIABLES = "trainable_resource_variables"
    INIT_OP = "init_op"
    LOCAL_INIT_OP = "local_init_op"
    READY_OP = "ready_op"
    READY_FOR_LOCAL_INIT_OP = "ready_for_local_init_op"
    SUMMARY_OP = "summary_op"
    GLOBAL_STEP = "global_step"
    EVAL_STEP = "eval_step"
    TRAIN_OP = "train_op"
    COND_CONTEXT = "cond_context"
    WHILE_CONTEXT = "while_context"
    VARIABLES = "variables"


class Graph:
    """`tf.Graph()`: operations recorded while it is the default (`with g.as_default():`).

    Example:
        >>> g = tf.Graph()
        >>> with g.as_default():
        ...     c = tf.constant(1.0)
        >>> c.graph is g
        True
    """

    def __init__(self):
        self._ops = []
        self._by_name = {}
        self._names_in_use = {}
        self._collections = {}
        self._finalized = False
        self._control_stack = []
        self._device_stack = []
        self._seed = None
        self._version = 0  # bumped on every new op; executors cache plans per version
        self.var_store = {}  # get_variable's store: full name -> variable
        self.scope_state = {"var_scope": None, "counts": {}}

    # ---- names ---------------------------------------------------------------------------------
    def unique_name(self, name, mark_as_used=True):
        """`Graph.unique_name`: `name` under the current name scope, suffixed `_N` when taken (case-insensitive)."""
        scope = eager_name_scope.current_scope()
        name = f"{scope}{name}" if scope else name
        key = name.lower()
        i = self._names_in_use.get(key, 0)
        if mark_as_used:
            self._names_in_use[key] = i + 1
        if i > 0:
            base = name
            while key in self._names_in_use:
                name = f"{base}_{i}"
                key = name.lower()
                i += 1
            if mark_as_used:
                self._names_in_use[key] = 1
        return name

    def _add_op(self, op):
        if self._finalized:
            raise RuntimeError("Graph is finalized and cannot be modified.")
        self._ops.append(op)
        self._by_name[op.name] = op
        self._version += 1

    def get_operations(self):
        """All operations, in creation order."""
        return list(self._ops)

    def get_operation_by_name(self, name):
        """The operation called `name`; KeyError naming it otherwise."""
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"The name '{name}' refers to an Operation not in the graph.") from None

    def get_tensor_by_name(self, name):
        """The tensor "op_name:index"."""
        op_name, sep, index = name.rpartition(":")
        if not sep or not index.isdigit():
            raise ValueError(f"The name '{name}' looks like an (invalid) Operation name, not a Tensor. "
                             "Tensor names must be of the form \"<op_name>:<output_index>\".")
        op = self._by_name.get(op_name)
        if op is None:
            raise KeyError(f"The name '{name}' refers to a Tensor which does not exist. The operation, "
                           f"'{op_name}', does not exist in the graph.")
        if int(index) >= len(op.outputs):
            raise KeyError(f"The name '{name}' refers to a Tensor which does not exist. The operation, "
                           f"'{op_name}', exists but only has {len(op.outputs)} outputs.")
        return op.outputs[int(index)]

    def as_graph_element(self, obj):
        """A tensor or operation named by `obj` (a string) or `obj` itself."""
        if isinstance(obj, str):
            return self.get_tensor_by_name(obj) if ":" in obj else self.get_operation_by_name(obj)
        return obj

    # ---- collections ----------------------------------------------------------------------------
    def add_to_collection(self, name, value):
        """Append `value` to the collection `name`."""
        self._collections.setdefault(name, []).append(value)

    def add_to_collections(self, names, value):
        for name in [names] if isinstance(names, str) else names:
            self.add_to_collection(name, value)

    def get_collection(self, name, scope=None):
        """A copy of collection `name`, filtered to items whose `.name` starts with `scope` when given."""
        items = list(self._collections.get(name, []))
        if scope is None:
            return items
        return [v for v in items if hasattr(v, "name") and re.match(scope, v.name)]

    def get_collection_ref(self, name):
        """The collection list itself (mutations are seen by the graph)."""
        return self._collections.setdefault(name, [])

    def get_all_collection_keys(self):
        return [k for k, v in self._collections.items() if v]

    def clear_collection(self, name):
        self._collections.pop(name, None)

    # ---- scopes ---------------------------------------------------------------------------------
    def as_default(self):
        """Context manager making this the default graph (ops recorded into it)."""
        return _as_default(self)

    @contextlib.contextmanager
    def name_scope(self, name):
        """`Graph.name_scope(name)`: a uniquified scope ("foo", then "foo_1"); "" resets, "a/" re-enters."""
        if name is None or name == "":
            with eager_name_scope.name_scope(""):
                yield ""
            return
        if name.endswith("/"):
            scope = name
        else:
            scope = self.unique_name(name) + "/"
        with eager_name_scope.name_scope(scope):
            yield scope

    def control_dependencies(self, control_inputs):
        """`Graph.control_dependencies`: ops created inside run after `control_inputs` (None clears)."""
        return _control(self, control_inputs)

    def device(self, device_name):
        """`Graph.device`: the same as `tf.device` (placement is recorded per op)."""
        return _device_scope(self, device_name)

    def finalize(self):
        """Make the graph read-only: creating ops afterwards raises RuntimeError."""
        self._finalized = True

    @property
    def finalized(self):
        return self._finalized

    @property
    def seed(self):
        return self._seed

    @seed.setter
    def seed(self, value):
        self._seed = value

    @property
    def version(self):
        return self._version

    @property
    def building_function(self):
        return False

    def as_graph_def(self, from_version=None, add_shapes=False):
        raise NotImplementedError(
            "keraslike graphs record Python calls of keraslike ops, not GraphDef protos, so as_graph_def() is "
            "not available. Save variables with tf.train.Saver / tf.train.Checkpoint, or export a "
            "tf.function with tf.saved_model.save. Received: from_version=" f"{from_version!r}")

    def __repr__(self):
        return f"<keraslike Graph with {len(self._ops)} operations>"


@contextlib.contextmanager
def _as_default(graph):
    _entering_graph_mode()
    stack = _stack()
    stack.append(graph)
    try:
        yield graph
    finally:
        stack.pop()
        _maybe_leaving_graph_mode()


@contextlib.contextmanager
def _control(graph, control_inputs):
    saved = list(graph._control_stack)
    if control_inputs is None:
        graph._control_stack = []
    else:
        ops = []
        for c in control_inputs:
            ops.append(c.op if hasattr(c, "op") and not hasattr(c, "outputs") else c)
        graph._control_stack = saved + ops
    try:
        yield
    finally:
        graph._control_stack = saved


@contextlib.contextmanager
def _device_scope(graph, device_name):
    graph._device_stack.append(device_name)
    try:
        yield
    finally:
        graph._device_stack.pop()


def _stack():
    stack = getattr(_state, "stack", None)
    if stack is None:
        stack = _state.stack = []
    return stack


@contextlib.contextmanager
def eager_scope():
    """Compute eagerly inside (a session running ops, shape inference), whatever graph is the default."""
    stack = _stack()
    stack.append(None)
    try:
        yield
    finally:
        stack.pop()


def default_graph():
    """The graph ops record into now, or None when keraslike computes eagerly (the default)."""
    stack = getattr(_state, "stack", None)
    if stack:
        return stack[-1]
    if _global["eager_disabled"]:
        return global_graph()
    return None


def global_graph():
    """The process's global default graph (created on first use)."""
    if _global["graph"] is None:
        _global["graph"] = Graph()
    return _global["graph"]


def get_default_graph():
    """`tf.compat.v1.get_default_graph()`: the default graph (the global one outside `as_default`)."""
    return default_graph() or global_graph()


def reset_default_graph():
    """`tf.compat.v1.reset_default_graph()`: a fresh global graph.

    Raises:
        AssertionError: inside a `with graph.as_default()` block (TF's rule).
    """
    if any(g is not None for g in getattr(_state, "stack", None) or ()):
        raise AssertionError("Do not use tf.reset_default_graph() to clear nested graphs. If you need a "
                             "cleared graph, exit the nesting and create a new graph.")
    _global["graph"] = Graph()


_ON_GRAPH_MODE = []  # (enter, leave) callbacks


def on_graph_mode(enter, leave=None):
    """Call `enter()` when graph mode begins (eager disabled or a graph made default) and `leave()` when the
    process is back to eager mode, so public names are graph-aware only while graph mode lasts."""
    _ON_GRAPH_MODE.append((enter, leave))


def _in_graph_mode():
    return _global["eager_disabled"] or any(g is not None for g in getattr(_state, "stack", None) or ())


def _entering_graph_mode():
    for enter, _ in _ON_GRAPH_MODE:
        enter()


def _maybe_leaving_graph_mode():
    if not _in_graph_mode():
        for _, leave in _ON_GRAPH_MODE:
            if leave is not None:
                leave()


def set_eager_disabled(disabled):
    """Switch the process between eager (default) and TF1 graph mode."""
    _global["eager_disabled"] = bool(disabled)
    if disabled:
        _entering_graph_mode()
    else:
        _maybe_leaving_graph_mode()


def eager_disabled():
    return _global["eager_disabled"]


def set_v1_behavior(enabled):
    """`disable_v2_tensorshape()` (and `disable_v2_behavior()`): TF1 shapes of graph tensors (`Dimension`s, "?")."""
    _global["v1_behavior"] = bool(enabled)


def v1_behavior():
    return _global["v1_behavior"]


def set_resource_variables(enabled):
    """`enable_/disable_resource_variables()`: graph variables are TF2's resource variables, or TF1's
    `RefVariable`s (dtype shown as `float32_ref`)."""
    _global["resource_variables"] = bool(enabled)


def resource_variables():
    return _global["resource_variables"]
