"""TF1 graph-era functions, eagerly: initializers, placeholders, eager-mode switches.

Mirrors `tensorflow/python/ops/variables.py` (initializers),
`tensorflow/python/ops/array_ops.py` (`placeholder`) and
`tensorflow/python/framework/ops.py` (`enable_eager_execution`, ...).
"""

from keraslike._src.compat.v1.session import Operation, Session
from keraslike._src.graph import framework as graph_framework
from keraslike._src.graph import graph as graph_lib
from keraslike._src.ops import function_scope, tensor_equality
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


def sparse_placeholder(dtype, shape=None, name=None):
    """`tf.compat.v1.sparse_placeholder` (`tf.compat.v1.sparse.placeholder`): in graph mode a SparseTensor that
    `Session.run` feeds from `feed_dict` (a `tf.compat.v1.SparseTensorValue`).

    Raises:
        RuntimeError: in eager mode, as TF.
    """
    return graph_framework.sparse_placeholder(dtype, shape, name)


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
    """`tf.compat.v1.enable_v2_behavior()`: back to eager mode, TF2 shapes, resource variables and tensor equality
    (the defaults)."""
    graph_lib.set_eager_disabled(False)
    graph_lib.set_v1_behavior(False)
    graph_lib.set_resource_variables(True)
    tensor_equality.enable_tensor_equality()


def enable_v2_tensorshape():
    """`tf.compat.v1.enable_v2_tensorshape()`: graph tensors' shapes hold ints and None (the default)."""
    graph_lib.set_v1_behavior(False)


def disable_v2_tensorshape():
    """`tf.compat.v1.disable_v2_tensorshape()`: graph tensors' `x.shape[i]` is a `tf.compat.v1.Dimension` and
    unknown dimensions print as "?" (eager `tf.TensorShape` keeps ints)."""
    graph_lib.set_v1_behavior(True)


def enable_resource_variables():
    """`tf.compat.v1.enable_resource_variables()`: graph variables are resource variables (the default)."""
    graph_lib.set_resource_variables(True)


def disable_resource_variables():
    """`tf.compat.v1.disable_resource_variables()`: graph variables are TF1's `RefVariable`s (`float32_ref`)."""
    graph_lib.set_resource_variables(False)


def resource_variables_enabled():
    """`tf.compat.v1.resource_variables_enabled()`."""
    return graph_lib.resource_variables()


def enable_control_flow_v2():
    """`tf.compat.v1.enable_control_flow_v2()`: keraslike has one control flow (TF2's semantics): nothing to do."""


def control_flow_v2_enabled():
    """`tf.compat.v1.control_flow_v2_enabled()`: True (keraslike's only control flow)."""
    return True


def disable_control_flow_v2():
    """`tf.compat.v1.disable_control_flow_v2()`: not supported.

    Raises:
        NotImplementedError: keraslike has no TF1 control flow (Switch/Merge ops) to switch to.
    """
    raise NotImplementedError("tf.compat.v1.disable_control_flow_v2 is not supported: keraslike records tf.cond and "
                              "tf.while_loop with TF2's semantics only. Received: disable_control_flow_v2()")


def disable_eager_execution():
    """`tf.compat.v1.disable_eager_execution()`: TF1 graph mode for the rest of the program.

    Ops then record into the default graph (`tf.compat.v1.get_default_graph()`) and compute when a
    `tf.compat.v1.Session` runs them, with placeholders fed from `feed_dict`.
    """
    graph_lib.set_eager_disabled(True)


def disable_v2_behavior():
    """`tf.compat.v1.disable_v2_behavior()`: TF1 graph mode (`disable_eager_execution`) with TF1 shapes
    (`x.shape[1]` is a `tf.compat.v1.Dimension`, unknown dimensions print as "?"), `_ref` variables and TF1
    tensor equality (`==` on variables is identity); TF's control flow v1 has no keraslike counterpart."""
    disable_eager_execution()
    graph_lib.set_v1_behavior(True)
    graph_lib.set_resource_variables(False)
    tensor_equality.disable_tensor_equality()


def reset_default_graph():
    """`tf.compat.v1.reset_default_graph()`: a fresh default graph; TF1 op naming restarts ("Const", ...)."""
    log.reset()
    graph_lib.reset_default_graph()
