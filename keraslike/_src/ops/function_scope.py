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
import os
import threading
import zlib

_local = threading.local()


def key_of(fn):
    """A number naming the Python function `fn` by its code (file name, line, qualified name; a bound method's
    function; a callable object's class), the same in every process and for every closure made by the same
    code, as TF's function graphs of the same code are alike."""
    fn = getattr(fn, "__func__", fn)
    code = getattr(fn, "__code__", None)
    if code is not None:
        name = f"{os.path.basename(code.co_filename)}:{code.co_firstlineno}:{code.co_qualname}"
    else:
        name = f"{type(fn).__module__}.{type(fn).__qualname__}"
    return zlib.crc32(name.encode())


def _frames():
    frames = getattr(_local, "frames", None)
    if frames is None:
        frames = _local.frames = []
    return frames


def _depth():
    return getattr(_local, "depth", 0)


def inside():
    """True while a `tf.function` body runs (and not under `tf.init_scope`)."""
    return _depth() > 0


@contextlib.contextmanager
def entered(fn=None):
    """The body of the `tf.function` (or tf.data function) `fn` runs in here (its key, `key_of(fn)`, is computed
    only if a random op in it asks, so a call pays nothing for it)."""
    _local.depth = _depth() + 1
    frames = _frames()
    frames.append([fn, 0])
    try:
        yield
    finally:
        _local.depth -= 1
        frames.pop()


def next_random_op():
    """`(function key, n)` for the n-th stateful random op without an op seed in this call of the innermost
    function body (TF gives such an op a seed from its position in the function's graph, not from the eager
    op-seed sequence), or None outside function bodies."""
    frames = _frames()
    if not inside() or not frames:
        return None
    frame = frames[-1]
    frame[1] += 1
    return key_of(frame[0]) if frame[0] is not None else 0, frame[1] - 1


@contextlib.contextmanager
def lifted():
    """`tf.init_scope`: back in the eager context, outside every function body."""
    saved, _local.depth = _depth(), 0
    try:
        yield
    finally:
        _local.depth = saved
