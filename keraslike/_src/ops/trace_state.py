"""Static shapes TF would give while `tf.data` traces a `map` function for its `element_spec` (state only).

TF's trace knows nothing of the shapes a `tf.py_function` / `tf.numpy_function` returns (`TensorSpec(shape=
<unknown>)`) until `set_shape` or `tf.ensure_shape` states them. keraslike's map trace runs the function on
example values, so the returned tensors have concrete shapes; while `element_trace()` is active those ops record
the static shape TF would have (unknown, then what `set_shape`/`ensure_shape` say) and the dataset's spec uses it.
"""

import contextlib
import threading

_STATE = threading.local()


@contextlib.contextmanager
def element_trace():
    """Collect {id(tensor): static shape or None} for the tensors of one map trace (yields that dict)."""
    outer = getattr(_STATE, "shapes", None)
    _STATE.shapes = {}
    try:
        yield _STATE.shapes
    finally:
        _STATE.shapes = outer


def unknown_shape(value):
    """`value` came out of a py_function: its static shape is unknown (while a trace is active)."""
    shapes = getattr(_STATE, "shapes", None)
    if shapes is not None:
        shapes[id(value)] = None


def stated_shape(value, shape):
    """`set_shape`/`ensure_shape` stated `shape` (a TensorShape) for a tracked `value`."""
    shapes = getattr(_STATE, "shapes", None)
    if shapes is not None and id(value) in shapes:
        known = shapes[id(value)]
        shapes[id(value)] = shape if known is None else known.merge_with(shape)
