"""`tf.compat.v1.variable_scope` and `tf.compat.v1.get_variable`: named, shareable graph variables.

Mirrors `tensorflow/python/ops/variable_scope.py`: `get_variable("w", shape)` creates "scope/w" or, in
a scope opened with `reuse=True` (or `tf.AUTO_REUSE` when it exists), returns the existing one; the
scope's initializer/regularizer/dtype are the defaults. Errors are TF's ("Variable foo/w already exists,
disallowed. Did you mean to set reuse=True ...").
"""

import contextlib
import enum

import torch

from keraslike._src.graph import eager_variable_store
from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph import record
from keraslike._src.graph.graph import GraphKeys
from keraslike._src.graph.tensor import SymbolicTensor
from keraslike._src.graph.variables import GraphVariable
from keraslike._src.keras import regularizers
from keraslike._src.keras.initializers import get as get_initializer
from keraslike._src.ops import name_scope as eager_name_scope
from keraslike._src.ops.dtypes import as_dtype
from keraslike._src.ops.variables import Variable


class _ReuseMode(enum.Enum):
    AUTO_REUSE = 1


AUTO_REUSE = _ReuseMode.AUTO_REUSE


class VariableScope:
    """`tf.compat.v1.VariableScope`: name, reuse flag and variable defaults of a scope."""

    def __init__(self, reuse, name="", initializer=None, regularizer=None, caching_device=None, partitioner=None,
                 custom_getter=None, name_scope="", dtype=torch.float32, use_resource=None, constraint=None):
        self.name = name
        self.original_name_scope = name_scope
        self.reuse = reuse
        self.initializer = initializer
        self.regularizer = regularizer
        self.dtype = dtype
        self.constraint = constraint
        self.custom_getter = custom_getter

    def reuse_variables(self):
        """Reuse variables in this scope from now on."""
        self.reuse = True

    def set_initializer(self, initializer):
        self.initializer = initializer

    def set_regularizer(self, regularizer):
        self.regularizer = regularizer

    def get_variable(self, var_store, name, *args, **kwargs):
        return get_variable(name, *args, **kwargs)

    def __repr__(self):
        return f"<VariableScope name={self.name!r} reuse={self.reuse}>"


def _state(graph):
    state = graph.scope_state
    if state["var_scope"] is None:
        state["var_scope"] = VariableScope(False)
    return state


def get_variable_scope():
    """`tf.compat.v1.get_variable_scope()`: the current `VariableScope`."""
    return _state(graph_lib.get_default_graph())["var_scope"]


@contextlib.contextmanager
def variable_scope(name_or_scope, default_name=None, values=None, initializer=None, regularizer=None,
                   caching_device=None, partitioner=None, custom_getter=None, reuse=None, dtype=None,
                   use_resource=None, constraint=None, auxiliary_name_scope=True):
    """`tf.compat.v1.variable_scope(name_or_scope, default_name=None, ..., reuse=None, ...)`.

    Opens the variable scope "outer/name" and a name scope for the ops inside (uniquified: "name_1" on
    re-entry, while variables keep "name/").

    Raises:
        ValueError: if both `name_or_scope` and `default_name` are None, or for `partitioner`/`custom_getter`
            (not supported).
    """
    if partitioner is not None or custom_getter is not None:
        raise ValueError("keraslike's variable_scope does not support partitioner or custom_getter. "
                         f"Received: partitioner={partitioner!r}, custom_getter={custom_getter!r}")
    if name_or_scope is None and default_name is None:
        raise TypeError("If default_name is None then name_or_scope is required")
    graph = graph_lib.get_default_graph()
    state = _state(graph)
    outer = state["var_scope"]
    if isinstance(name_or_scope, VariableScope):
        full = name_or_scope.name
        base = name_or_scope
        name_scope_name = full.rsplit("/", 1)[-1]
        state["counts"][full] = state["counts"].get(full, 0) + 1  # re-entered: opened once more (TF counts it)
    else:
        if name_or_scope is None:  # default_name: the first of "name", "name_1", ... not opened yet (TF's rule)
            counts = state["counts"]
            prefix = f"{outer.name}/{default_name}" if outer.name else default_name
            local, n = default_name, 0
            while counts.get(f"{prefix}_{n}" if n else prefix, 0):
                n += 1
                local = f"{default_name}_{n}"
            full = f"{outer.name}/{local}" if outer.name else local
            counts[full] = counts.get(full, 0) + 1
        else:
            local = name_or_scope
            full = f"{outer.name}/{local}" if outer.name else local
            state["counts"][full] = state["counts"].get(full, 0) + 1
        base = outer
        name_scope_name = local
    new_reuse = True if outer.reuse is True else (reuse if reuse is not None else
                                                   (base.reuse if isinstance(name_or_scope, VariableScope)
                                                    else outer.reuse))
    if reuse is False and outer.reuse is not True:
        new_reuse = False
    scope = VariableScope(
        new_reuse, full, initializer if initializer is not None else base.initializer,
        regularizer if regularizer is not None else base.regularizer,
        dtype=as_dtype(dtype) if dtype is not None else base.dtype,
        constraint=constraint if constraint is not None else base.constraint)
    state["var_scope"] = scope
    try:
        if auxiliary_name_scope:
            with graph.name_scope(name_scope_name) as ns:
                scope.original_name_scope = ns
                yield scope
        else:
            yield scope
    finally:
        state["var_scope"] = outer


