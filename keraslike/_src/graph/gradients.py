"""`tf.gradients` in graph mode: an op that differentiates with torch autograd inside `Session.run`.

Mirrors `tensorflow/python/ops/gradients_impl.py`: `tf.gradients(ys, xs, grad_ys)` gives
sum(dy/dx) for each x, None for an x that no y depends on (known when the graph is built). When a run
needs a gradient op, the executor computes the forward ops with autograd on and makes each x's value a
differentiable leaf.
"""

import torch

from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph import record
from keraslike._src.graph.tensor import Operation, SymbolicTensor
from keraslike._src.ops.framework_ops import check_aggregation_method


class GradientsOp(Operation):
    """One op computing d(sum ys)/dx for each connected x."""

    def __init__(self, graph, name, ys, xs, grad_ys):
        inputs = list(ys) + list(xs) + [g for g in grad_ys if g is not None]
        super().__init__(graph, name, "Gradients", inputs, list(graph._control_stack))
        self.n_ys, self.n_xs = len(ys), len(xs)
        self.has_grad_ys = [g is not None for g in grad_ys]
        self.xs = list(xs)
        self._make_outputs([(x.dtype, x.shape) for x in xs])

    def compute(self, ctx, inputs):
        ys = inputs[:self.n_ys]
        xs = inputs[self.n_ys:self.n_ys + self.n_xs]
        given = iter(inputs[self.n_ys + self.n_xs:])
        grad_ys = [next(given) if has else None for has in self.has_grad_ys]
        pairs = [(y, g) for y, g in zip(ys, grad_ys) if y.requires_grad]
        if not pairs:
            return [torch.zeros_like(x) for x in xs]
        outs = [y for y, _ in pairs]
        grads_out = [torch.ones_like(y) if g is None else torch.as_tensor(g, dtype=y.dtype) for y, g in pairs]
        grads = torch.autograd.grad(outs, xs, grads_out, retain_graph=True, allow_unused=True)
        return [torch.zeros_like(x) if g is None else g for x, g in zip(xs, grads)]


def _depends(y, x_ops, memo):
    """Whether y's op (transitively) reads one of x_ops' outputs."""
    stack, seen = [y.op], set()
    while stack:
        op = stack.pop()
        if id(op) in seen:
            continue
        seen.add(id(op))
        if op in x_ops:
            return True
        if op.type == "StopGradient":
            continue
        stack.extend(t.op for t in op.inputs)
    return False


def gradients(ys, xs, grad_ys=None, name="gradients", gate_gradients=False, aggregation_method=None,
              stop_gradients=None, colocate_gradients_with_ops=False, unconnected_gradients="none"):
    """`tf.gradients(ys, xs)`: list of graph tensors d(sum ys)/dx (None where x does not reach ys).

    Raises:
        ValueError: for `stop_gradients` (use tf.stop_gradient in the forward computation), or an
            `aggregation_method` that is not one of `tf.AggregationMethod`'s.
    """
    graph = graph_lib.default_graph()
    check_aggregation_method(aggregation_method)  # every valid method sums the same gradients
    if stop_gradients:
        raise ValueError("tf.gradients(stop_gradients=...) is not supported by keraslike; wrap the tensors in "
                         f"tf.stop_gradient where they are computed. Received: stop_gradients={stop_gradients!r}")
    single_x = isinstance(xs, SymbolicTensor)
    ys = [ys] if isinstance(ys, SymbolicTensor) else list(ys)
    xs = [xs] if single_x else list(xs)
    if grad_ys is None:
        grad_ys = [None] * len(ys)
    elif isinstance(grad_ys, SymbolicTensor):
        grad_ys = [grad_ys]
    connected = [any(_depends(y, {x.op}, {}) for y in ys) for x in xs]
    wanted = [x for x, c in zip(xs, connected) if c]
    unconnected = str(getattr(unconnected_gradients, "value", unconnected_gradients)).lower()
    result = [None] * len(xs)
    if wanted:
        with graph.name_scope(name):
            op = GradientsOp(graph, graph.unique_name("Gradients"), ys, wanted, list(grad_ys))
        it = iter(op.outputs)
        result = [next(it) if c else None for c in connected]
    if unconnected == "zero":
        result = [r if r is not None else record.apply(torch.zeros_like, x, op_type="zeros_like")
                  for r, x in zip(result, xs)]
    return result
