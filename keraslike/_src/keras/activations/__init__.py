"""Keras activation functions over torch (`keras/src/activations/activations.py`).

Each takes and returns a tensor of the same shape; `softmax`/`log_softmax`
act on the last axis by default.
"""

import torch
import torch.nn.functional as F

from keraslike._src.keras.saving import object_registration
from keraslike._src.keras.utils.lookup import lookup


def linear(x):
    return x


def relu(x, negative_slope=0.0, max_value=None, threshold=0.0):
    """Keras relu with optional leak, cap and threshold."""
    if negative_slope == 0.0 and max_value is None and threshold == 0.0:
        return F.relu(x)
    out = torch.where(x >= threshold, x, negative_slope * (x - threshold))
    return out.clamp(max=max_value) if max_value is not None else out


def relu6(x):
    return F.relu6(x)


def leaky_relu(x, negative_slope=0.2):
    return F.leaky_relu(x, negative_slope)


def elu(x, alpha=1.0):
    return F.elu(x, alpha)


def selu(x):
    return F.selu(x)


def gelu(x, approximate=False):
    return F.gelu(x, approximate="tanh" if approximate else "none")


def sigmoid(x):
    return torch.sigmoid(x)


def hard_sigmoid(x):
    return F.hardsigmoid(x)


def tanh(x):
    return torch.tanh(x)


def softplus(x):
    return F.softplus(x)


def softsign(x):
    return F.softsign(x)


def silu(x):
    return F.silu(x)


swish = silu


def hard_silu(x):
    """`x * relu6(x + 3) / 6` (Keras 3's hard_silu / hard_swish)."""
    return F.hardswish(x)


hard_swish = hard_silu


def mish(x):
    return F.mish(x)


def exponential(x):
    return torch.exp(x)


def softmax(x, axis=-1):
    return torch.softmax(x, dim=axis)


def log_softmax(x, axis=-1):
    return torch.log_softmax(x, dim=axis)


_NAMES = {
    f.__name__: f
    for f in (linear, relu, relu6, leaky_relu, elu, selu, gelu, sigmoid, hard_sigmoid, tanh, softplus,
              softsign, silu, mish, exponential, softmax, log_softmax, hard_silu)
}
_NAMES["swish"] = silu
_NAMES["hard_swish"] = hard_silu


def get(identifier):
    """Resolve `None`/"linear", a name such as `"relu"`, or a callable.

    Raises:
        ValueError: for an unknown name (lists the valid ones).
    """
    if identifier is None:
        return linear
    if callable(identifier):
        return identifier
    if isinstance(identifier, str) and identifier not in _NAMES:
        custom = object_registration.get_registered_object(identifier)  # custom_objects / registered functions
        if custom is not None:
            return custom
    return lookup("activation", identifier, _NAMES)


def serialize(fn):
    """The name saved in configs: a built-in's name, a registered function's `"package>name"`, else `__name__`."""
    return object_registration.get_registered_name(fn) if callable(fn) else getattr(fn, "__name__", "linear")
