"""Keras backend helpers: default float type, device choice, session reset."""

import torch

from keraslike._src.keras.backend import naming
from keraslike._src.distribute import context
from keraslike._src.keras.backend.config import floatx, set_floatx  # noqa: F401  (kept in config, re-exported)
from keraslike._src.placement import scope as placement_scope


def current_device():
    """Where new weights and inputs go: the innermost `tf.device` scope, else the strategy's device."""
    device = placement_scope.current_torch_device()
    if device is not None:
        return device
    return context.get_strategy().device


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
        target = dtype or getattr(torch, floatx())
        if tensor.dtype != target:
            tensor = tensor.to(target)
    if device is not None and tensor.device != device:
        tensor = tensor.to(device)
    return tensor
