"""Static shapes TF would give while `tf.data` traces a `map` function for its `element_spec` (state only).

TF's trace knows nothing of the shapes a `tf.py_function` / `tf.numpy_function` returns (`TensorSpec(shape=
<unknown>)`) until `set_shape` or `tf.ensure_shape` states them. keraslike's map trace runs the function on
example values, so the returned tensors have concrete shapes; while `element_trace()` is active those ops record
the static shape TF would have (unknown, then what `set_shape`/`ensure_shape` say) and the dataset's spec uses it.
"""

import contextlib
import threading

import torch

_STATE = threading.local()
_SNAPSHOTS = []  # callables returning a restore callable: other state a trace must leave as it found it


def register_snapshot(snapshot):
    """`snapshot()` is called when a trace starts and returns a callable that puts the state back when it ends
    (the random ops' seed state: a TF trace runs no kernel, so it draws nothing)."""
    _SNAPSHOTS.append(snapshot)


@contextlib.contextmanager
def element_trace():
    """Collect {id(tensor): static shape or None} for the tensors of one map trace (yields that dict)."""
    outer, outer_standins = getattr(_STATE, "shapes", None), getattr(_STATE, "standins", None)
    _STATE.shapes, _STATE.standins = {}, {}
    try:
        yield _STATE.shapes
    finally:
        _STATE.shapes, _STATE.standins = outer, outer_standins


@contextlib.contextmanager
def variables_restored():
    """Variables updated (`assign`, `assign_add`, `assign_sub`) inside get their values back on exit.

    A trace runs user code on stand-in values (`get_concrete_function`, a map's element spec): in TF a trace
    builds a graph and no update happens, so none may survive here either.
    """
    outer = getattr(_STATE, "undo", None)
    _STATE.undo = {}
    restores = [snapshot() for snapshot in _SNAPSHOTS]
    try:
        yield
    finally:
        for restore in restores:
            restore()
        undo, _STATE.undo = _STATE.undo, outer
        with torch.no_grad():
            for var, old in undo.values():
                if var.data.shape == old.shape:
                    var.data.copy_(old)
                else:
                    var.data = old


@contextlib.contextmanager
def function_call(may_create_variables):
    """A `tf.function` call; `may_create_variables` is False after its first call. TF creates a function's
    variables only in its first trace: a later call either reuses its graph (the Python body does not run) or
    retraces, where creating a `tf.Variable` raises. Nested calls inherit a refusal."""
    outer = getattr(_STATE, "no_new_variables", False)
    _STATE.no_new_variables = outer or not may_create_variables
    try:
        yield
    finally:
        _STATE.no_new_variables = outer


class VariableCreationError(ValueError):
    """TF's ValueError for a `tf.Variable` created in a `tf.function` trace that may not create one."""


_CREATED = [0]  # variables created so far (a tf.function's first call creates some: TF then traces it again)


def variables_created():
    """How many `tf.Variable`s have been created in this process (compared before and after a call)."""
    return _CREATED[0]


def check_variable_creation():
    """Called by `tf.Variable(...)`: TF's ValueError inside a `tf.function` call that may not create variables.

    Raises:
        VariableCreationError (a ValueError): as TF, for a variable created after the function's first trace.
    """
    _CREATED[0] += 1
    if getattr(_STATE, "no_new_variables", False):
        raise VariableCreationError(
            "tf.function only supports singleton tf.Variables created on the first call. Make sure the tf.Variable "
            "is only created once or created outside tf.function. See "
            "https://www.tensorflow.org/guide/function#creating_tfvariables for more information.")


def before_update(var):
    """Called by a variable about to change in place: remembers its value while `variables_restored` is active.

    Raises:
        NotImplementedError: while a function's graph is recorded (TF's graph holds an assign op; keraslike's
        picture has none, so it refuses rather than show a graph without the update).
    """
    if getattr(_STATE, "recording", False):
        raise NotImplementedError(f"an update of the variable {getattr(var, 'name', '')!r} (`assign`, `assign_add`, "
                                  "...) is not recorded (TF's graph holds an AssignVariableOp)")
    undo = getattr(_STATE, "undo", None)
    if undo is not None and id(var) not in undo:
        undo[id(var)] = (var, var.data.detach().clone())


def active():
    """Whether a map trace is running (user `py_function`/`numpy_function` bodies must not run then)."""
    return getattr(_STATE, "shapes", None) is not None


def standin(value):
    """Record `value` as a stand-in output of a `py_function` the trace did not call (its shape is free)."""
    standins = getattr(_STATE, "standins", None)
    if standins is None:
        standins = _STATE.standins = {}
    standins[id(value)] = value  # kept alive so the id stays this value's during the trace


def is_standin(value):
    return active() and id(value) in (getattr(_STATE, "standins", None) or {})


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


@contextlib.contextmanager
def graph_recording():
    """A `tf.function` body is being recorded as a graph picture (`ConcreteFunction.graph`)."""
    outer = getattr(_STATE, "recording", False)
    _STATE.recording = True
    try:
        yield
    finally:
        _STATE.recording = outer


def check_python_iteration(what):
    """Called where TF's AutoGraph would turn a Python loop into graph ops (a `for` over a `tf.data.Dataset`).

    Raises:
        NotImplementedError: while a function's graph is recorded: keraslike would unroll the loop over the
        data, where TF's graph holds one loop op.
    """
    if getattr(_STATE, "recording", False):
        raise NotImplementedError(
            f"a Python `for` loop over {what} is not recorded: TF's AutoGraph makes it one dataset-reduce loop "
            "in the graph (ScanDataset/ReduceDataset), and keraslike runs the Python loop as written")


def check_iterator_next(what):
    """Called by `next()` of tf.data and distributed iterators: while a function's graph is recorded, TF's trace
    makes an `IteratorGetNext` op and consumes nothing, so keraslike refuses rather than consume an element.

    Raises:
        NotImplementedError: while a function's graph is recorded.
    """
    if getattr(_STATE, "recording", False):
        raise NotImplementedError(f"`next()` of {what} is not recorded (TF's graph has an IteratorGetNext op; "
                                  "keraslike would consume an element)")


@contextlib.contextmanager
def symbolic_trace():
    """`get_concrete_function` runs a `tf.function` body on placeholders: TF's trace builds `tf.print` ops without
    running them, so nothing is printed (Python `print`s still are)."""
    outer = getattr(_STATE, "symbolic", False)
    _STATE.symbolic = True
    try:
        yield
    finally:
        _STATE.symbolic = outer


def in_symbolic_trace():
    return getattr(_STATE, "symbolic", False)
