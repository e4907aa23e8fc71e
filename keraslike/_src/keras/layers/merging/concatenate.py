"""`Concatenate` (keras/src/layers/merging/concatenate.py)."""

import torch

from keraslike._src.keras.layers.merging.base_merge import Merge, check_masks


class Concatenate(Merge):
    """Concatenate a list of tensors along `axis`.

    Args:
        axis: int, default -1. All other dimensions must match.

    Raises:
        ValueError: if the non-concatenated dimensions differ.
    """

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis

    def build(self, input_shape):
        super().build(input_shape)
        shapes = [list(s) for s in input_shape]
        ranks = {len(s) for s in shapes}
        ok = len(ranks) == 1
        if ok:
            axis = self.axis % len(shapes[0])
            for i in range(1, len(shapes[0])):
                if i == axis:
                    continue
                known = {s[i] for s in shapes if s[i] is not None}
                ok = ok and len(known) <= 1
        if not ok:
            raise ValueError(
                "A `Concatenate` layer requires inputs with matching shapes except for the concatenation axis. "
                f"Received: input_shape={input_shape}"
            )

    def _merge_function(self, inputs):
        return torch.cat(inputs, dim=self.axis)

    def compute_mask(self, inputs, mask=None):
        """Keras's rule: each input's mask broadcast over its features (all True when it has none), concatenated
        along `axis`, then any() over the last axis; None when no input has a mask."""
        if mask is None:
            return None
        check_masks(inputs, mask)
        if all(m is None for m in mask):
            return None
        full = []
        for x, m in zip(inputs, mask):
            if m is None:
                full.append(torch.ones(x.shape, dtype=torch.bool, device=x.device))
            else:
                m = m.to(torch.bool)
                full.append(m.unsqueeze(-1).expand(x.shape) if m.dim() < x.dim() else m)
        return torch.cat(full, dim=self.axis).any(dim=-1)

    def get_config(self):
        return {**super().get_config(), "axis": self.axis}
