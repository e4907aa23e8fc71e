"""Softmax cross-entropy from logits as one autograd node: TF's `SparseSoftmaxCrossEntropyWithLogits` kernel.

The problem: done op by op (`log_softmax`, then `gather`), the backward of a cross-entropy over many classes
allocates a zero buffer of the logits' size for the gather's gradient, then a second one for `log_softmax`'s: on
a CPU every fresh buffer of that size is paid in page faults, and a (640, 20000) step spent twice the time of the
forward in them. TF computes the gradient `softmax - onehot` in its kernel; here the forward keeps the
log-probabilities it computes anyway, and the backward turns them into the gradient in place:

    forward:  L = log_softmax(x)                  (..., classes), kept
              loss = -L[..., label]               (...)
    backward: dx = (exp(L) - onehot(label)) * g   written over L: no new buffer

The values are exactly the op-by-op ones (same `log_softmax`, same gather). L is overwritten only when autograd
says the graph is freed after this backward; a kept graph (`retain_graph=True`, persistent tapes) gets a fresh
buffer, and `create_graph=True` (a second derivative) the composite, differentiable formula over the logits.
"""

import contextlib

import torch

from keraslike._src.errors import InvalidArgumentError

_keep_graph = getattr(torch._C._autograd, "_get_current_graph_task_keep_graph", None)


def _fused(*tensors):
    """Whether the fused node applies: a gradient is wanted, outside torch.func transforms (vmap of
    `tf.vectorized_map`), which batch the composite ops but not a custom node."""
    return (any(t.requires_grad for t in tensors) and torch.is_grad_enabled()
            and not torch._C._are_functorch_transforms_active())


def _graph_kept():
    """Whether the running backward keeps its graph (`retain_graph=True`); True when torch cannot say."""
    return _keep_graph is None or torch.compiler.is_compiling() or bool(_keep_graph())


class _SparseSoftmaxCrossEntropy(torch.autograd.Function):
    """`(logits (..., classes), labels (...) int64) -> loss (...)`; see the module docstring."""

    @staticmethod
    def forward(ctx, logits, labels):
        log_prob = torch.log_softmax(logits, dim=-1)              # (..., classes)
        index = labels.unsqueeze(-1)                              # (..., 1)
        loss = -torch.gather(log_prob, -1, index).squeeze(-1)     # (...); raises for a label out of range
        ctx.save_for_backward(logits, log_prob, index)
        return loss

    @staticmethod
    def backward(ctx, grad):
        logits, log_prob, index = ctx.saved_tensors
        g = grad.unsqueeze(-1)                                     # (..., 1)
        if torch.is_grad_enabled():  # create_graph: a formula autograd can differentiate again
            return (torch.softmax(logits, dim=-1) * g).scatter_add(-1, index, -g), None
        if log_prob.dtype in (torch.float16, torch.bfloat16):  # in float32, rounded once (as torch's kernels)
            g = g.float()
            return torch.exp(log_prob.float()).mul_(g).scatter_add_(-1, index, -g).to(log_prob.dtype), None
        dx = torch.exp(log_prob) if _graph_kept() else log_prob.exp_()
        return dx.mul_(g).scatter_add_(-1, index, -g), None


