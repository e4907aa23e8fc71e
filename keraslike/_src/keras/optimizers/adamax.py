"""`keras.optimizers.Adamax` (keras/src/optimizers/adamax.py).

Keras's rule, per step `t`:

    m = m + (g - m) * (1 - beta_1)
    u = max(beta_2 * u, |g|)
    var -= lr * m / ((1 - beta_1^t) * (u + epsilon))

torch's Adamax adds epsilon inside the max instead, so the rule runs here.
"""

import numpy as np
import torch

from keraslike._src.keras.optimizers.keras_rule import KerasRule, float32_power, slots, zeros_like_slots
from keraslike._src.keras.optimizers.optimizer import Optimizer
from keraslike._src.ops import sparse_gradient


def _adamax_rule(group, params, grads, states):
    ms, us = slots(states, "m"), slots(states, "u")
    torch._foreach_lerp_(ms, grads, 1.0 - group["beta_1"])
    torch._foreach_mul_(us, group["beta_2"])
    torch._foreach_maximum_(us, sparse_gradient.abs_sums(grads))
    denom = torch._foreach_add(us, group["epsilon"])
    scale = float(np.float32(group["lr"]) / (np.float32(1.0) - float32_power(group["beta_1"], group["step"])))
    torch._foreach_addcdiv_(params, ms, denom, value=-scale)


class Adamax(Optimizer):
    """Adamax, the infinity-norm variant of Adam.

    Args:
        learning_rate: float or schedule. Defaults to 0.001.
        beta_1: decay of the first moment. Defaults to 0.9.
        beta_2: decay of the weighted infinity norm. Defaults to 0.999.
        epsilon: added to the norm. Defaults to 1e-7.
        **kwargs: base optimizer arguments (`clipnorm`, `weight_decay`, ...).
    """

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.beta_1, self.beta_2, self.epsilon = beta_1, beta_2, epsilon

    def _make_torch(self, params):
        return KerasRule(params, _adamax_rule, zeros_like_slots("m", "u"), lr=self._current_lr(),
                         beta_1=self.beta_1, beta_2=self.beta_2, epsilon=self.epsilon, step=1)

    def _prepare_step(self, step, lr):
        for group in self._torch.param_groups:
            group["lr"], group["step"] = lr, step

    def get_config(self):
        return {**super().get_config(), "beta_1": self.beta_1, "beta_2": self.beta_2, "epsilon": self.epsilon}
