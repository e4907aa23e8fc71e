"""Weight constraints (keras/src/constraints/constraints.py), applied after each optimizer step.

Norms are taken over `axis` (default 0: each output unit's incoming weights of
a Dense kernel `(in, out)`, or over `[0, 1, 2]` for a Conv2D kernel `(h, w, in, out)`).
"""

import torch
from keraslike._src.keras.backend import config as keras_config



def _norms(w, axis):
    return torch.sqrt(torch.square(w).sum(dim=axis, keepdim=True))


class Constraint:
    """Base class: `constraint(weight) -> projected weight`."""

    def __call__(self, w):
        return w

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class MaxNorm(Constraint):
    """`MaxNorm(max_value=2, axis=0)`: rescale so each norm is at most `max_value`."""

    def __init__(self, max_value=2, axis=0):
        self.max_value, self.axis = max_value, axis

    def __call__(self, w):
        norms = _norms(w, self.axis)
        desired = torch.clamp(norms, 0, self.max_value)
        return w * (desired / (keras_config.epsilon() + norms))

    def get_config(self):
        return {"max_value": self.max_value, "axis": self.axis}


class NonNeg(Constraint):
    """`NonNeg()`: zero out negative weights."""

    def __call__(self, w):
        return w * (w >= 0.0).to(w.dtype)


class UnitNorm(Constraint):
    """`UnitNorm(axis=0)`: rescale to unit norm."""

    def __init__(self, axis=0):
        self.axis = axis

    def __call__(self, w):
        return w / (keras_config.epsilon() + _norms(w, self.axis))

    def get_config(self):
        return {"axis": self.axis}


class MinMaxNorm(Constraint):
    """`MinMaxNorm(min_value=0.0, max_value=1.0, rate=1.0, axis=0)`: move norms into `[min, max]` at `rate`."""

    def __init__(self, min_value=0.0, max_value=1.0, rate=1.0, axis=0):
        self.min_value, self.max_value, self.rate, self.axis = min_value, max_value, rate, axis

    def __call__(self, w):
        norms = _norms(w, self.axis)
        desired = self.rate * torch.clamp(norms, self.min_value, self.max_value) + (1 - self.rate) * norms
        return w * (desired / (keras_config.epsilon() + norms))

    def get_config(self):
        return {"min_value": self.min_value, "max_value": self.max_value, "rate": self.rate, "axis": self.axis}


max_norm = MaxNorm
non_neg = NonNeg
unit_norm = UnitNorm
min_max_norm = MinMaxNorm
