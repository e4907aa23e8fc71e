"""AutoGraph's control flow ops in a function's graph picture: `cond`, `while` and a `for` over a dataset.

Mirrors what TF 2.21 records for AutoGraph-converted statements (`tensorflow/python/ops/cond_v2.py`,
`while_v2.py`, `autograph/operators/control_flow.py`), as `ConcreteFunction.graph` shows them:

- `if <graph tensor>:` is one `StatelessIf` op (`If` when a branch holds a stateful op: `tf.print`, a variable
  read, ...) named `cond`, taking the predicate and the outer tensors the branches use, with one output per
  state variable (for `if c: return a else: return b`, AutoGraph's `do_return` flag and the value), each read by
  an `Identity` (`cond/Identity`, `cond/Identity_1`, ...). Each branch is traced once, in a graph of its own (TF's
  `cond_true_N` / `cond_false_N` library functions), so Python side effects of both branches happen once.
- `while <graph tensor>:` (and `for i in tf.range(...)`) is one `StatelessWhile` / `While` op named `while`
  taking `while/loop_counter`, `while/maximum_iterations`, the loop variables and the outer tensors its body
  uses; outputs are in the same order (a loop variable `k` is `while:<2 + k>`). A `for` over a range computes
  the trip count first (`Sub`, `FloorDiv`, `FloorMod`, `NotEqual`, `Cast`, `AddV2`, `Maximum`), as TF does.
- `for x in <dataset>:` is a `ScanDataset` then a `ReduceDataset` over the loop variables.

Stateful loop and cond ops get TF's automatic control dependency: the function's outputs wait on a `NoOp` that
depends on them. The ops are a picture: keraslike computes the function eagerly, not from this graph.
"""

import numbers

import numpy as np
import torch

from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph.func_graph import FuncGraph, _PictureOp
from keraslike._src.graph.tensor import GraphNotRecorded, SymbolicTensor
from keraslike._src.nest import nest
from keraslike._src.ops import name_scope as eager_name_scope
from keraslike._src.ops.tensor_shape import TensorShape

_STATEFUL_TYPES = frozenset({"If", "While", "ReadVariableOp", "AssignVariableOp", "AssignAddVariableOp",
                             "AssignSubVariableOp", "PrintV2", "ReduceDataset", "StatefulPartitionedCall"})
_counter = [0]


def _undefined(value):
    return type(value).__name__ == "_Undefined"


def _is_value(value):
    """A value a cond or loop carries as a tensor: a graph or eager tensor, a variable, a Python number."""
    if isinstance(value, bool) or isinstance(value, (SymbolicTensor, torch.Tensor)):
        return True
    if isinstance(value, (numbers.Number, np.generic)):
        return True
    return hasattr(value, "assign") and hasattr(value, "read_value")


def _stateful(graph):
    return bool(graph._reads) or any(op.type in _STATEFUL_TYPES or getattr(op, "stateful", False)
                                     for op in graph.get_operations())


def _subgraph(graph, name, fn, args):
    """Trace `fn(*args)` once in a graph of its own (a branch or loop body): (graph, result)."""
    _counter[0] += 1
    inner = FuncGraph(f"{name}_{_counter[0]}", outer=graph)
    with inner.as_default(), eager_name_scope.name_scope(""):
        result = fn(*args)
    return inner, result


def scratch_test(graph, test_fn, values):
    """`test_fn(*values)` traced in a throwaway graph inside `graph` (AutoGraph's look at a loop's test)."""
    _, result = _subgraph(graph, "scratch", test_fn, values)
    return result


def _outer_value(graph, value, name):
    """The graph tensor of a value handed into a cond or loop (a Python number becomes a `Const`)."""
    if isinstance(value, SymbolicTensor):
        return graph.capture_outer(value)
    if isinstance(value, (numbers.Number, np.generic)) and not isinstance(value, bool) or isinstance(value, bool):
        return graph._constant(value, name)
    tensor = graph.picture_input(value, name, "value")
    if tensor is None:
        raise GraphNotRecorded(f"a loop or cond variable of type {type(value).__name__} is not recorded")
    return tensor


def _inputs_from(graph, inners):
    """The outer tensors the sub-graphs captured (union, in capture order), and eager values they captured as
    placeholders (variables, large tensors), captured here too."""
    inputs = []
    for inner in inners:
        for outer in inner.outer_inputs:
            if not any(outer is t for t in inputs):
                inputs.append(outer)
        for value, placeholder in inner.captures:
            if placeholder.op.type == "Placeholder":
                resource = getattr(placeholder.op, "handle_dtype", None) == "resource"
                tensor = graph._capture(value, placeholder.op.name, placeholder.dtype, placeholder._shape,
                                        resource=resource)
                if not any(tensor is t for t in inputs):
                    inputs.append(tensor)
    return inputs


