"""`tf.compat.v1.wrap_function`: TF1-style graph-building code as a function callable from eager code.

TF traces `fn` into a function graph and lifts the variables it creates (or imports with
`import_meta_graph`) out as eager variables the function reads. keraslike records `fn` into a `tf.Graph`
of its own (placeholders from `signature`), makes an eager `tf.Variable` for each of the graph's global and
local variables (same name; initial value computed from the graph's initializer when it needs no feed, else
zeros: TF leaves an imported variable uninitialized until it is restored), and runs the recorded graph with
torch over those variables' values: `Saver(wrapped.variables).restore(None, path)` fills them, assignment ops
in the graph update them. `prune(feeds, fetches)` is another function over the same graph and variables.

Example:
    >>> def build():
    ...     x = tf.compat.v1.placeholder(tf.float32, [], name="x")
    ...     v = tf.compat.v1.Variable(3.0, name="v")
    ...     tf.multiply(x, v, name="y")
    >>> wrapped = tf.compat.v1.wrap_function(build, [])
    >>> g = wrapped.graph
    >>> double = wrapped.prune(feeds=g.get_tensor_by_name("x:0"), fetches=g.get_tensor_by_name("y:0"))
    >>> float(double(tf.constant(5.0)))
    15.0
"""

import inspect

import torch
from torch.utils import _pytree as pytree

from keraslike._src import errors
from keraslike._src.graph import executor, framework
from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph.graph import GraphKeys
from keraslike._src.graph.tensor import Operation, SymbolicTensor
from keraslike._src.ops import conversion
from keraslike._src.ops.tensor_spec import TensorSpec
from keraslike._src.ops.variables import Variable


class _LiftedValues(dict):
    """What the executor reads as the session's variable values: the lifted eager variables' current values;
    an assignment op writes into the eager variable."""

    def __init__(self, lifted):
        super().__init__()
        self._lifted = lifted  # graph variable -> eager Variable

    def get(self, variable, default=None):
        eager = self._lifted.get(variable)
        return default if eager is None else eager.detach().clone()

    def __getitem__(self, variable):
        return self._lifted[variable].detach().clone()

    def __contains__(self, variable):
        return variable in self._lifted

    def __setitem__(self, variable, value):
        self._lifted[variable].assign(value)


class _State:
    """The executor's session interface for a wrapped function."""

    def __init__(self, lifted):
        self._variable_values = _LiftedValues(lifted)
        self._iterator_states = {}


def _initial_value(variable):
    """The graph variable's initial value, computed when it needs no feed; else zeros of its shape."""
    plan = executor.Plan([variable.initial_value], {})
    try:
        slots = executor.execute(_State({}), plan, [])
        return slots[plan.index[variable.initial_value]].detach().clone()
    except (errors.OpError, KeyError, TypeError, ValueError):
        shape = [0 if d is None else d for d in variable.shape.as_list()] if variable.shape.rank is not None else []
        return torch.zeros(shape, dtype=variable.dtype)


def _lift(graph):
    lifted = {}
    with graph_lib.eager_scope():
        for key in (GraphKeys.GLOBAL_VARIABLES, GraphKeys.LOCAL_VARIABLES):
            for variable in graph.get_collection(key):
                if variable in lifted or not hasattr(variable, "initializer"):
                    continue
                lifted[variable] = Variable(_initial_value(variable), trainable=variable.trainable,
                                            name=variable.op.name)
    return lifted


def _as_spec(spec, index):
    if isinstance(spec, TensorSpec):
        return spec
    if isinstance(spec, SymbolicTensor):
        return TensorSpec(spec.shape, spec.dtype, name=spec.op.name)
    raise TypeError(f"wrap_function's signature is a list of tf.TensorSpec. Received: signature[{index}]={spec!r}")


