"""TF1 graph-era functions, eagerly: initializers, placeholders, eager-mode switches.

Mirrors `tensorflow/python/ops/variables.py` (initializers),
`tensorflow/python/ops/array_ops.py` (`placeholder`) and
`tensorflow/python/framework/ops.py` (`enable_eager_execution`, ...).
"""

from keraslike._src.compat.v1.session import Operation, Session
from keraslike._src.graph import framework as graph_framework
from keraslike._src.graph import graph as graph_lib
from keraslike._src.ops import function_scope
from keraslike._src.graph import variables as graph_variables
from keraslike._src.ops.conversion import convert_to_tensor
from keraslike._src.placement import log


def global_variables_initializer():
    """`tf.compat.v1.global_variables_initializer()`: an op whose `run()` does nothing.

    Eager variables hold their value from creation, so there is nothing to
    initialise; the op exists so `sess.run(init)` and `init.run()` work (and
    appear as "init" in a session's placement log).

    Returns:
        `Operation` named "init" (uniquified). In graph mode, the op running every global variable's initializer.
    """
    if graph_lib.default_graph() is not None:
        return graph_variables.global_variables_initializer()
    return Operation("init")


def initialize_all_variables():
    """`tf.initialize_all_variables()` (TF's deprecated name of `global_variables_initializer`)."""
    return global_variables_initializer()


def local_variables_initializer():
    """`tf.compat.v1.local_variables_initializer()`: a no-op `Operation` ("init") eagerly; in graph mode the
    op initialising `LOCAL_VARIABLES`."""
    if graph_lib.default_graph() is not None:
        return graph_variables.local_variables_initializer()
    return Operation("init")


def variables_initializer(var_list, name="init"):
    """`tf.compat.v1.variables_initializer(var_list)`: a no-op `Operation` eagerly (the variables already hold
    values); in graph mode the op running their initializers."""
    if graph_lib.default_graph() is not None:
        return graph_variables.variables_initializer(var_list, name)
    return Operation(name)


def tables_initializer(name="init_all_tables"):
    """`tf.compat.v1.tables_initializer()`: a no-op `Operation`."""
    return Operation(name)


def placeholder(dtype, shape=None, name=None):
    """`tf.compat.v1.placeholder`: in graph mode a tensor that `Session.run` feeds from `feed_dict`.

    Raises:
        RuntimeError: in eager mode (TF2's wording, plus what to do instead).
    """
    if graph_lib.default_graph() is not None:
        return graph_framework.placeholder(dtype, shape, name)
    raise RuntimeError(
        "tf.placeholder() is not compatible with eager execution. Either enter graph mode as TF1 programs do "
        "(tf.compat.v1.disable_eager_execution(), or build under `with tf.Graph().as_default():`) and feed it "
        "in Session.run, or pass the data itself: compute with a numpy array or tf.constant, or write a "
        "Python function (optionally @tf.function, with input_signature=[tf.TensorSpec(shape, dtype)]) that "
        f"takes it as an argument. Received: dtype={dtype!r}, shape={shape!r}, name={name!r}"
    )


def placeholder_with_default(input, shape, name=None):
    """`tf.compat.v1.placeholder_with_default`: eagerly, just `input`; in graph mode, `input` unless fed."""
    if graph_lib.default_graph() is not None:
        return graph_framework.placeholder_with_default(input, shape, name)
    return convert_to_tensor(input)


def executing_eagerly():
    """`tf.executing_eagerly()`: True unless TF1 graph mode is on or a `tf.function` body runs."""
    return graph_lib.default_graph() is None and not function_scope.inside()


def enable_eager_execution(config=None, device_policy=None, execution_mode=None):
    """`tf.compat.v1.enable_eager_execution()`: back to eager mode (the default); applies `config` if given."""
    graph_lib.set_eager_disabled(False)
    if config is not None:
        Session._apply_config(config)


def enable_v2_behavior():
    """`tf.compat.v1.enable_v2_behavior()`: back to eager mode and TF2 shapes (the default)."""
    graph_lib.set_eager_disabled(False)
    graph_lib.set_v1_behavior(False)


def disable_eager_execution():
    """`tf.compat.v1.disable_eager_execution()`: TF1 graph mode for the rest of the program.

    Ops then record into the default graph (`tf.compat.v1.get_default_graph()`) and compute when a
    `tf.compat.v1.Session` runs them, with placeholders fed from `feed_dict`.
    """
    graph_lib.set_eager_disabled(True)


def disable_v2_behavior():
    """`tf.compat.v1.disable_v2_behavior()`: TF1 graph mode (`disable_eager_execution`) with TF1 shapes
    (`x.shape[1]` is a `tf.compat.v1.Dimension`, unknown dimensions print as "?") and `_ref` variables."""
    disable_eager_execution()
    graph_lib.set_v1_behavior(True)


def reset_default_graph():
    """`tf.compat.v1.reset_default_graph()`: a fresh default graph; TF1 op naming restarts ("Const", ...)."""
    log.reset()
    graph_lib.reset_default_graph()
