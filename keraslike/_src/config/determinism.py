"""`tf.config.experimental.enable_op_determinism` and the TensorFloat-32 pair, over torch's switches.

Mirrors `tensorflow/python/framework/config.py`:

- `enable_op_determinism()` -> `torch.use_deterministic_algorithms(True)` (ops without a deterministic
  implementation then raise, as TF's do), `torch.backends.cudnn.deterministic = True` and
  `cudnn.benchmark = False`, and `CUBLAS_WORKSPACE_CONFIG=:4096:8` when unset (cuBLAS reads it when it first
  initialises, so call this before the first GPU matmul). As in TF it does not seed anything: combine it with
  `tf.keras.utils.set_random_seed` for reproducible runs.
- `enable_tensor_float_32_execution(enabled)` -> torch's `fp32_precision` of cuBLAS matmuls and cuDNN
  (`"tf32"` or `"ieee"`); `tensor_float_32_execution_enabled()` is True only when both use TF32. keraslike
  keeps torch's default (float32 matmuls in full precision), so it is False until enabled - TF's own default
  is True; call `enable_tensor_float_32_execution(True)` for TF's speed/precision trade-off on Ampere+ GPUs.
"""

import os

import torch


def enable_op_determinism():
    """`tf.config.experimental.enable_op_determinism()`: run every op deterministically (see module doc)."""
    os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
    torch.use_deterministic_algorithms(True)
    torch.backends.cudnn.deterministic = True
    torch.backends.cudnn.benchmark = False


def disable_op_determinism():
    """Undo `enable_op_determinism` (TF's internal `_disable_op_determinism`; used by tests)."""
    torch.use_deterministic_algorithms(False)
    torch.backends.cudnn.deterministic = False


def op_determinism_enabled():
    """Whether `enable_op_determinism` is in effect (torch's deterministic-algorithms flag)."""
    return torch.are_deterministic_algorithms_enabled()


def enable_tensor_float_32_execution(enabled):
    """`tf.config.experimental.enable_tensor_float_32_execution(enabled)`: let float32 matmuls and
    convolutions on Ampere+ GPUs use TensorFloat-32 (True) or full float32 precision (False).

    Raises:
        TypeError: for a non-bool `enabled`.
    """
    if not isinstance(enabled, bool):
        raise TypeError(f"Expected `enabled` to be a bool. Received: enabled={enabled!r}")
    precision = "tf32" if enabled else "ieee"
    torch.backends.cuda.matmul.fp32_precision = precision
    torch.backends.cudnn.fp32_precision = precision
    torch.backends.cudnn.conv.fp32_precision = precision
    torch.backends.cudnn.rnn.fp32_precision = precision


def _uses_tf32(new_value, legacy):
    if new_value in ("tf32", "ieee"):
        return new_value == "tf32"
    return bool(legacy())  # "none": torch follows its legacy allow_tf32 switch


def tensor_float_32_execution_enabled():
    """`tf.config.experimental.tensor_float_32_execution_enabled()`: True when both cuBLAS matmuls and cuDNN
    convolutions may use TensorFloat-32 (see the module docstring for the default)."""
    matmul = _uses_tf32(torch.backends.cuda.matmul.fp32_precision, lambda: torch.backends.cuda.matmul.allow_tf32)
    conv = torch.backends.cudnn.conv.fp32_precision
    if conv == "none":
        conv = torch.backends.cudnn.fp32_precision
    return matmul and _uses_tf32(conv, lambda: torch.backends.cudnn.allow_tf32)