def _default_initializer(dtype):
    if dtype.is_floating_point:
        return get_initializer("glorot_uniform")
    return get_initializer("zeros")


def _shape_list(shape):
    if shape is None:
        return None
    return [int(d) for d in (shape.as_list() if hasattr(shape, "as_list") else shape)]


def get_variable(name, shape=None, dtype=None, initializer=None, regularizer=None, trainable=None,
                 collections=None, caching_device=None, partitioner=None, validate_shape=True, use_resource=None,
                 custom_getter=None, constraint=None, synchronization=None, aggregation=None):
    """`tf.compat.v1.get_variable(name, shape=None, dtype=None, initializer=None, ...)`.

    Creates "scope/name" (initialised by `initializer`, the scope's, or glorot-uniform for floats and
    zeros otherwise), or returns the existing variable when the scope reuses.

    Raises:
        ValueError: TF's errors for an existing variable without reuse, a missing one with `reuse=True`,
            a shape mismatch on reuse, or a missing shape.
    """
    if partitioner is not None or custom_getter is not None:
        raise ValueError("keraslike's get_variable does not support partitioner or custom_getter. "
                         f"Received: partitioner={partitioner!r}, custom_getter={custom_getter!r}")
    graph = graph_lib.get_default_graph()
    scope = _state(graph)["var_scope"]
    full = f"{scope.name}/{name}" if scope.name else name
    if isinstance(regularizer, (str, dict)):  # "l2", as tf.compat.v1.layers take it
        regularizer = regularizers.get(regularizer)
    if graph_lib.default_graph() is None:
        return _eager_get_variable(scope, full, shape, dtype, initializer, regularizer, trainable, collections,
                                   constraint)
    store = graph.var_store
    existing = store.get(full)
    if existing is not None:
        if scope.reuse is False or scope.reuse is None:
            raise ValueError(f"Variable {full} already exists, disallowed. Did you mean to set reuse=True or "
                             "reuse=tf.AUTO_REUSE in VarScope?")
        if shape is not None and not existing.shape.is_compatible_with(_shape_list(shape)):
            raise ValueError(f"Trying to share variable {full}, but specified shape {tuple(_shape_list(shape))} "
                             f"and found shape {existing.shape}.")
        return existing
    if scope.reuse is True:
        raise ValueError(f"Variable {full} does not exist, or was not created with tf.get_variable(). Did you "
                         "mean to set reuse=tf.AUTO_REUSE in VarScope?")
    dtype = as_dtype(dtype) if dtype is not None else scope.dtype
    initializer = initializer if initializer is not None else scope.initializer
    regularizer = regularizer if regularizer is not None else scope.regularizer
    if initializer is None:
        initializer = _default_initializer(dtype)
    if isinstance(initializer, type):  # an initializer class (`tf.compat.v1.initializers.glorot_normal`), as TF
        initializer = initializer()
    dims = _shape_list(shape)
    if isinstance(initializer, SymbolicTensor) or not callable(initializer):
        if shape is not None and not isinstance(initializer, SymbolicTensor):
            raise ValueError("If initializer is a constant, do not specify shape. "
                             f"Received: shape={shape!r}")
        init_value = initializer
    else:
        if dims is None:
            raise ValueError(f"The initializer passed is not valid. It should be a callable with no arguments "
                             f"and the shape should not be provided or an instance of `tf.keras.initializers.*' "
                             f"and `shape` should be fully defined. Received: shape=None for variable {full}")
        init_value = _initializer_value(initializer, dims, dtype, full, graph)
    with graph.name_scope(""):
        with graph.name_scope(full.rsplit("/", 1)[0] + "/" if "/" in full else ""):
            var = GraphVariable(init_value, trainable=trainable, collections=collections,
                                validate_shape=validate_shape, name=full.rsplit("/", 1)[-1], dtype=dtype,
                                constraint=constraint if constraint is not None else scope.constraint)
    store[full] = var
    if regularizer is not None:
        with graph.name_scope(full + "/Regularizer/"):
            loss = record.record_call(regularizer, (var,), {}, "Regularizer", None, graph)
        graph.add_to_collection(GraphKeys.REGULARIZATION_LOSSES, loss)
    return var


