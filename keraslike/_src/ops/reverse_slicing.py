"""Indexing with negative slice steps (`t[::-1]`, `t[5:1:-2]`), which torch refuses and TF supports.

`getitem(tensor, index)` flips the dimensions that carry a negative-step slice and rewrites those
slices as positive-step slices of the flipped tensor, so `x[::-1]` equals `x.flip(0)` and gradients
flow through. Other index components (ints, positive slices, None, Ellipsis, index arrays, masks)
keep torch's (= numpy's basic) meaning.
"""

import numpy as np
import torch


def _consumed_dims(component):
    """How many input dimensions one index component uses."""
    if component is None or component is Ellipsis:
        return 0
    if isinstance(component, (torch.Tensor, np.ndarray)) and component.dtype in (torch.bool, np.bool_):
        return max(component.ndim, 1)
    return 1


def has_negative_step(index):
    parts = index if isinstance(index, tuple) else (index,)
    return any(isinstance(p, slice) and p.step is not None and int(p.step) < 0 for p in parts)


def getitem(tensor, index):
    """`tensor[index]` where slices may have negative steps (numpy/TF semantics)."""
    parts = list(index) if isinstance(index, tuple) else [index]
    if parts.count(Ellipsis) > 1:
        raise IndexError(f"an index can only have a single ellipsis ('...'). Received: index={index!r}")
    used = sum(_consumed_dims(p) for p in parts)
    flips, dim, rewritten = [], 0, []
    for part in parts:
        if part is Ellipsis:
            dim += tensor.dim() - used
            rewritten.append(part)
            continue
        if isinstance(part, slice) and part.step is not None and int(part.step) < 0:
            size = tensor.shape[dim]
            picked = range(*part.indices(size))
            flips.append(dim)
            if len(picked) == 0:
                rewritten.append(slice(0, 0))
            else:  # in flipped coordinates position i is size - 1 - i, and the step becomes positive
                rewritten.append(slice(size - 1 - picked[0], size - picked[-1], -int(part.step)))
        else:
            rewritten.append(part)
        dim += _consumed_dims(part)
    source = tensor.flip(flips) if flips else tensor
    return source[tuple(rewritten)]
