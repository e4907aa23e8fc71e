"""`tf.autograph`: conversion controls.

Mirrors `tensorflow/python/autograph/impl/api.py` and `autograph/utils/ag_logging.py`. TF's
AutoGraph rewrites Python control flow into graph ops inside `tf.function`; keraslike runs the
Python as written on every call (what converted code computes) and uses the converted form
(`autograph_converter.py`) only to record a function's graph (`ConcreteFunction.graph`), so:

- `to_graph(f)` returns `f` itself (its eager form computes what the converted form does);
- `to_code(f)` returns the converted source keraslike records graphs with (its own `ag__` calls,
  not TF's generated text), named `tf__<name>` as TF's;
- `set_loop_options(...)` configures AutoGraph-converted loops' graph ops; keraslike's recorded
  loops have no such settings and eager loops run as written, so it has no effect (as TF's
  outside converted loops; use `tf.while_loop` arguments instead);
- `trace(*args)` prints its arguments; `set_verbosity` sets the level reported by logging.
"""

import enum
import inspect
import logging
import textwrap

from keraslike._src.autodiff import autograph_converter

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
    """`tf.autograph.to_code(entity)`: the converted source keraslike records a function's graph with
    (`autograph_converter.py`: `if`/`while`/`for` as `ag__.if_stmt`/`while_stmt`/`for_stmt` calls), named
    `tf__<name>` as TF's; the plain source when the function cannot be converted."""
    entity = getattr(entity, "python_function", entity)
    try:
        return autograph_converter.to_source(entity)
    except Exception:  # noqa: BLE001 - no convertible source (a lambda, a builtin): the source as written
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
