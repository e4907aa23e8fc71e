"""tf_keras's `TFOpLambda` / `SlicingOpLambda` nodes of functional configs (tf_keras/src/layers/core/tf_op_layer.py).

tf_keras (Keras 2, what `TF_USE_LEGACY_KERAS=1` selects) records a TF function applied to a functional-API
tensor (`x / 2.0`, `tf.reshape(x, ...)`, `x[:, 0]`, `tf.concat([a, b], -1)`) as a layer whose config names the
function by its public TF path:

    {"class_name": "TFOpLambda", "config": {"name": "tf.math.truediv", "function": "math.truediv", ...}}

and whose inbound node holds the call's arguments (`keras2_config` turns it into Keras 3's `args` / `kwargs`).
Loading one gives a `TFOpNode`: the functional rebuild calls it like a layer, it records an `OpLayer` that
applies the function of the same path in keraslike's public `tf` namespace (the `keraslike` package, looked up
in `sys.modules` when the file is read: `_src` never imports the public face). The few `tf.__operators__`
functions (Python operators on tensors) are spelled out below. Such a model saves back: the node is written as
it was read (`KerasOp`), so keraslike (and, in a Keras 2 file, tf_keras) reads it again.
"""

import sys

from keraslike._src.keras.ops import numpy as knp
from keraslike._src.keras.ops.symbolic import OpLayer
from keraslike._src.keras.saving.op_nodes import KerasOp

TF_OP_CLASSES = ("TFOpLambda", "SlicingOpLambda")
MODULE = "tf_keras.src.layers.core.tf_op_layer"


def _public(path):
    """The object at `path` ("math.truediv") in keraslike's public namespace, or None."""
    namespace = sys.modules.get("keraslike")
    for part in path.split("."):
        namespace = getattr(namespace, part, None)
        if namespace is None:
            return None
    return namespace


def _operator_add(x, y, name=None):
    """`tf.__operators__.add`: `x + y`."""
    return _public("math.add")(x, y)


def _operator_eq(self, other):
    """`tf.__operators__.eq`: `x == y`, elementwise."""
    return _public("math.equal")(self, other)


def _operator_ne(self, other):
    """`tf.__operators__.ne`: `x != y`, elementwise."""
    return _public("math.not_equal")(self, other)


def _operator_getitem(tensor, slice_spec, var=None):
    """`tf.__operators__.getitem`: `tensor[slice_spec]` (a list spec indexes several axes, as TF's)."""
    if var is not None:
        raise ValueError(f"A SlicingOpLambda node slicing a variable (`var`) cannot be rebuilt by keraslike. "
                         f"Received: var={var!r}")
    return knp.get_item(tensor, tuple(slice_spec) if isinstance(slice_spec, (list, tuple)) else slice_spec)


_OPERATORS = {"__operators__.add": _operator_add, "__operators__.eq": _operator_eq,
              "__operators__.ne": _operator_ne, "__operators__.getitem": _operator_getitem}


def is_tf_op_config(config):
    """True for a functional config entry that is tf_keras's `TFOpLambda` or `SlicingOpLambda`."""
    module = config.get("module") or MODULE  # tf_keras's, or tf.keras 2.x's `keras.src.layers.core.tf_op_layer`
    return config.get("class_name") in TF_OP_CLASSES and module.endswith("layers.core.tf_op_layer")


def _without_name(fn):
    def call(*args, **kwargs):
        kwargs.pop("name", None)  # as tf_keras: a node's `name` argument would name every replay alike
        return fn(*args, **kwargs)

    call.__name__ = getattr(fn, "__name__", "tf_op")
    return call


class TFOpNode:
    """One `TFOpLambda` / `SlicingOpLambda` read from a config: calling it on the node's arguments applies the op.

    Args:
        class_name: `"TFOpLambda"` or `"SlicingOpLambda"`.
        fn: keraslike's function at the config's `function` path.
        config: the layer's config (`name`, `function`, `trainable`, `dtype`), written back on saving.
    """

    def __init__(self, class_name, fn, config):
        self.name = config.get("name") or f"tf.{config['function']}"
        self._class_name = class_name
        self._fn = _without_name(fn)
        self._config = dict(config)

    def call(self, *args, **kwargs):
        """The op on concrete tensors."""
        return self._fn(*args, **kwargs)

    def __call__(self, *args, **kwargs):
        """The op on the functional graph's tensors: records an `OpLayer` node named as in the file."""
        spec = KerasOp(MODULE, self._class_name, self._config, list(args), dict(kwargs))
        return OpLayer.on_symbolic(self._fn, args, kwargs, name=self.name, keras_op=spec)


def op_from_config(config):
    """The `TFOpNode` of a `TFOpLambda` / `SlicingOpLambda` config entry.

    Raises:
        ValueError: for a function keraslike's `tf` namespace does not have, naming it.
    """
    class_name = config["class_name"]
    inner = config.get("config")
    if not isinstance(inner, dict) or not isinstance(inner.get("function"), str):
        raise ValueError(f"The config of a {class_name} layer must name its TF function (`function`, e.g. "
                         f"\"math.truediv\"). Received: config={inner!r}")
    path = inner["function"]
    fn = _OPERATORS.get(path) or _public(path)
    if not callable(fn):
        raise ValueError(f"The functional config holds a {class_name} layer {inner.get('name')!r} applying "
                         f"`tf.{path}`, which keraslike's `tf` namespace does not have. Received: function={path!r}")
    return TFOpNode(class_name, fn, inner)