def _finish(inner, leaves):
    """The sub-graph's output tensors (an `Identity` each); `leaves` are graph tensors or Python numbers."""
    leaves = [inner._constant(torch.tensor(v), "Const") if isinstance(v, (bool, np.bool_)) else v for v in leaves]
    outputs = inner.finish(leaves, list)
    if len(outputs) != len(leaves):
        raise GraphNotRecorded("a value of a branch or loop body is neither a tensor nor a Python number")
    return outputs


def _merge_shape(a, b):
    if a.rank is None or b.rank is None or a.rank != b.rank:
        return TensorShape(None)
    return TensorShape([x if x == y else None for x, y in zip(a.as_list(), b.as_list())])


def record_cond(graph, pred, true_fn, false_fn, values, names):
    """Record `if pred:` (state `values` of `names`; `names` None: a returning `if`, the value returned)."""
    t_graph, t_result = _subgraph(graph, "cond_true", true_fn, values)
    f_graph, f_result = _subgraph(graph, "cond_false", false_fn, values)
    if names is None:  # AutoGraph's (do_return, retval): the flag is True on both sides
        try:
            nest.assert_same_structure(t_result, f_result)
        except (ValueError, TypeError) as err:
            raise ValueError(f"the true and false branches of `if {pred.name}` must return the same structure "
                             f"(TF's cond). Received: {err}") from None
        t_leaves = [True] + [leaf for leaf in nest.flatten(t_result) if leaf is not None]
        f_leaves = [True] + [leaf for leaf in nest.flatten(f_result) if leaf is not None]
        positions = None
    else:
        t_leaves, f_leaves, positions = [], [], []
        for k, (a, b) in enumerate(zip(t_result, f_result)):
            if _undefined(a) or _undefined(b) or a is b:
                continue  # not an output: unchanged on both sides, or bound on one side only (a temporary)
            if not (_is_value(a) and _is_value(b)):
                raise ValueError(f"'{names[k]}' must be a tensor (or the same Python value) in both branches of "
                                 f"`if {pred.name}` (TF's cond). Received: {a!r:.80} and {b!r:.80}")
            t_leaves.append(a)
            f_leaves.append(b)
            positions.append(k)
        if not t_leaves:  # TF's cond gives one output even then: an int32 0 from each branch
            t_leaves, f_leaves = [0], [0]
    with t_graph.as_default():
        t_out = _finish(t_graph, t_leaves)
    with f_graph.as_default():
        f_out = _finish(f_graph, f_leaves)
    for a, b in zip(t_out, f_out):
        if a.dtype != b.dtype:
            raise TypeError(f"the true and false branches of `if {pred.name}` give tensors of different dtypes "
                            f"({a.dtype} and {b.dtype}); TF's cond requires one dtype. Received: {a.dtype}, "
                            f"{b.dtype}")
    inputs = _inputs_from(graph, [t_graph, f_graph])
    stateful = _stateful(t_graph) or _stateful(f_graph)
    name = graph._claim(graph.unique_name("cond", mark_as_used=False))
    op = _PictureOp(graph, name, "If" if stateful else "StatelessIf", [pred] + inputs,
                    [(a.dtype, _merge_shape(a._shape, b._shape)) for a, b in zip(t_out, f_out)])
    op.branches = (t_graph, f_graph)
    if stateful:
        graph._reads.append(op)
    identities = [_PictureOp(graph, graph._claim(f"{name}/Identity"), "Identity", [t], [(t.dtype, t._shape)]).outputs[0]
                  for t in op.outputs]
    if names is None:
        results = iter(identities[1:])
        return nest.map_structure(lambda leaf: None if leaf is None else next(results), t_result)
    state = list(t_result)
    for k, (a, b) in enumerate(zip(t_result, f_result)):
        if _undefined(a) or _undefined(b):  # bound on one side only: unbound after the `if`, as in TF
            state[k] = a if _undefined(a) else b
    for position, tensor in zip(positions, identities):
        state[position] = tensor
    return tuple(state)


def _placeholders(inner, tensors, prefix):
    return [inner.placeholder(type("_Spec", (), {"dtype": t.dtype, "shape": t._shape}), f"{prefix}_{i}")
            for i, t in enumerate(tensors)]


