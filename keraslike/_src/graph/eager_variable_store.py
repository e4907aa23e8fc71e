"""`tf.compat.v1.keras.utils.track_tf1_style_variables`: TF1-style `get_variable` code inside a TF2 layer.

Decorating a Keras layer's (or `tf.Module`'s) method makes the `tf.compat.v1.get_variable` calls it makes, directly
or through `tf.compat.v1.layers.*`, go to a variable store the object owns: the first call creates the
variables (named by their variable scopes, "dense/kernel"), later calls reuse them by name (TF's AUTO_REUSE),
and the object tracks them (`weights`, `trainable_variables`, checkpoints; ordered by name, as TF's store).
A variable created with a `regularizer` adds its penalty to the layer's `losses`, evaluated when read.
Each call starts from a fresh variable-scope state, so layers named by default ("dense", "dense_1") get the
same names every call.

    class DenseLayer(tf.keras.layers.Layer):
        @tf.compat.v1.keras.utils.track_tf1_style_variables
        def call(self, inputs):
            with tf.compat.v1.variable_scope("dense"):
                kernel = tf.compat.v1.get_variable("kernel", shape=[inputs.shape[-1], 10])
            return tf.matmul(inputs, kernel)
"""

import contextlib
import functools

from keraslike._src.graph import graph as graph_lib

_active = []  # the stores of the decorated calls running now, innermost last
_STORE_ATTR = "_tf1_style_var_store"
_TRACK_ATTR = "_tf1_style_variables"
_LAYERS_ATTR = "_tf1_style_layers"


class EagerVariableStore:
    """The variables one object's decorated methods created, by full name."""

    def __init__(self, owner):
        self.owner = owner
        self.variables = {}
        self.layers = {}

    def get(self, name):
        return self.variables.get(name)

    def add(self, name, variable, regularizer=None):
        """Keep a new variable; the owner tracks it, and its regularizer's penalty joins the owner's losses."""
        self.variables[name] = variable
        if regularizer is not None:
            add_loss = getattr(self.owner, "add_loss", None)
            if add_loss is None:
                raise ValueError(f"A regularizer of variable {name} needs a Keras layer to add its loss to; "
                                 f"{type(self.owner).__name__} has no `add_loss`. "
                                 f"Received: regularizer={regularizer!r}")
            add_loss(lambda v=variable, r=regularizer: r(v))
        setattr(self.owner, _TRACK_ATTR, {})  # re-tracked in name order, as TF's store lists them
        setattr(self.owner, _TRACK_ATTR, dict(sorted(self.variables.items())))  # the owner's tracking owns them

    def add_layer(self, key, layer):
        """Keep a layer made by `get_or_create_layer`; the owner tracks it (its weights are the owner's)."""
        self.layers[key] = layer
        setattr(self.owner, _LAYERS_ATTR, dict(self.layers))

    @contextlib.contextmanager
    def scope(self):
        graph = graph_lib.get_default_graph()
        saved = graph.scope_state
        if not _active:  # the outermost decorated call starts fresh: "dense" is "dense" again each call
            graph.scope_state = {"var_scope": None, "counts": {}}
        _active.append(self)
        try:
            yield self
        finally:
            _active.pop()
            graph.scope_state = saved


def current():
    """The store of the innermost decorated call running now, or None."""
    return _active[-1] if _active else None


def track_tf1_style_variables(method):
    """`tf.compat.v1.keras.utils.track_tf1_style_variables`: decorate a layer's (or Module's) method so the
    `tf.compat.v1.get_variable` variables it makes are created once, reused by name, and tracked (module
    docstring)."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        store = self.__dict__.get(_STORE_ATTR)
        if store is None:
            store = EagerVariableStore(self)
            object.__setattr__(self, _STORE_ATTR, store)  # bookkeeping, not a tracked attribute
        if graph_lib.default_graph() is not None:
            return method(self, *args, **kwargs)  # TF1 graph mode: the graph's own variable store
        with store.scope():
            return method(self, *args, **kwargs)

    return wrapper

