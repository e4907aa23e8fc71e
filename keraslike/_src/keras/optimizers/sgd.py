"""`keras.optimizers.SGD` (keras/src/optimizers/sgd.py), with Keras's momentum rule.

Keras keeps `m = mu*m - lr*g` (the learning rate inside the momentum), torch `b = mu*b + g`; they differ once the
learning rate changes, so Keras's rule runs (`keras_rule.KerasRule`).
"""

import torch

from keraslike._src.keras.optimizers.keras_rule import KerasRule, slots, zeros_like_slots
from keraslike._src.keras.optimizers.optimizer import Optimizer


def _sgd_rule(group, params, grads, states):
    lr, mu = group["lr"], group["momentum"]
    if not mu:
        torch._foreach_add_(params, grads, alpha=-lr)
        return
    ms = slots(states, "m")
    torch._foreach_mul_(ms, mu)
    torch._foreach_add_(ms, grads, alpha=-lr)  # m = mu * m - lr * g
    if group["nesterov"]:
        torch._foreach_add_(params, ms, alpha=mu)  # var += mu * m - lr * g
        torch._foreach_add_(params, grads, alpha=-lr)
    else:
        torch._foreach_add_(params, ms)


class SGD(Optimizer):
    """`SGD(learning_rate=0.01, momentum=0.0, nesterov=False)`."""

    _keras_slot_passes = ((("m", "momentum"),),)  # Keras 3's slot order and names (saving/optimizer_state.py)

    def __init__(self, learning_rate=0.01, momentum=0.0, nesterov=False, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        if not 0 <= momentum <= 1:
            raise ValueError(f"Expected momentum to be in the range [0, 1]. Received: momentum={momentum}")
        self.momentum, self.nesterov = float(momentum), bool(nesterov)

    def _make_torch(self, params):
        init = zeros_like_slots(*(["m"] if self.momentum else []))
        return KerasRule(params, _sgd_rule, init, lr=self._current_lr(), momentum=self.momentum,
                         nesterov=self.nesterov)

    def get_config(self):
        return {**super().get_config(), "momentum": self.momentum, "nesterov": self.nesterov}
