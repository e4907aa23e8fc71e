"""Whether code runs as the body of a `tf.function` (TF: inside a graph being built).

keraslike runs a `tf.function`'s Python body eagerly on every call, but what the body observes follows TF:
`tf.inside_function()` is True and `tf.executing_eagerly()` False there (unless
`tf.config.run_functions_eagerly(True)`), `tf.init_scope()` lifts back out, a `TensorArray` made there does not
enforce `clear_after_read` (TF's graph TensorArrays are tensor lists) and `tf.numpy_function` checks `Tout` (TF's
eager call converts the result as it is).

Example:
    >>> with entered():
    ...     inside()        # True
"""

import contextlib
import threading

_local = threading.local()


def _depth():
    return getattr(_local, "depth", 0)


def inside():
    """True while a `tf.function` body runs (and not under `tf.init_scope`)."""
    return _depth() > 0


@contextlib.contextmanager
def entered():
    """The body of a `tf.function` runs in here."""
    _local.depth = _depth() + 1
    try:
        yield
    finally:
        _local.depth -= 1


@contextlib.contextmanager
def lifted():
    """`tf.init_scope`: back in the eager context, outside every function body."""
    saved, _local.depth = _depth(), 0
    try:
        yield
    finally:
        _local.depth = saved
