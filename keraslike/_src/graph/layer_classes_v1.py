"""`tf.compat.v1.layers.Dense` / `Conv2D`: the object forms of TF1's functional layers.

The layer takes its arguments at construction and, on its first call, the variable scope "<base>", "<base>_1",
... (the first not opened yet in the current scope, TF's rule); later calls use the same scope, so with
`track_tf1_style_variables` (or in a TF1 graph with reuse) they reuse its variables. `kernel` and `bias` are
the variables of the latest call.

    self.conv_1 = tf.compat.v1.layers.Conv2D(3, 3, kernel_regularizer="l2")   # in __init__
    out = self.conv_1(inputs)                                                    # in a decorated call
"""

from keraslike._src.graph import eager_variable_store
from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph import layers as functional
from keraslike._src.graph import variable_scope as vs


class _LayerV1:
    _BASE = ""
    _FUNCTION = None

    def __init__(self, *args, name=None, **kwargs):
        self._args, self._kwargs = args, kwargs
        self._local_name = name
        self.name = name or self._BASE
        self.kernel = self.bias = None

    def __call__(self, inputs, *args, **kwargs):
        if args or kwargs:
            raise TypeError(f"{type(self).__name__} takes only its inputs when called. "
                            f"Received: args={args!r}, kwargs={kwargs!r}")
        store = eager_variable_store.current()
        if store is None and graph_lib.default_graph() is None:
            raise NotImplementedError(
                f"tf.compat.v1.layers.{type(self).__name__} runs in TF1 graph mode or inside a method decorated "
                "with tf.compat.v1.keras.utils.track_tf1_style_variables; elsewhere use "
                f"tf.keras.layers.{type(self).__name__}. Received: a call in eager mode outside one")
        if self._local_name is None:
            with vs.variable_scope(None, default_name=self._BASE) as scope:
                self._local_name = scope.name.rsplit("/", 1)[-1]
            self.name = self._local_name
        out = type(self)._FUNCTION(inputs, *self._args, name=self._local_name, **self._kwargs)
        if store is not None:
            outer = vs.get_variable_scope().name
            full = f"{outer}/{self._local_name}" if outer else self._local_name
            self.kernel, self.bias = store.get(f"{full}/kernel"), store.get(f"{full}/bias")
        return out


class Dense(_LayerV1):
    """`tf.compat.v1.layers.Dense(units, ...)`: the arguments of `tf.compat.v1.layers.dense` less `inputs`."""

    _BASE = "dense"
    _FUNCTION = staticmethod(functional.dense)


class Conv2D(_LayerV1):
    """`tf.compat.v1.layers.Conv2D(filters, kernel_size, ...)`: the arguments of `tf.compat.v1.layers.conv2d` less
    `inputs`."""

    _BASE = "conv2d"
    _FUNCTION = staticmethod(functional.conv2d)
