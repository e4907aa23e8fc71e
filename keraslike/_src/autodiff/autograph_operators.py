"""The calls AutoGraph-converted code makes (`ag__.if_stmt`, `while_stmt`, `for_stmt`; see autograph_converter.py).

Mirrors `tensorflow/python/autograph/operators/control_flow.py`: a condition or iterable that is a graph tensor of
the function graph being recorded (or a `tf.data.Dataset` there) records a `cond` / `while` / dataset-reduce op
(`graph/func_control_flow.py`), each branch or loop body run once on graph tensors; anything else (a Python
value, an eager tensor) runs the Python statement as written.
"""

from keraslike._src.graph import func_control_flow
from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph.tensor import GraphNotRecorded, SymbolicTensor


class _Undefined:
    """A name not yet bound where a converted statement starts (AutoGraph's `Undefined`)."""

    def __repr__(self):
        return "UNDEFINED"

    def __bool__(self):
        raise UnboundLocalError("a variable used here is not defined on every path through the converted code")


UNDEFINED = _Undefined()


def state(local_values, names):
    """The current values of `names` in the converted function (`UNDEFINED` for unbound ones)."""
    return tuple(local_values.get(name, UNDEFINED) for name in names)


def _recording():
    graph = graph_lib.default_graph()
    return graph if graph is not None and graph.building_function else None


def _staged(value):
    graph = _recording()
    return graph if graph is not None and isinstance(value, SymbolicTensor) else None


def if_stmt(test, true_fn, false_fn, values, names):
    """`if test:` over the state `values` (one per name in `names`); returns the new state."""
    graph = _staged(test)
    if graph is not None:
        return func_control_flow.record_cond(graph, test, true_fn, false_fn, values, names)
    return true_fn(*values) if test else false_fn(*values)


def if_return(test, true_fn, false_fn, values):
    """`if test: ... return a` / `else: ... return b`: the value returned."""
    graph = _staged(test)
    if graph is not None:
        return func_control_flow.record_cond(graph, test, true_fn, false_fn, values, None)
    return true_fn(*values) if test else false_fn(*values)


def while_stmt(test_fn, body_fn, values, names):
    """`while test_fn(...): body_fn(...)` over the state `values`; returns the final state."""
    graph = _recording()
    if graph is not None:  # AutoGraph decides on a test traced in a scratch graph (its ops are not kept)
        if isinstance(func_control_flow.scratch_test(graph, test_fn, values), SymbolicTensor):
            return func_control_flow.record_while(graph, test_fn, body_fn, values, names)
    test = test_fn(*values)
    while test:
        values = body_fn(*values)
        test = test_fn(*values)
        if _staged(test) is not None:
            raise GraphNotRecorded("a `while` loop whose condition became a graph tensor after a Python-valued "
                                   "first test is not recorded (AutoGraph converts such loops from the start)")
    return values


def is_dataset(value):
    """Whether `value` is a `tf.data.Dataset`."""
    return type(value).__module__.startswith("keraslike._src.data") and hasattr(value, "element_spec") and \
        hasattr(value, "reduce")


def for_stmt(iterable, body_fn, values, names):
    """`for target in iterable: body_fn(element, ...)` over the state `values`; returns the final state."""
    graph = _recording()
    if graph is not None and is_dataset(iterable):
        return func_control_flow.record_dataset_for(graph, iterable, body_fn, values, names)
    if graph is not None and isinstance(iterable, SymbolicTensor):
        return func_control_flow.record_tensor_for(graph, iterable, body_fn, values, names)
    for element in iterable:
        values = body_fn(element, *values)
    return values
