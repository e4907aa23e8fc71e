"""TF1 graph-era functions, eagerly: initializers, placeholders, eager-mode switches.

Mirrors `tensorflow/python/ops/variables.py` (initializers),
`tensorflow/python/ops/array_ops.py` (`placeholder`) and
`tensorflow/python/framework/ops.py` (`enable_eager_execution`, ...).
"""

import warnings

from keraslike._src.compat.v1.session import Operation, Session
from keraslike._src.ops.conversion import convert_to_tensor
from keraslike._src.placement import log


def global_variables_initializer():
    """`tf.compat.v1.global_variables_initializer()`: an op whose `run()` does nothing.

    Eager variables hold their value from creation, so there is nothing to
    initialise; the op exists so `sess.run(init)` and `init.run()` work (and
    appear as "init" in a session's placement log).

    Returns:
        `Operation` named "init" (uniquified).
    """
    return Operation("init")


def initialize_all_variables():
    """`tf.initialize_all_variables()` (TF's deprecated name of `global_variables_initializer`)."""
    return global_variables_initializer()


def local_variables_initializer():
    """`tf.compat.v1.local_variables_initializer()`: a no-op `Operation` ("init")."""
    return Operation("init")


def variables_initializer(var_list, name="init"):
    """`tf.compat.v1.variables_initializer(var_list)`: a no-op `Operation` (the variables already hold values)."""
    return Operation(name)


def tables_initializer(name="init_all_tables"):
    """`tf.compat.v1.tables_initializer()`: a no-op `Operation`."""
    return Operation(name)


def placeholder(dtype, shape=None, name=None):
    """`tf.compat.v1.placeholder`: graph-only; raises with the eager equivalent.

    Raises:
        RuntimeError: always (TF2's wording, plus what to do instead).
    """
    raise RuntimeError(
        "tf.placeholder() is not compatible with eager execution, and keraslike always executes eagerly. "
        "Instead of a placeholder and feed_dict, pass the data itself: compute with a numpy array or "
        "tf.constant, or write a Python function (optionally @tf.function, with "
        "input_signature=[tf.TensorSpec(shape, dtype)]) that takes it as an argument. "
        f"Received: dtype={dtype!r}, shape={shape!r}, name={name!r}"
    )


def placeholder_with_default(input, shape, name=None):
    """`tf.compat.v1.placeholder_with_default`: eagerly, just `input`."""
    return convert_to_tensor(input)


def executing_eagerly():
    """`tf.executing_eagerly()`: always True in keraslike."""
    return True


def enable_eager_execution(config=None, device_policy=None, execution_mode=None):
    """`tf.compat.v1.enable_eager_execution()`: keraslike is always eager; applies `config` if given."""
    if config is not None:
        Session._apply_config(config)


def enable_v2_behavior():
    """`tf.compat.v1.enable_v2_behavior()`: no-op (keraslike always behaves as TF2)."""


def disable_eager_execution():
    """`tf.compat.v1.disable_eager_execution()`: warns; keraslike always executes eagerly.

    TF1 code keeps working: `Session.run` returns the values ops already
    computed. Graph-only features raise errors naming the eager equivalent.
    """
    warnings.warn(
        "keraslike always executes eagerly; disable_eager_execution() has no effect. Session.run() "
        "returns the values the ops already computed; placeholders and feed_dict are not available.",
        UserWarning,
        stacklevel=2,
    )


def disable_v2_behavior():
    """`tf.compat.v1.disable_v2_behavior()`: warns like `disable_eager_execution`."""
    disable_eager_execution()


def reset_default_graph():
    """`tf.compat.v1.reset_default_graph()`: restart TF1 op naming ("Const", "MatMul", ...) from scratch."""
    log.reset()