class _SoftmaxCrossEntropy(torch.autograd.Function):
    """`(logits (..., classes), labels (..., classes)) -> loss (...)`, `-sum(labels * log_softmax(logits))`;
    the gradient `(softmax * sum(labels) - labels) * g` is written over the kept log-probabilities, as above."""

    @staticmethod
    def forward(ctx, logits, labels):
        log_prob = torch.log_softmax(logits, dim=-1)              # (..., classes)
        loss = -torch.sum(labels * log_prob, dim=-1)              # (...)
        ctx.save_for_backward(logits, labels, log_prob)
        return loss

    @staticmethod
    def backward(ctx, grad):
        logits, labels, log_prob = ctx.saved_tensors
        g = grad.unsqueeze(-1)                                     # (..., 1)
        if torch.is_grad_enabled():  # create_graph: a formula autograd can differentiate again
            log_prob = torch.log_softmax(logits, dim=-1)
            dx = (torch.exp(log_prob) * labels.sum(-1, keepdim=True) - labels) * g
            return dx, (-log_prob * g if ctx.needs_input_grad[1] else None)
        dlabels = -log_prob * g if ctx.needs_input_grad[1] else None  # before log_prob is overwritten
        if log_prob.dtype in (torch.float16, torch.bfloat16):  # in float32, rounded once
            g32, y32 = g.float(), labels.float()
            dx = torch.exp(log_prob.float()).mul_(y32.sum(-1, keepdim=True) * g32).addcmul_(y32, g32, value=-1)
            return dx.to(log_prob.dtype), dlabels
        dx = torch.exp(log_prob) if _graph_kept() else log_prob.exp_()
        return dx.mul_(labels.sum(-1, keepdim=True) * g).addcmul_(labels, g, value=-1), dlabels


def softmax_cross_entropy(logits, labels, axis=-1):
    """`-sum(labels * log_softmax(logits, axis), axis)`, one autograd node; `labels` has `logits`' shape and dtype;
    `(..., classes, ...)` -> the shape without `axis`. Gradients flow to both (TF2)."""
    if axis not in (-1, logits.dim() - 1):
        logits, labels = logits.movedim(axis, -1), labels.movedim(axis, -1)
    if _fused(logits, labels):
        return _SoftmaxCrossEntropy.apply(logits, labels)
    return -torch.sum(labels * torch.log_softmax(logits, dim=-1), dim=-1)


def sparse_softmax_cross_entropy(logits, labels, op_name, given=None):
    """`-log_softmax(logits)[..., labels]`: `(..., classes)`, int64 `(...)` -> `(...)`, one autograd node.

    Raises:
        InvalidArgumentError (a ValueError): a label outside `[0, classes)`, named as `pick_labels` does.
    """
    if not _fused(logits):
        return -pick_labels(torch.log_softmax(logits, dim=-1), labels, op_name, given)
    with _label_range_errors(labels if given is None else given, logits.shape[-1], op_name):
        return _SparseSoftmaxCrossEntropy.apply(logits, labels.long())


def pick_labels(values, labels, op_name, given=None):
    """`values[..., labels]`: each label's entry of the class axis (the last); `(..., classes)` -> `(...)`.

    Torch's gather checks the range in its kernel, so the good path has no host sync. `given` is the labels
    as the user gave them (floats, before the int64 cast that makes NaN -2**63), named in the error.

    Raises:
        InvalidArgumentError (a ValueError): a label outside `[0, classes)` (negative, too large or NaN),
            as TF's `SparseSoftmaxCrossEntropyWithLogits` / `GatherV2` kernels.
    """
    with _label_range_errors(labels if given is None else given, values.shape[-1], op_name):
        return torch.gather(values, -1, labels.long().unsqueeze(-1)).squeeze(-1)


@contextlib.contextmanager
def _label_range_errors(labels, classes, op_name):
    """Turns torch's out-of-bounds gather error (raised by its kernel: no host sync on the good path) into TF's."""
    try:
        yield
    except (RuntimeError, IndexError) as err:
        if "out of bounds" not in str(err):
            raise
        raise label_range_error(labels, classes, op_name) from None


def label_range_error(labels, classes, op_name):
    """The `InvalidArgumentError` for labels outside `[0, classes)`, naming the first bad one (error path only)."""
    flat = labels.detach().reshape(-1)
    bad = torch.isnan(flat) if flat.is_floating_point() else torch.zeros_like(flat, dtype=torch.bool)
    bad = bad | (flat < 0) | (flat >= classes)
    first = flat[bad][0].item() if bool(bad.any()) else flat.min().item()
    return InvalidArgumentError(
        None, op_name, f"Received a label value of {first} which is outside the valid range of [0, {classes}). "
        f"Received: labels with {int(bad.sum())} such value(s) of {flat.numel()}, shape={list(labels.shape)}")
