"""`keras.remat(f)`: rematerialization (gradient checkpointing) of a function (keras/src/backend/common/remat.py).

The returned function computes `f` without keeping its intermediate activations for the backward
pass; they are recomputed when gradients are taken (`torch.utils.checkpoint.checkpoint`, non-reentrant,
so gradients flow to every input and to the variables `f` uses). Outside a tape or `fit`, or when no
input requires a gradient, it is plain `f`.
"""

import functools

import torch
import torch.utils.checkpoint


def remat(f):
    """`keras.remat(f)` -> a function with `f`'s signature and results whose activations are recomputed.

    Raises:
        TypeError: if `f` is not callable.
    """
    if not callable(f):
        raise TypeError(f"`remat` expects a callable. Received: f={f!r}")

    @functools.wraps(f)
    def rematerialized(*args, **kwargs):
        if not torch.is_grad_enabled():
            return f(*args, **kwargs)
        return torch.utils.checkpoint.checkpoint(f, *args, use_reentrant=False, **kwargs)

    return rematerialized