def _loop(graph, initial, carried, values, test_fn, body_fn, names, extra_inputs=()):
    """The `while` op over the loop variables `carried` (indices into `values`, initial tensors `initial`)."""
    scope = graph.unique_name("while", mark_as_used=False)
    name = graph._claim(scope)
    maximum = graph._constant(-1, f"{name}/maximum_iterations")
    counter = graph._constant(0, f"{name}/loop_counter")
    loop_inputs = [counter, maximum] + list(initial)

    def rebuilt(inner, prefix):
        placeholders = _placeholders(inner, loop_inputs, prefix)
        state = list(values)
        for k, p in zip(carried, placeholders[2:]):
            state[k] = p
        return placeholders, state

    c_graph = FuncGraph(f"while_cond_{_counter[0]}", outer=graph)
    with c_graph.as_default(), eager_name_scope.name_scope(""):
        _, state = rebuilt(c_graph, "loop_var")
        test = test_fn(*state)
        _finish(c_graph, [test])
    b_graph = FuncGraph(f"while_body_{_counter[0]}", outer=graph)
    with b_graph.as_default(), eager_name_scope.name_scope(""):
        placeholders, state = rebuilt(b_graph, "loop_var")
        new_state = body_fn(*state)
        for k, (old, new) in enumerate(zip(values, new_state)):
            if k not in carried and not _undefined(old) and new is not old:
                raise GraphNotRecorded(f"the loop variable '{names[k]}' of type {type(old).__name__} changes in the "
                                       "loop body; only tensors and Python numbers are recorded as loop variables")
        b_out = _finish(b_graph, [placeholders[0] + 1, placeholders[1]] + [new_state[k] for k in carried])
    for k, before, after in zip(carried, loop_inputs[2:], b_out[2:]):
        if before.dtype != after.dtype:
            raise TypeError(f"'{names[k]}' has dtype {before.dtype} before the loop, but dtype {after.dtype} after "
                            f"one iteration (TF's while_loop keeps loop variables' dtypes). Received: {after.dtype}")
    inputs = loop_inputs + list(extra_inputs) + [t for t in _inputs_from(graph, [c_graph, b_graph])
                                                 if not any(t is u for u in loop_inputs)]
    stateful = _stateful(c_graph) or _stateful(b_graph)
    shapes = [_merge_shape(t._shape, o._shape) for t, o in zip(loop_inputs, b_out)]
    shapes += [t._shape for t in inputs[len(loop_inputs):]]
    op = _PictureOp(graph, name, "While" if stateful else "StatelessWhile", inputs,
                    [(t.dtype, s) for t, s in zip(inputs, shapes)])
    op.branches = (c_graph, b_graph)
    if stateful:
        graph._reads.append(op)
    state = list(values)
    for k, tensor in zip(carried, op.outputs[2:]):
        state[k] = tensor
    return tuple(state), op


def _carried(graph, values):
    carried, initial = [], []
    for k, value in enumerate(values):
        if _undefined(value) or not _is_value(value):
            continue
        carried.append(k)
        initial.append(_outer_value(graph, value, "Const"))
    return carried, initial


def record_while(graph, test_fn, body_fn, values, names):
    """Record `while test:` over the state `values`; returns the state after the loop (the op's outputs)."""
    carried, initial = _carried(graph, values)
    state, _ = _loop(graph, initial, carried, values, test_fn, body_fn, names)
    return state


def _range_inputs(tensor):
    """(start, limit, delta) graph tensors when `tensor` is a `tf.range` result, else None."""
    op = tensor.op
    if op.type != "Range" or len(op.inputs) != 3:
        return None
    return op.inputs


def _trip_count(graph, start, limit, delta):
    """TF's iteration count of a range: max(ceil((limit - start) / delta), 0), as its ops."""
    def op(name, op_type, inputs, dtype=None):
        return _PictureOp(graph, graph._claim(graph.unique_name(name, mark_as_used=False)), op_type, inputs,
                          [(dtype or inputs[0].dtype, TensorShape([]))]).outputs[0]
    sub = op("sub", "Sub", [limit, start])
    floordiv = op("floordiv", "FloorDiv", [sub, delta])
    mod = op("mod", "FloorMod", [sub, delta])
    zero = graph._constant(torch.zeros([], dtype=mod.dtype), graph.unique_name("zeros_like", mark_as_used=False))
    not_equal = op("NotEqual", "NotEqual", [mod, zero], torch.bool)
    cast = op("Cast", "Cast", [not_equal], floordiv.dtype)
    add = op("add", "AddV2", [floordiv, cast])
    zero_1 = graph._constant(torch.zeros([], dtype=add.dtype), graph.unique_name("zeros_like", mark_as_used=False))
    return op("Maximum", "Maximum", [add, zero_1])


