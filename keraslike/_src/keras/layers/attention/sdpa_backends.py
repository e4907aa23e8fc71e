"""Which of torch's `scaled_dot_product_attention` kernels an attention layer may use.

`keras.config.enable_flash_attention()` (or a layer's `flash_attention=True`) allows only the flash kernel,
`disable_flash_attention()` every kernel but flash; unset, torch chooses. Masked inputs reach the kernels
through `keraslike/_src/ops/masked_attention.py`, which gives TF's values and gradients on each of them.
"""

import contextlib

from torch.nn.attention import SDPBackend, sdpa_kernel


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
