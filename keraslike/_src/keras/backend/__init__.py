"""Keras backend helpers: default float type, device choice, session reset."""

import torch

from keraslike._src.keras.backend import naming
from keraslike._src.distribute import context
from keraslike._src.placement import scope as placement_scope

_FLOATX = "float32"


def floatx():
    """Default float dtype name, `"float32"` (Keras's `keras.backend.floatx`)."""
    return _FLOATX


def set_floatx(value):
    global _FLOATX
    if value not in ("float16", "bfloat16", "float32", "float64"):
        raise ValueError(f"Expected floatx to be one of float16, bfloat16, float32, float64. Received: {value!r}")
    _FLOATX = value


def current_device():
    """Where new weights and inputs go: the innermost `tf.device` scope, else the strategy's device."""
    device = placement_scope.current_torch_device()
    if device is not None:
        return device
    return context.get_strategy()._device


def clear_session():
    """Reset Keras's name counters (`keras.backend.clear_session`)."""
    naming.reset()


def to_float_tensor(value, dtype=None, device=None):
    """numpy/list/tensor -> tensor; float64 and python floats become floatx (Keras casts inputs)."""
    if isinstance(value, torch.Tensor):
        tensor = value
    else:
        tensor = torch.as_tensor(value)
    if tensor.is_floating_point():
        target = dtype or getattr(torch, _FLOATX)
        if tensor.dtype != target:
            tensor = tensor.to(target)
    if device is not None and tensor.device != device:
        tensor = tensor.to(device)
    return tensor
