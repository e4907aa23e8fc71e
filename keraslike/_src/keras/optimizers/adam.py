"""`keras.optimizers.Adam` (keras/src/optimizers/adam.py), with Keras's defaults and update rule.

Keras: `var -= lr * sqrt(1-b2^t)/(1-b1^t) * m / (sqrt(v) + eps)`; torch divides eps by `sqrt(1-b2^t)`, so Keras's
rule runs (slots named as torch's `exp_avg`, `exp_avg_sq`, `max_exp_avg_sq`, so saved optimizer state keeps its
order).
"""

import torch

from keraslike._src.keras.optimizers.keras_rule import KerasRule, adam_step_size, slots, zeros_like_slots
from keraslike._src.keras.optimizers.optimizer import Optimizer
from keraslike._src.ops import sparse_gradient


def _adam_rule(group, params, grads, states):
    beta_1, beta_2, t = group["beta_1"], group["beta_2"], group["step"]
    ms, vs = slots(states, "exp_avg"), slots(states, "exp_avg_sq")
    torch._foreach_lerp_(ms, grads, 1.0 - beta_1)  # m += (g - m) * (1 - beta_1)
    torch._foreach_lerp_(vs, sparse_gradient.squares(grads), 1.0 - beta_2)
    if group["amsgrad"]:
        vhats = slots(states, "max_exp_avg_sq")
        torch._foreach_maximum_(vhats, vs)
        vs = vhats
    denom = torch._foreach_sqrt(vs)
    torch._foreach_add_(denom, group["epsilon"])
    alpha = adam_step_size(group["lr"], beta_1, beta_2, t)
    torch._foreach_addcdiv_(params, ms, denom, value=-alpha)


class Adam(Optimizer):
    """`Adam(learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, amsgrad=False)` (Keras defaults)."""

    _keras_slot_passes = ((("exp_avg", "momentum"), ("exp_avg_sq", "velocity")), (("max_exp_avg_sq", "velocity_hat"),))

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, amsgrad=False, name=None,
                 **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.beta_1, self.beta_2, self.epsilon, self.amsgrad = beta_1, beta_2, epsilon, amsgrad

    def _make_torch(self, params):
        names = ("exp_avg", "exp_avg_sq") + (("max_exp_avg_sq",) if self.amsgrad else ())
        return KerasRule(params, _adam_rule, zeros_like_slots(*names), lr=self._current_lr(), beta_1=self.beta_1,
                         beta_2=self.beta_2, epsilon=self.epsilon, amsgrad=bool(self.amsgrad), step=1)

    def _prepare_step(self, step, lr):
        for group in self._torch.param_groups:
            group["lr"], group["step"] = lr, step

    def get_config(self):
        return {**super().get_config(), "beta_1": self.beta_1, "beta_2": self.beta_2, "epsilon": self.epsilon,
                "amsgrad": self.amsgrad}
