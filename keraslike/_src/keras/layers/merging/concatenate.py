"""`Concatenate` (keras/src/layers/merging/concatenate.py)."""

import torch

from keraslike._src.keras.layers.merging.base_merge import Merge, _check_masks


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
        """The inputs' Keras masks joined along `axis` (an unmasked input counts as all True), reduced with ANY
        over the last axis, as Keras; None when no input is masked."""
        masks = _check_masks(inputs, mask)
        if masks is None or all(m is None for m in masks):
            return None
        full = []
        for x, m in zip(inputs, masks):
            if m is None:
                full.append(torch.ones_like(x, dtype=torch.bool))
            elif m.dim() < x.dim():
                full.append(m.unsqueeze(-1).expand(x.shape))
            else:
                full.append(m)
        return torch.cat(full, dim=self.axis).any(dim=-1)

    def get_config(self):
        return {**super().get_config(), "axis": self.axis}
