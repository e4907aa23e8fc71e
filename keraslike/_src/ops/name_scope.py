"""`tf.name_scope`, `tf.get_current_name_scope`, `tf.init_scope` (eager semantics).

Mirrors `tensorflow/python/framework/ops.py` (`name_scope_v2`, `init_scope`). Eager TF keeps one
scope string per thread: entering `name_scope("a")` inside `"outer/"` makes it `"outer/a/"`; a
name ending in `/` is absolute; `""` resets to the root. Scopes are not made unique eagerly.
Variables created inside a scope are named with it (`tf.Variable(1., name="v")` -> `"outer/a/v:0"`).

`init_scope()` is TF's way out of function-building code: eagerly it keeps the name scope and
pauses gradient recording (TF pauses the tape), so values made inside are constants.
"""

import contextlib
import threading

import torch

from keraslike._src.ops import function_scope

_state = threading.local()


def current_scope():
    """The current scope string, `""` or ending in `/` (e.g. `"outer/inner/"`)."""
    return getattr(_state, "scope", "")


def get_current_name_scope():
    """`tf.get_current_name_scope()`: the current scope without the trailing `/` (`"outer/inner"`)."""
    return current_scope().rstrip("/")


class name_scope:  # noqa: N801 - TF's public name
    """`tf.name_scope(name)`: a context manager that enters `name` below the current scope.

    Args:
        name: str; `""` means the root scope, a trailing `/` makes it absolute.

    Raises:
        ValueError: if `name` is not a string (TF's error).

    Example:
        >>> with tf.name_scope("block") as scope:
        ...     scope                       # "block/"
        ...     tf.Variable(1.0, name="w")  # <tf.Variable 'block/w:0' ...>
    """

    def __init__(self, name):
        if not isinstance(name, str):
            raise ValueError(f"name for name_scope must be a string. Received: name={name!r}")
        self._name = name
        self._previous = []

    @property
    def name(self):
        """The name given (absolute scope strings end in `/`)."""
        return self._name

    def __enter__(self):
        old = current_scope()
        name = self._name
        if not name:
            scope = ""
        elif name.endswith("/"):
            scope = name
        else:
            scope = f"{old}{name}/"
        self._previous.append(old)
        _state.scope = scope
        return scope

    def __exit__(self, *exc):
        _state.scope = self._previous.pop()
        return False


@contextlib.contextmanager
def init_scope():
    """`tf.init_scope()`: eagerly, a scope in which gradients are not recorded (see module docstring)."""
    with torch.no_grad(), function_scope.lifted():
        yield
