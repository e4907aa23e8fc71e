"""LoRA (low-rank adaptation) for Dense, EinsumDense and Embedding, as Keras 3's `enable_lora`
(keras/src/layers/core/dense.py, einsum_dense.py, embedding.py).

`enable_lora(rank)` freezes the base kernel `W` (`(*lead, cols)`: `(rows, cols)` for Dense, any rank for
EinsumDense) and adds trainable `A` `(*lead, rank)` (he_uniform) and `B` `(rank, cols)` (zeros); the layer
then computes with `W + (lora_alpha / rank) * A @ B` (a batched matmul over `lead`), so the output is
unchanged until training moves `B`.
"""

from keraslike._src.keras import initializers


def add_lora_weights(layer, base, prefix, rank, lora_alpha, a_initializer, b_initializer, constraint, regularizer):
    """Validate, freeze `base`, create `lora_<prefix>_a/_b` on `layer`; returns (a, b).

    Raises:
        ValueError: with a constraint on the base matrix, before the layer is built, or when LoRA is already
            enabled (Keras's errors).
    """
    if constraint is not None:
        raise ValueError(f"Lora is incompatible with {prefix} constraints. In order to enable lora on this layer, "
                         f"remove the `{prefix}_constraint` argument. Received: {prefix}_constraint={constraint!r}")
    if not layer.built:
        raise ValueError("Cannot enable lora on a layer that isn't yet built.")
    if layer.lora_enabled:
        raise ValueError("lora is already enabled. This can only be done once per layer.")
    if not isinstance(rank, int) or rank <= 0:
        raise ValueError(f"Expected the LoRA rank to be a positive integer. Received: rank={rank!r}")
    *lead, cols = tuple(base.shape)
    a = layer.add_weight(f"lora_{prefix}_a", (*lead, rank), initializers.get(a_initializer), dtype="float32",
                         regularizer=regularizer)
    b = layer.add_weight(f"lora_{prefix}_b", (rank, cols), initializers.get(b_initializer), dtype="float32",
                         regularizer=regularizer)
    base.trainable = False
    layer.lora_enabled = True
    layer.lora_rank = rank
    layer.lora_alpha = lora_alpha if lora_alpha is not None else rank
    return a, b


def merged(layer, base, a, b):
    """`base + (alpha / rank) * a @ b` in the base's dtype."""
    return base + ((layer.lora_alpha / layer.lora_rank) * (a @ b)).to(base.dtype)


def lora_config(layer):
    """`{"lora_rank", "lora_alpha"}` when LoRA is set, else `{}` (Keras 3 writes them only then)."""
    return {"lora_rank": layer.lora_rank, "lora_alpha": layer.lora_alpha} if layer.lora_rank else {}


class KernelLoRA:
    """`enable_lora` for layers whose LoRA target is `self.kernel` (Dense, EinsumDense)."""

    def enable_lora(self, rank, lora_alpha=None, a_initializer="he_uniform", b_initializer="zeros"):
        """Freeze `kernel` and learn a rank-`rank` update `(lora_alpha / rank) * A @ B` (Keras 3).

        Raises:
            ValueError: with `kernel_constraint`, before build, or when already enabled.
        """
        if not self.built:
            raise ValueError("Cannot enable lora on a layer that isn't yet built.")
        self.lora_kernel_a, self.lora_kernel_b = add_lora_weights(
            self, self.kernel, "kernel", rank, lora_alpha, a_initializer, b_initializer, self.kernel_constraint,
            self.kernel_regularizer)

    def lora_merged_kernel(self):
        """The kernel the layer computes with: `kernel`, plus the LoRA update when enabled."""
        return merged(self, self.kernel, self.lora_kernel_a, self.lora_kernel_b) if self.lora_enabled \
            else self.kernel