def _unstacked(graph, tensor):
    """TF's TensorList of `tensor`'s rows (AutoGraph's `TensorArray.unstack` before a loop over a tensor)."""
    element_shape = graph._constant(-1, "TensorArrayV2/element_shape")
    count = graph._constant(tensor._shape.as_list()[0], "TensorArrayV2/num_elements")
    _PictureOp(graph, graph._claim("TensorArrayV2"), "TensorListReserve", [element_shape, count],
               [("variant", TensorShape([]))])
    shape = graph._constant(torch.tensor(tensor._shape.as_list()[1:], dtype=torch.int32),
                            "TensorArrayUnstack/Const")
    return _PictureOp(graph, graph._claim("TensorArrayUnstack/TensorListFromTensor"), "TensorListFromTensor",
                      [tensor, shape], [("variant", TensorShape([]))]).outputs[0]


def record_tensor_for(graph, iterable, body_fn, values, names):
    """Record `for x in <graph tensor>:` (a `tf.range` result counts its trips as TF; another tensor is iterated
    along its first dimension)."""
    carried, initial = _carried(graph, values)
    bounds = _range_inputs(iterable)
    if bounds is not None:
        start, limit, delta = bounds
        _trip_count(graph, start, limit, delta)
        iterate = start

        def test_fn(i, *state):
            return i < limit

        def body(i, *state):
            out = body_fn(i, *state)
            return (i + delta,) + tuple(out)
    else:
        if iterable._shape.rank in (None, 0):
            raise GraphNotRecorded(f"a `for` loop over the tensor {iterable.name} of shape {iterable._shape} is not "
                                   "recorded (TF iterates a tensor along its first dimension)")
        size = iterable._shape.as_list()[0]
        if size is None:
            raise GraphNotRecorded(f"a `for` loop over the tensor {iterable.name} of unknown first dimension is "
                                   "not recorded")
        elements = _unstacked(graph, iterable)
        element_spec = (iterable.dtype, TensorShape(iterable._shape.as_list()[1:]))
        iterate = graph._constant(0, "Const")

        def test_fn(i, *state):
            return i < size

        def body(i, *state):
            inner = graph_lib.default_graph()
            handle = inner.capture_outer(elements)
            shape = inner._constant(-1, "TensorArrayV2Read/Const")
            element = _PictureOp(inner, inner._claim("TensorArrayV2Read/TensorListGetItem"), "TensorListGetItem",
                                 [handle, i, shape], [element_spec]).outputs[0]
            out = body_fn(element, *state)
            return (i + 1,) + tuple(out)
    marker = object()
    all_values = (marker,) + tuple(values)
    all_carried = [0] + [k + 1 for k in carried]
    state, _ = _loop(graph, [iterate] + initial, all_carried, all_values,
                     lambda i, *s: test_fn(i, *s), lambda i, *s: body(i, *s), ("<iterate>",) + tuple(names))
    return tuple(state[1:])


def record_dataset_for(graph, dataset, body_fn, values, names):
    """Record `for x in <dataset>:`: TF's `ScanDataset` then `ReduceDataset` over the loop variables."""
    handle = graph.dataset_tensor(dataset)
    carried, initial = _carried(graph, values)
    body_graph = FuncGraph(f"reduce_body_{_counter[0]}", outer=graph)
    with body_graph.as_default(), eager_name_scope.name_scope(""):
        element = nest.map_structure(
            lambda spec: body_graph.placeholder(type("_Spec", (), {"dtype": spec.dtype, "shape": spec.shape}),
                                                "args_0"), dataset.element_spec)
        state = list(values)
        for k, t in zip(carried, _placeholders(body_graph, initial, "loop_var")):
            state[k] = t
        new_state = body_fn(element, *state)
        b_out = _finish(body_graph, [new_state[k] for k in carried])
    extra = [t for t in _inputs_from(graph, [body_graph]) if not any(t is u for u in initial)]
    scan = _PictureOp(graph, graph._claim(graph.unique_name("ScanDataset", mark_as_used=False)), "ScanDataset",
                      [handle] + initial + extra, [("variant", TensorShape([]))])
    op = _PictureOp(graph, graph._claim(graph.unique_name("ReduceDataset", mark_as_used=False)), "ReduceDataset",
                    [scan.outputs[0]] + initial + extra,
                    [(t.dtype, _merge_shape(t._shape, o._shape)) for t, o in zip(initial, b_out)])
    op.branches = (body_graph,)
    graph._reads.append(op)
    state = list(values)
    for k, tensor in zip(carried, op.outputs):
        state[k] = tensor
    return tuple(state)
