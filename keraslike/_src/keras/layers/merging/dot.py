"""`Dot` (keras/src/layers/merging/dot.py): batched dot product of two tensors."""

import torch
import torch.nn.functional as F

from keraslike._src.keras.layers.merging.base_merge import Merge


class Dot(Merge):
    """Batched dot product of two tensors along `axes` (Keras's `batch_dot`).

    Args:
        axes: int or pair of ints (axes of the first and second input, batch axis excluded).
        normalize: bool, default False: L2-normalise along `axes` first (cosine proximity).

    Input shape: two tensors `(batch, ...)`. Output shape: the non-contracted dims of the first
        followed by those of the second; two 2D inputs give `(batch, 1)`.
    """

    min_inputs = max_inputs = 2

    def __init__(self, axes, normalize=False, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(axes, int) and (not isinstance(axes, (list, tuple)) or len(axes) != 2):
            raise TypeError(f"Invalid type/value for argument `axes`: expected an int or a tuple of 2 ints. "
                            f"Received: axes={axes!r}")
        self.axes = axes
        self.normalize = normalize

    def call(self, inputs):
        if not isinstance(inputs, (list, tuple)) or len(inputs) != 2:
            raise ValueError(f"A `Dot` layer should be called on a list of 2 inputs. Received: inputs={inputs!r}")
        x, y = inputs
        axes = (self.axes, self.axes) if isinstance(self.axes, int) else tuple(self.axes)
        ax, ay = (a % t.dim() for a, t in zip(axes, (x, y)))
        if self.normalize:
            x, y = F.normalize(x, dim=ax, eps=1e-12), F.normalize(y, dim=ay, eps=1e-12)
        if x.shape[ax] != y.shape[ay]:
            raise ValueError(
                f"Incompatible input shapes for Dot: axis {ax} of {tuple(x.shape)} != axis {ay} of "
                f"{tuple(y.shape)}. Received: axes={self.axes}"
            )
        n, k = x.shape[0], x.shape[ax]
        xm = x.movedim(ax, -1)
        ym = y.movedim(ay, 1)
        out = torch.bmm(xm.reshape(n, -1, k), ym.reshape(n, k, -1))
        out = out.reshape(n, *xm.shape[1:-1], *ym.shape[2:])
        return out.unsqueeze(-1) if out.dim() == 1 else out

    def compute_mask(self, inputs, mask=None):
        """No mask on the output, as Keras."""
        return None

    def get_config(self):
        return {**super().get_config(), "axes": self.axes, "normalize": self.normalize}
