"""Ops TF registers no gradient for: differentiating through them raises TF's LookupError.

TF's `AdjustContrastv2`, `AdjustSaturation`, `AdjustHue` and `ResizeArea` kernels have no gradient function,
so `tape.gradient` through `tf.image.adjust_contrast` raises `LookupError: gradient registry has no entry for:
AdjustContrastv2` (the autodiff guide shows it). keraslike computes these ops from differentiable torch ops;
`mark(op_type, output)` makes the output's backward raise that same LookupError, so a program gets TF's error
instead of a gradient TF never gives. Outputs computed without autograd are returned unchanged (no cost).
"""

import torch


class _Unregistered(torch.autograd.Function):
    @staticmethod
    def forward(ctx, op_type, x):
        ctx.op_type = op_type
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad):
        raise LookupError(f"gradient registry has no entry for: {ctx.op_type}")


def mark(op_type, output):
    """`output` of a TF op `op_type` that has no registered gradient (see module docstring)."""
    if isinstance(output, torch.Tensor) and output.requires_grad and torch.is_grad_enabled():
        return _Unregistered.apply(op_type, output)
    return output
