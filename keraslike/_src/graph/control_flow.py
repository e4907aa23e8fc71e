"""`tf.cond` and `tf.while_loop` in graph mode: branches and loop bodies as sub-graphs run inside one op.

Mirrors the semantics of `tensorflow/python/ops/cond.py` and `while_loop.py`: each branch function is
called once, while the graph is built, and the ops it creates run only when (and as often as) the
predicate says: a `CondOp` runs the taken branch's ops, a `WhileOp` runs the condition's and body's ops per
iteration, each reading the tensors it captured from outside. Gradients flow through the ops that ran
(torch autograd), as TF's do through the taken branch and every iteration.
"""

import torch

from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph import record
from keraslike._src.graph.tensor import Operation, SymbolicTensor
from keraslike._src.nest import nest
from keraslike._src.ops import control_flow as eager_control_flow
from keraslike._src.ops.tensor_shape import TensorShape


def _run_ops(ctx, ops, env):
    for op in ops:
        values = op.compute(ctx, [env[t] for t in op.inputs])
        for t, v in zip(op.outputs, values):
            env[t] = v


def _captures(ops, extra=()):
    """Tensors made outside `ops` that they (or `extra`) read, in first-use order."""
    inside = set(map(id, ops))
    seen, out = set(), []
    for t in [t for op in ops for t in op.inputs] + [t for t in extra if isinstance(t, SymbolicTensor)]:
        if id(t.op) not in inside and id(t) not in seen:
            seen.add(id(t))
            out.append(t)
    return out


def _build(graph, fn, *args):
    start = len(graph._ops)
    result = fn(*args)
    return result, graph._ops[start:]


def _as_tensors(graph, values):
    return [v if isinstance(v, SymbolicTensor) else
            record.record_call(torch.as_tensor, (v,), {}, "Const", None, graph) for v in values]


def _merge(a, b):
    if a.rank is None or b.rank is None or a.rank != b.rank:
        return TensorShape(None)
    return TensorShape([x if x == y else None for x, y in zip(a.as_list(), b.as_list())])


class CondOp(Operation):
    """Runs the ops of the branch `pred` selects; outputs that branch's results."""

    def __init__(self, graph, name, pred, branches):
        (t_ops, t_out), (f_ops, f_out) = branches
        captures = _captures(t_ops + f_ops, t_out + f_out)
        super().__init__(graph, name, "If", [pred] + captures, list(graph._control_stack),
                         record.current_device(graph))
        self._captures = captures
        self._branches = branches
        self._make_outputs([(a.dtype, _merge(a.shape, b.shape)) for a, b in zip(t_out, f_out)])

    def compute(self, ctx, inputs):
        env = dict(zip(self._captures, inputs[1:]))
        ops, outs = self._branches[0] if bool(inputs[0]) else self._branches[1]
        _run_ops(ctx, ops, env)
        return [env[t] for t in outs]


def cond(pred, true_fn=None, false_fn=None, strict=False, name=None):
    """`tf.cond(pred, true_fn, false_fn)`: in graph mode an op running only the taken branch.

    Raises:
        TypeError: if a branch function is missing or not callable.
        ValueError: if the branches return different structures or dtypes.
    """
    graph = graph_lib.default_graph()
    if graph is None or not isinstance(pred, SymbolicTensor):
        if graph is None:
            return eager_control_flow.cond(pred, true_fn, false_fn, name)
        return true_fn() if bool(pred) else false_fn()  # a Python bool chooses while building, as TF does
    if not callable(true_fn) or not callable(false_fn):
        raise TypeError(f"true_fn and false_fn must be callable. Received: true_fn={true_fn!r}, "
                        f"false_fn={false_fn!r}")
    with graph.name_scope(name or "cond"):
        with graph.name_scope("true"):
            t_res, t_ops = _build(graph, true_fn)
        with graph.name_scope("false"):
            f_res, f_ops = _build(graph, false_fn)
        try:
            nest.assert_same_structure(t_res, f_res)
        except (ValueError, TypeError) as e:
            raise ValueError(f"true_fn and false_fn arguments to tf.cond must have the same number, type, and "
                             f"overall structure of return values. ({e})") from None
        t_out, f_out = _as_tensors(graph, nest.flatten(t_res)), _as_tensors(graph, nest.flatten(f_res))
        for a, b in zip(t_out, f_out):
            if a.dtype != b.dtype:
                raise ValueError(f"Outputs of true_fn and false_fn must have the same type: {a.dtype}, {b.dtype}")
        op = CondOp(graph, graph.unique_name("If"), pred, ((t_ops, t_out), (f_ops, f_out)))
    return nest.pack_sequence_as(t_res, op.outputs)


class _LoopVarOp(Operation):
    """The value of one loop variable in the current iteration (set by the enclosing WhileOp)."""

    def __init__(self, graph, name, dtype, shape):
        super().__init__(graph, name, "Enter", (), ())
        self._make_outputs([(dtype, shape)])


class WhileOp(Operation):
    """Runs the condition's and the body's ops until the condition is false (or `maximum_iterations`)."""

    def __init__(self, graph, name, inits, proxies, cond_part, body_part, maximum_iterations):
        (c_ops, c_out), (b_ops, b_out) = cond_part, body_part
        proxy_ops = {id(p.op) for p in proxies}
        captures = [t for t in _captures(c_ops + b_ops, [c_out] + b_out) if id(t.op) not in proxy_ops]
        extra = [maximum_iterations] if isinstance(maximum_iterations, SymbolicTensor) else []
        super().__init__(graph, name, "While", list(inits) + captures + extra, list(graph._control_stack),
                         record.current_device(graph))
        self._n, self._captures, self._proxies = len(inits), captures, proxies
        self._cond, self._body = cond_part, body_part
        self._max = maximum_iterations
        self._make_outputs([(p.dtype, p.shape) for p in proxies])

    def compute(self, ctx, inputs):
        values = list(inputs[:self._n])
        base = dict(zip(self._captures, inputs[self._n:self._n + len(self._captures)]))
        limit = inputs[-1] if isinstance(self._max, SymbolicTensor) else self._max
        limit = None if limit is None else int(limit)
        (c_ops, c_out), (b_ops, b_out) = self._cond, self._body
        i = 0
        while limit is None or i < limit:
            env = dict(base)
            env.update(zip(self._proxies, values))
            _run_ops(ctx, c_ops, env)
            if not bool(env[c_out]):
                break
            _run_ops(ctx, b_ops, env)
            values = [env[t] for t in b_out]
            i += 1
        return values