@record.op_function
def initial_value_of(initializer, dims, dtype):
    """`initializer(dims, dtype=dtype)`: a `get_variable`'s initial value (a module-level function, so a `.meta`
    file names it, with the initializer object as its argument)."""
    return initializer(dims, dtype=dtype)


def _initializer_value(initializer, dims, dtype, full, graph):
    with graph.name_scope(full + "/Initializer/"), graph.control_dependencies(None):  # TF's init scope
        return record.record_call(initial_value_of, (initializer, list(dims), dtype), {}, "Initializer", None, graph)


def _eager_get_variable(scope, full, shape, dtype, initializer, regularizer, trainable, collections, constraint):
    """TF2 eager `get_variable`: in a `track_tf1_style_variables` call, the store's variable of that name (made
    on first use); elsewhere every call creates a new `tf.Variable` named "scope/name" (eager mode has no
    graph to share variables through; TF's `_VariableStore` keeps none)."""
    regularizer = regularizer if regularizer is not None else scope.regularizer
    store = eager_variable_store.current()
    if store is not None:
        existing = store.get(full)
        if existing is not None:
            if shape is not None and tuple(existing.shape) != tuple(_shape_list(shape)):
                raise ValueError(f"Trying to share variable {full}, but specified shape {tuple(_shape_list(shape))} "
                                 f"and found shape {tuple(existing.shape)}.")
            return existing
        variable = _new_eager_variable(scope, full, shape, dtype, initializer, trainable, collections, constraint)
        store.add(full, variable, regularizer)
        return variable
    if regularizer is not None:
        raise ValueError("In eager mode a regularizer of tf.compat.v1.get_variable has no graph collection to "
                         "add its loss to; keraslike does not drop it silently. Compute the penalty yourself. "
                         f"Received: regularizer={regularizer!r} for variable {full}")
    return _new_eager_variable(scope, full, shape, dtype, initializer, trainable, collections, constraint)


def _new_eager_variable(scope, full, shape, dtype, initializer, trainable, collections, constraint):
    if collections is not None:
        raise ValueError("Graph collections do not exist in eager mode. "
                         f"Received: collections={collections!r} for variable {full}")
    dtype = as_dtype(dtype) if dtype is not None else scope.dtype
    initializer = initializer if initializer is not None else scope.initializer
    if initializer is None:
        initializer = _default_initializer(dtype)
    if isinstance(initializer, type):  # an initializer class (`tf.compat.v1.initializers.glorot_normal`), as TF
        initializer = initializer()
    dims = _shape_list(shape)
    if callable(initializer):
        if dims is None:
            raise ValueError("The initializer passed is not valid. It should be a callable with no arguments and "
                             "the shape should not be provided or an instance of `tf.keras.initializers.*' and "
                             f"`shape` should be fully defined. Received: shape=None for variable {full}")
        value = initializer(dims, dtype=dtype)
    else:
        if shape is not None:
            raise ValueError(f"If initializer is a constant, do not specify shape. Received: shape={shape!r}")
        value = initializer
    with eager_name_scope.name_scope(""):
        return Variable(value, trainable=True if trainable is None else trainable, name=full, dtype=dtype,
                        constraint=constraint if constraint is not None else scope.constraint)
