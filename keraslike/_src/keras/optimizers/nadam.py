"""`keras.optimizers.Nadam` (keras/src/optimizers/nadam.py): Adam with Nesterov momentum.

Keras's rule with `u(t) = beta_1 * (1 - 0.5 * 0.96^t)` and the running product
`U(t) = u(1) * ... * u(t)` (advanced once per step, not per variable):

    m = m + (g - m) * (1 - beta_1);   v = v + (g^2 - v) * (1 - beta_2)
    m_hat = u(t+1) * m / (1 - U(t) * u(t+1)) + (1 - u(t)) * g / (1 - U(t))
    v_hat = v / (1 - beta_2^t)
    var -= lr * m_hat / (sqrt(v_hat) + epsilon)

torch's NAdam uses `0.96^(0.004 t)` (the TF1 schedule), so the rule runs here. TF 2's
`tf.keras.optimizers.legacy.Nadam` uses that schedule, `0.96^(schedule_decay * t)`, whose
`schedule_decay` (default 0.004) is also its learning-rate `decay` (`optimizers/legacy.py`).
"""

import torch

from keraslike._src.keras.optimizers.keras_rule import KerasRule, slots, zeros_like_slots
from keraslike._src.keras.optimizers.optimizer import Optimizer
from keraslike._src.ops import sparse_gradient


def _nadam_rule(group, params, grads, states):
    ms, vs = slots(states, "m"), slots(states, "v")
    beta_1, beta_2, t = group["beta_1"], group["beta_2"], group["step"]
    decay = group["schedule_decay"]
    u_t = beta_1 * (1.0 - 0.5 * 0.96 ** (decay * t))
    u_t_1 = beta_1 * (1.0 - 0.5 * 0.96 ** (decay * (t + 1)))
    u_prod = group["u_product"]
    torch._foreach_lerp_(ms, grads, 1.0 - beta_1)
    torch._foreach_lerp_(vs, sparse_gradient.squares(grads), 1.0 - beta_2)
    m_hat = torch._foreach_mul(ms, u_t_1 / (1.0 - u_prod * u_t_1))
    torch._foreach_add_(m_hat, grads, alpha=(1.0 - u_t) / (1.0 - u_prod))
    denom = torch._foreach_div(vs, 1.0 - beta_2 ** t)
    torch._foreach_sqrt_(denom)
    torch._foreach_add_(denom, group["epsilon"])
    torch._foreach_addcdiv_(params, m_hat, denom, value=-group["lr"])


class Nadam(Optimizer):
    """Nadam with Keras 3's momentum schedule.

    Args:
        learning_rate: float or schedule. Defaults to 0.001.
        beta_1: decay of the first moment. Defaults to 0.9.
        beta_2: decay of the second moment. Defaults to 0.999.
        epsilon: added to the denominator. Defaults to 1e-7.
        **kwargs: base optimizer arguments.
    """

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.beta_1, self.beta_2, self.epsilon = beta_1, beta_2, epsilon
        self._u_product = 1.0

    def _make_torch(self, params):
        return KerasRule(params, _nadam_rule, zeros_like_slots("m", "v"), lr=self._current_lr(),
                         beta_1=self.beta_1, beta_2=self.beta_2, epsilon=self.epsilon, step=1, u_product=1.0,
                         schedule_decay=self._schedule_decay())

    def _schedule_decay(self):
        """The exponent's factor: `0.96 ** (factor * t)` (1 in Keras 3)."""
        return 1.0

    def _prepare_step(self, step, lr):
        self._u_product *= self.beta_1 * (1.0 - 0.5 * 0.96 ** (self._schedule_decay() * step))
        for group in self._torch.param_groups:
            group["lr"], group["step"], group["u_product"] = lr, step, self._u_product

    def get_config(self):
        return {**super().get_config(), "beta_1": self.beta_1, "beta_2": self.beta_2, "epsilon": self.epsilon}
