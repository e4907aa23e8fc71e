"""`tf.autograph`: conversion controls, for code that runs eagerly.

Mirrors `tensorflow/python/autograph/impl/api.py` and `autograph/utils/ag_logging.py`. TF's
AutoGraph rewrites Python control flow into graph ops inside `tf.function`; keraslike runs the
Python as written, which is what converted code computes, so:

- `to_graph(f)` returns `f` itself (its eager form is the converted form here);
- `to_code(f)` returns `f`'s Python source (there is no generated code to show);
- `set_loop_options(...)` configures AutoGraph-converted loops; TF ignores it outside them, and
  no loop is converted here, so it has no effect (use `tf.while_loop` arguments instead);
- `trace(*args)` prints its arguments; `set_verbosity` sets the level reported by logging.
"""

import enum
import inspect
import logging
import textwrap

_verbosity = {"level": 0, "alsologtostdout": False}
_logger = logging.getLogger("keraslike.autograph")


class Feature(enum.Enum):
    """`tf.autograph.experimental.Feature`: optional AutoGraph conversions (all are Python semantics here)."""

    ALL = "ALL"
    AUTO_CONTROL_DEPS = "AUTO_CONTROL_DEPS"
    ASSERT_STATEMENTS = "ASSERT_STATEMENTS"
    BUILTIN_FUNCTIONS = "BUILTIN_FUNCTIONS"
    EQUALITY_OPERATORS = "EQUALITY_OPERATORS"
    LISTS = "LISTS"
    NAME_SCOPES = "NAME_SCOPES"


def to_graph(entity, recursive=True, experimental_optional_features=None):
    """`tf.autograph.to_graph(entity)`: returns `entity` (see module docstring)."""
    if not callable(entity):
        raise ValueError(f"Expected a Python function or class. Received: entity={entity!r}")
    return entity


def to_code(entity, recursive=True, experimental_optional_features=None):
    """`tf.autograph.to_code(entity)`: the Python source of `entity`."""
    return textwrap.dedent(inspect.getsource(entity))


def set_verbosity(level, alsologtostdout=False):
    """`tf.autograph.set_verbosity(level, alsologtostdout=False)`."""
    _verbosity.update(level=int(level), alsologtostdout=bool(alsologtostdout))
    _logger.setLevel(logging.DEBUG if level > 0 else logging.WARNING)


def trace(*args):
    """`tf.autograph.trace(*args)`: print the arguments (TF prints them at trace time)."""
    print(*args)


class _Unspecified:
    def __repr__(self):
        return "UNSPECIFIED"


UNSPECIFIED = _Unspecified()


def set_loop_options(parallel_iterations=UNSPECIFIED, swap_memory=UNSPECIFIED, maximum_iterations=UNSPECIFIED,
                     shape_invariants=UNSPECIFIED):
    """`tf.autograph.experimental.set_loop_options(...)`: no effect outside AutoGraph-converted loops (TF's rule)."""