class WrappedFunction:
    """What `wrap_function` returns: callable on eager tensors (one per placeholder of `signature`), with `graph`,
    `variables`, `inputs`, `outputs`, `structured_outputs` and `prune`."""

    def __init__(self, graph, inputs, structured_outputs, lifted, name):
        self.graph = graph
        self.inputs = list(inputs)
        self.structured_outputs = structured_outputs
        self._lifted = lifted
        self._state = _State(lifted)
        self.name = name
        leaves = pytree.tree_leaves(structured_outputs, is_leaf=lambda x: isinstance(x, (SymbolicTensor, Operation)))
        self._targets = [t for t in leaves if isinstance(t, (SymbolicTensor, Operation))]
        self.outputs = [t for t in self._targets if isinstance(t, SymbolicTensor)]
        self._plan = None

    @property
    def variables(self):
        """The lifted eager variables (global and local variables of the graph)."""
        return list(self._lifted.values())

    @property
    def trainable_variables(self):
        return [v for v in self._lifted.values() if v.trainable]

    def __call__(self, *args):
        if len(args) != len(self.inputs):
            raise TypeError(f"{self.name} takes {len(self.inputs)} positional arguments (one per input "
                            f"{[t.name for t in self.inputs]}). Received: {len(args)} arguments")
        values = []
        with graph_lib.eager_scope():
            for tensor, value in zip(self.inputs, args):
                values.append(conversion.convert_to_tensor(value, dtype=tensor.dtype))
        if self._plan is None or self._plan_version != self.graph.version:
            self._plan = executor.Plan(self._targets, dict.fromkeys(self.inputs))
            self._plan_version = self.graph.version
        slots = executor.execute(self._state, self._plan, values)
        results = {id(t): slots[self._plan.index[t]] for t in self.outputs}

        def value_of(leaf):
            if isinstance(leaf, SymbolicTensor):
                return results[id(leaf)]
            return None if isinstance(leaf, Operation) else leaf

        return pytree.tree_map(value_of, self.structured_outputs,
                               is_leaf=lambda x: isinstance(x, (SymbolicTensor, Operation)))

    def prune(self, feeds, fetches, name=None, input_signature=None, are_keyword_args_also_positional=False):
        """A function of the same graph and variables from `feeds` (tensors, or a list of them) to `fetches`
        (tensors, operations or a nested structure of them; names such as `"y:0"` are looked up in the graph).

        Raises:
            ValueError: a feed or fetch of another graph.
            NotImplementedError: `input_signature` or `are_keyword_args_also_positional` (not supported).
        """
        if input_signature is not None or are_keyword_args_also_positional:
            raise NotImplementedError("WrappedFunction.prune supports feeds and fetches only. Received: "
                                      f"input_signature={input_signature!r}, "
                                      f"are_keyword_args_also_positional={are_keyword_args_also_positional!r}")
        feed_list = list(feeds) if isinstance(feeds, (list, tuple)) else [feeds]
        feed_list = [self.graph.as_graph_element(f) for f in feed_list]

        def element(leaf):
            return self.graph.as_graph_element(leaf) if isinstance(leaf, str) else leaf

        fetches = pytree.tree_map(element, fetches, is_leaf=lambda x: isinstance(x, (SymbolicTensor, Operation)))
        for item in feed_list + pytree.tree_leaves(fetches, is_leaf=lambda x: isinstance(x, (SymbolicTensor,
                                                                                             Operation))):
            if isinstance(item, (SymbolicTensor, Operation)) and item.graph is not self.graph:
                raise ValueError(f"Can only prune function whose feeds and fetches are from this graph "
                                 f"({self.name}). Received: {item!r}")
        return WrappedFunction(self.graph, feed_list, fetches, self._lifted, name or "pruned")

    def __repr__(self):
        return f"<keraslike WrappedFunction {self.name}>"


def wrap_function(fn, signature, name=None):
    """`tf.compat.v1.wrap_function(fn, signature, name=None)`: `fn` recorded as TF1 graph code, callable eagerly
    (module docstring).

    Args:
        fn: builds graph ops; called with one placeholder per `signature` entry; its result is what the function
            returns.
        signature: a list of `tf.TensorSpec` (or None for none).
        name: the function's name.

    Returns:
        A `WrappedFunction`.
    """
    specs = [_as_spec(s, i) for i, s in enumerate(signature or [])]
    try:
        names = [p.name for p in inspect.signature(fn).parameters.values()]
    except (TypeError, ValueError):
        names = []
    graph = graph_lib.Graph()
    with graph.as_default():
        placeholders = [framework.placeholder(spec.dtype, spec.shape,
                                              name=spec.name or (names[i] if i < len(names) else "input"))
                        for i, spec in enumerate(specs)]
        outputs = fn(*placeholders)
    return WrappedFunction(graph, placeholders, outputs, _lift(graph), name or getattr(fn, "__name__", "wrapped"))
