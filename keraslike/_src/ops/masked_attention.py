"""Masked softmax and masked attention with TensorFlow's results on whichever torch kernel runs them.

TF and Keras mask by REPLACING the masked logits (`where(mask, logits, large_negative)`), not by adding to
them. So a masked position has probability 0 and no gradient, and a row where every position is masked
(the padded queries of `Embedding(mask_zero=True)` -> `MultiHeadAttention()(e, e)`, an all-zero row of an
`attention_mask`) has equal logits whatever the query and keys are:

    dot_product_attention path:  weights = 1/S for every key,  d/dq = d/dk = 0 through that row
    Softmax(mask) path:          weights = 0 (Keras zeroes masked probabilities after the softmax)

torch's fused `scaled_dot_product_attention` kernels disagree on such rows: the CPU flash kernel's backward
with an additive -1e9 mask gives wrong gradients (the forward is right), boolean masks give zeros or NaN
depending on the kernel, and an additive -1e9 in float32 swallows logits only while they are small. So
`attention` never hands a kernel a fully masked row: such a row attends everywhere with a zero query

    live = allowed.any(-1)                                    # (B, H|1, T, 1)
    out  = sdpa(q * live, k, v, attn_mask=allowed | ~live)    # dead rows: logits 0 -> 1/S; q*0 -> no grads

which is exactly TF's value and gradient on every backend (math, CPU flash, CUDA flash/mem-efficient/cuDNN:
each sees an ordinary boolean mask with at least one allowed key per row).
"""

import contextlib

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel

from keraslike._src.ops.cached_logits import cache_logits

_SOFTMAX_LARGE_NEGATIVE = {torch.float16: -3e4}  # Keras's Softmax layer; -1e9 for every other dtype


def softmax_large_negative(dtype):
    """The value Keras's `Softmax(mask)` writes into masked logits of `dtype`."""
    return _SOFTMAX_LARGE_NEGATIVE.get(dtype, -1e9)


def as_allowed(mask):
    """A boolean mask, True = attend: bool masks as they are, numeric masks where `> 0.5` (Keras's rule)."""
    mask = torch.as_tensor(mask)
    return mask if mask.dtype == torch.bool else mask > 0.5


def masked_softmax(logits, allowed, dim=-1):
    """Keras's `Softmax(mask)`: masked logits replaced by a large negative, softmax over `dim`, masked
    probabilities set to 0 (so a fully masked row is all zeros). `dim` may be an int or a tuple of ints.

    Shapes: `logits` any; `allowed` bool, broadcastable to it.
    """
    if allowed is not None:
        logits = torch.where(allowed, logits, torch.tensor(softmax_large_negative(logits.dtype), dtype=logits.dtype,
                                                           device=logits.device))
    if isinstance(dim, int):
        probs = torch.softmax(logits, dim=dim)
        if allowed is None:  # Keras's Softmax layer without a mask: the output carries its logits
            return cache_logits(probs, logits)
    else:
        probs = torch.exp(logits - torch.logsumexp(logits, dim=tuple(dim), keepdim=True))
    return probs if allowed is None else torch.where(allowed, probs, torch.zeros((), dtype=probs.dtype,
                                                                                 device=probs.device))


def sdpa_backends(q, flash):
    """A context allowing the kernels `flash` (True, False or None = torch chooses) selects for `q`.

    Raises:
        ValueError: flash attention was asked for but `q` is not on a CUDA device.
    """
    if flash is None:
        return contextlib.nullcontext()
    if flash:
        if q.device.type != "cuda":
            raise ValueError("Flash attention was enabled (keras.config.enable_flash_attention() or "
                             f"flash_attention=True), but it runs only on CUDA devices. Received: inputs on {q.device}")
        return sdpa_kernel([SDPBackend.FLASH_ATTENTION])
    return sdpa_kernel([SDPBackend.EFFICIENT_ATTENTION, SDPBackend.CUDNN_ATTENTION, SDPBackend.MATH])


def attention(q, k, v, allowed=None, scale=None):
    """TF's `dot_product_attention` on torch's fused kernel: `softmax(where(allowed, q k^T * scale, -big)) v`.

    Shapes: `q` `(B, H, T, D)`, `k` `(B, H, S, D)`, `v` `(B, H, S, Dv)`, `allowed` bool broadcastable to
    `(B, H, T, S)` (True = attend) or None. Returns `(B, H, T, Dv)`. A row with no allowed key gets uniform
    weights over all S keys and passes no gradient to `q` or `k`, as in TF.
    """
    if allowed is None:
        return F.scaled_dot_product_attention(q, k, v, scale=scale)
    live = allowed.any(dim=-1, keepdim=True)  # (B, H|1, T, 1)
    q = q * live.to(q.dtype)
    return F.scaled_dot_product_attention(q, k, v, attn_mask=allowed | ~live, scale=scale)