def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10, back_prop=True,
               swap_memory=False, maximum_iterations=None, name=None, return_same_structure=True):
    """`tf.while_loop(cond, body, loop_vars, ...)`: in graph mode one op iterating the recorded body.

    Loop variables keep their static shapes unless `shape_invariants` relaxes them. With
    `return_same_structure=False` (`tf.compat.v1.while_loop`'s default) one loop variable comes back alone.

    Raises:
        TypeError: if `cond` or `body` is not callable.
        ValueError: if `body` returns a different structure than `loop_vars`.
    """
    graph = graph_lib.default_graph()
    if graph is None:
        return eager_control_flow.while_loop(cond, body, loop_vars, shape_invariants, parallel_iterations,
                                             back_prop, swap_memory, maximum_iterations, name)
    if not callable(cond) or not callable(body):
        raise TypeError(f"cond and body must be callable. Received: cond={cond!r}, body={body!r}")
    single = not isinstance(loop_vars, (list, tuple)) or (hasattr(loop_vars, "_fields") and False)
    structure = [loop_vars] if single else loop_vars
    with graph.name_scope(name or "while"):
        inits = _as_tensors(graph, nest.flatten(structure))
        invariants = nest.flatten(shape_invariants) if shape_invariants is not None else [None] * len(inits)
        proxies = [_LoopVarOp(graph, graph.unique_name("Enter"), t.dtype,
                              t.shape if inv is None else TensorShape(inv)).outputs[0]
                   for t, inv in zip(inits, invariants)]
        packed = nest.pack_sequence_as(structure, proxies)
        args = packed if isinstance(packed, (list, tuple)) and not hasattr(packed, "_fields") else [packed]
        c_res, c_ops = _build(graph, cond, *args)
        b_res, b_ops = _build(graph, body, *args)
        if single and isinstance(b_res, (list, tuple)) and len(b_res) == 1:
            b_res = b_res[0]
        b_flat = nest.flatten([b_res] if single else b_res)
        if len(b_flat) != len(proxies):
            raise ValueError(f"body returned {len(b_flat)} values for {len(proxies)} loop variables. "
                             f"Received: loop_vars={loop_vars!r}")
        b_out = _as_tensors(graph, b_flat)
        c_out = _as_tensors(graph, [c_res])[0]
        op = WhileOp(graph, graph.unique_name("While"), inits, proxies, (c_ops, c_out), (b_ops, b_out),
                     maximum_iterations)
    out = nest.pack_sequence_as(structure, op.outputs)
    if single or (not return_same_structure and len(op.outputs) == 1):
        return nest.flatten(out)[0]
    return out


def case(pred_fn_pairs, default=None, exclusive=False, strict=False, name="case"):
    """`tf.case(pred_fn_pairs, default=None)`: in graph mode nested `tf.cond`s; the first true predicate wins.

    Without `default`, the last pair's function runs when no predicate is true.

    Raises:
        ValueError: for `exclusive=True` in graph mode (its run-time check is not built), or no pairs.
    """
    graph = graph_lib.default_graph()
    if graph is None:
        return eager_control_flow.case(pred_fn_pairs, default, exclusive, strict, name)
    pairs = list(pred_fn_pairs.items() if isinstance(pred_fn_pairs, dict) else pred_fn_pairs)
    if not pairs:
        raise ValueError(f"pred_fn_pairs must not be empty. Received: pred_fn_pairs={pred_fn_pairs!r}")
    if exclusive:
        raise ValueError("tf.case(exclusive=True) is not supported in keraslike graph mode; order the predicates "
                         "so the first true one is meant. Received: exclusive=True")
    if default is None:
        pairs, default = pairs[:-1], pairs[-1][1]

    def chain(i):
        if i == len(pairs):
            return default()
        pred, fn = pairs[i]
        return cond(pred, fn, lambda: chain(i + 1))

    with graph.name_scope(name or "case"):
        return chain(0)


def switch_case(branch_index, branch_fns, default=None, name="switch_case"):
    """`tf.switch_case(branch_index, branch_fns, default=None)`: in graph mode nested `tf.cond`s on the index.

    An index outside the branches runs `default` (the last branch when None), as TF does.
    """
    graph = graph_lib.default_graph()
    if graph is None or not isinstance(branch_index, SymbolicTensor):
        return eager_control_flow.switch_case(branch_index, branch_fns, default, name)
    items = sorted(branch_fns.items()) if isinstance(branch_fns, dict) else (
        list(branch_fns) if branch_fns and isinstance(list(branch_fns)[0], tuple) else list(enumerate(branch_fns)))
    if default is None:
        default = items[-1][1]
    with graph.name_scope(name or "switch_case"):
        pairs = [(record.record_call(torch.eq, (branch_index, int(k)), {}, "Equal", None, graph), fn)
                 for k, fn in items]

        def chain(i):
            if i == len(pairs):
                return default()
            return cond(pairs[i][0], pairs[i][1], lambda: chain(i + 1))

        return chain(0)
