"""`keras.optimizers.Lion` (keras/src/optimizers/lion.py).

    var -= lr * sign(beta_1 * m + (1 - beta_1) * g)
    m = beta_2 * m + (1 - beta_2) * g
"""

import torch

from keraslike._src.keras.optimizers.keras_rule import KerasRule, slots, zeros_like_slots
from keraslike._src.keras.optimizers.optimizer import Optimizer


def _lion_rule(group, params, grads, states):
    ms = slots(states, "m")
    update = torch._foreach_lerp(ms, grads, 1.0 - group["beta_1"])
    torch._foreach_sign_(update)
    torch._foreach_add_(params, update, alpha=-group["lr"])
    torch._foreach_lerp_(ms, grads, 1.0 - group["beta_2"])


class Lion(Optimizer):
    """Lion (sign of an interpolated momentum).

    Args:
        learning_rate: float or schedule. Defaults to 0.001.
        beta_1: interpolation for the update direction. Defaults to 0.9.
        beta_2: decay of the momentum. Defaults to 0.99.
        **kwargs: base optimizer arguments.

    Raises:
        ValueError: if `beta_1` is not in `(0, 1]`.
    """

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.99, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        if beta_1 <= 0 or beta_1 > 1:
            raise ValueError("Argument `beta_1` must be in the [0, 1] range. Otherwise, the optimizer "
                             f"degenerates to SignSGD. Received: beta_1={beta_1}")
        self.beta_1, self.beta_2 = beta_1, beta_2

    def _make_torch(self, params):
        return KerasRule(params, _lion_rule, zeros_like_slots("m"), lr=self._current_lr(),
                         beta_1=self.beta_1, beta_2=self.beta_2)

    def get_config(self):
        return {**super().get_config(), "beta_1": self.beta_1, "beta_2": self.beta_2}
