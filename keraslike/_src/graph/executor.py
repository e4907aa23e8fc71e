"""Run a recorded graph: `Session.run(fetches, feed_dict)` computes only what the fetches need, with torch.

Mirrors the contract of `tensorflow/python/client/session.py`: fed tensors replace their ops (any
tensor may be fed, placeholders must be); ops run once per call in dependency order, control inputs
first. A plan (the ordered ops, where each input comes from) is cached per (fetches, fed tensors, graph
version), so a repeated `sess.run(train_op, feed_dict=...)` costs the eager calls of its ops and little
else. Autograd is on only in runs that compute a `tf.gradients` op.
"""

import contextlib

import torch

from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph.gradients import GradientsOp
from keraslike._src.placement import scope


class RunContext:
    """What ops see while running: the session's variable values and the run's feeds."""

    __slots__ = ("variables", "session", "iterators")

    def __init__(self, session):
        self.session = session
        self.variables = session._variable_values
        self.iterators = session._iterator_states


class Plan:
    """Ordered ops for one (fetches, feeds) pair; `slots[i]` holds tensor i's value during a run."""

    def __init__(self, targets, fed):
        order = _updates_last(_topological(targets, fed))
        index = {}
        for t in fed:
            index[t] = len(index)
        steps = []
        grad_sources = set()
        for op in order:
            if isinstance(op, GradientsOp):
                grad_sources.update(op.xs)
        for op in order:
            ins = [index[t] for t in op.inputs]
            outs = []
            for t in op.outputs:
                if t in index:  # fed output: keep the fed value
                    outs.append(None)
                    continue
                index[t] = len(index)
                outs.append(index[t])
            make_leaf = [t in grad_sources for t in op.outputs]
            steps.append((op, ins, outs, make_leaf if any(make_leaf) else None))
        self.steps = steps
        self.index = index
        self.n = len(index)
        self.fed = list(fed)
        self.needs_grad = bool(grad_sources)
        self.fed_leaf = [t in grad_sources for t in fed]


def _updates_last(order):
    """Ops that update variables in place (optimizer steps), and what depends on them, after everything else:
    every gradient of the run is taken from the values the run started with (a GAN's
    `sess.run([d_train, g_train])` differentiates both losses before either update)."""
    late = set()
    for op in order:
        if getattr(op, "updates_in_place", False) or any(id(t.op) in late for t in op.inputs) \
                or any(id(c) in late for c in op.control_inputs):
            late.add(id(op))
    if not late:
        return order
    return [op for op in order if id(op) not in late] + [op for op in order if id(op) in late]


def _topological(targets, fed):
    """Ops needed for `targets` (tensors or ops), inputs before users, fed tensors cut the graph."""
    order, done, on_stack = [], set(), set()
    stack = []
    for target in targets:
        op = target if not hasattr(target, "value_index") else (None if target in fed else target.op)
        if op is not None:
            stack.append((op, False))
    while stack:
        op, expanded = stack.pop()
        if id(op) in done:
            continue
        if expanded:
            done.add(id(op))
            order.append(op)
            continue
        on_stack.add(id(op))
        stack.append((op, True))
        for dep in reversed(op.control_inputs):
            if id(dep) not in done:
                stack.append((dep, False))
        for t in reversed(op.inputs):
            if t not in fed and id(t.op) not in done:
                stack.append((t.op, False))
    return order


def execute(session, plan, feed_values):
    """Run `plan` with `feed_values` (aligned with `plan.fed`); returns the slots list."""
    slots = [None] * plan.n
    for i, value in enumerate(feed_values):
        if plan.fed_leaf[i] and (value.is_floating_point() or value.is_complex()):
            value = value.detach().requires_grad_()
        slots[i] = value
    ctx = RunContext(session)
    grad_mode = torch.enable_grad() if plan.needs_grad else torch.no_grad()
    with grad_mode, graph_lib.eager_scope():
        for op, ins, outs, make_leaf in plan.steps:
            with _placement(op):
                values = op.compute(ctx, [slots[i] for i in ins])
            for k, slot in enumerate(outs):
                if slot is None:
                    continue
                value = values[k]
                if make_leaf is not None and make_leaf[k] and isinstance(value, torch.Tensor) \
                        and not value.requires_grad and (value.is_floating_point() or value.is_complex()):
                    value = value.detach().requires_grad_()
                slots[slot] = value
    return slots


_NULL = contextlib.nullcontext()


def _placement(op):
    if not op.device:
        return _NULL
    ctx = op.__dict__.get("_placement_scope")
    if ctx is None:
        ctx = op._placement_scope = scope.device(op.device)
    return ctx
