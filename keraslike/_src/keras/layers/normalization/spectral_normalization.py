"""`SpectralNormalization` (keras/src/layers/normalization/spectral_normalization.py).

Wraps a layer with a `kernel` (or `embeddings`) and, on each training call, divides that kernel
by its largest singular value, estimated by `power_iterations` steps of the power method on the
kernel reshaped to `(-1, out)`; the estimate's vector `u` is a non-trainable weight carried
between steps. As in Keras, the normalised kernel is assigned in place (no gradient through sigma).
"""

import torch

from keraslike._src.keras import initializers
from keraslike._src.keras.layers.core.wrapper import Wrapper
from keraslike._src.keras.layers.input_spec import InputSpec


def _unit(x):
    return x * torch.rsqrt(torch.clamp(torch.sum(x * x), min=1e-14))


class SpectralNormalization(Wrapper):
    """Spectral normalisation of the wrapped layer's kernel.

    Args:
        layer: a layer with a `kernel` or `embeddings` weight (Dense, Conv*, Embedding, ...).
        power_iterations: int >= 1, default 1.

    Raises:
        ValueError: for `power_iterations < 1` or a layer without a kernel.
    """

    def __init__(self, layer, power_iterations=1, **kwargs):
        super().__init__(layer, **kwargs)
        if power_iterations <= 0:
            raise ValueError(f"`power_iterations` should be greater than zero. Received: "
                             f"`power_iterations={power_iterations}`")
        self.power_iterations = int(power_iterations)

    def build(self, input_shape):
        super().build(input_shape)
        self.input_spec = InputSpec(min_ndim=1, axes={-1: input_shape[-1]})
        kernel = getattr(self.layer, "kernel", None)
        if kernel is None:
            kernel = getattr(self.layer, "embeddings", None)
        if kernel is None:
            raise ValueError(f"{type(self.layer).__name__} object has no attribute 'kernel' nor 'embeddings'")
        object.__setattr__(self, "_kernel", kernel)
        object.__setattr__(self, "kernel", kernel)
        # Keras 3 tracks the wrapped kernel as the wrapper's own variable (`self.kernel = layer.kernel`): own
        # variables [kernel, vector_u] in weights and in saved files (its `vars/0`, `vars/1`)
        if not any(kernel is v for v in self._trainable_vars + self._non_trainable_vars):
            (self._trainable_vars if kernel.trainable else self._non_trainable_vars).append(kernel)
        self.vector_u = self.add_weight("vector_u", (1, kernel.shape[-1]), initializers.TruncatedNormal(stddev=0.02),
                                        trainable=False)
        self.built = True

    def normalized_weights(self):
        """`(new_u, kernel / sigma)` from `power_iterations` power-method steps."""
        weights = self._kernel.detach().reshape(-1, self._kernel.shape[-1])
        u = self.vector_u.detach()
        v = None
        for _ in range(self.power_iterations):
            v = _unit(u @ weights.T)
            u = _unit(v @ weights)
        sigma = (v @ weights) @ u.T
        return u, (self._kernel.detach() / sigma).reshape(self._kernel.shape)

    def call(self, inputs, training=False):
        if training and not bool(torch.all(self._kernel == 0)):
            with torch.no_grad():
                u, kernel = self.normalized_weights()
                self.vector_u.assign(u)
                self._kernel.assign(kernel)
        out = self.layer(inputs)
        return out.to(inputs.dtype) if isinstance(out, torch.Tensor) and out.is_floating_point() else out

    def get_config(self):
        return {**super().get_config(), "power_iterations": self.power_iterations}
