"""`keras.optimizers.Lamb` (mirrors `keras/src/optimizers/lamb.py`, Keras 3.15; You et al. 2019).

Keras's rule, per variable at step `t`:

    m = m + (g - m) * (1 - beta_1);  v = v + (g^2 - v) * (1 - beta_2)
    update = (m / (1 - beta_1^t)) / (sqrt(v / (1 - beta_2^t)) + epsilon)
    ratio = ||var|| / ||update|| (1 when either norm is 0)
    var -= ratio * lr * update

Norms are of the whole variable; everything stays on the device.
"""

import torch

from keraslike._src.keras.optimizers.keras_rule import KerasRule, slots, zeros_like_slots
from keraslike._src.keras.optimizers.optimizer import Optimizer
from keraslike._src.ops import sparse_gradient


def _lamb_rule(group, params, grads, states):
    ms, vs = slots(states, "m"), slots(states, "v")
    step = group["step"]
    torch._foreach_lerp_(ms, grads, 1.0 - group["beta_1"])
    torch._foreach_lerp_(vs, sparse_gradient.squares(grads), 1.0 - group["beta_2"])
    c1, c2 = 1.0 - group["beta_1"] ** step, 1.0 - group["beta_2"] ** step
    for p, m, v in zip(params, ms, vs):
        update = (m / c1) / (torch.sqrt(v / c2) + group["epsilon"])
        w_norm, g_norm = torch.linalg.vector_norm(p), torch.linalg.vector_norm(update)
        one = torch.ones_like(w_norm)
        ratio = torch.where(w_norm > 0, torch.where(g_norm > 0, w_norm / torch.where(g_norm > 0, g_norm, one), one),
                            one)
        p.sub_(ratio * group["lr"] * update)


class Lamb(Optimizer):
    """`Lamb(learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, name=None, **kwargs)`: Adam with a
    per-variable trust ratio (layer-wise adaptive moments).

    Args:
        learning_rate: float or schedule. Defaults to 0.001.
        beta_1, beta_2: decay rates of the first and second moments.
        epsilon: added to the root of the second moment. Defaults to 1e-7.
        **kwargs: base optimizer arguments (`weight_decay`, `clipnorm`, `use_ema`, ...).
    """

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.beta_1, self.beta_2, self.epsilon = beta_1, beta_2, epsilon

    def _make_torch(self, params):
        return KerasRule(params, _lamb_rule, zeros_like_slots("m", "v"), lr=self._current_lr(),
                         beta_1=self.beta_1, beta_2=self.beta_2, epsilon=self.epsilon, step=1)

    def _prepare_step(self, step, lr):
        for group in self._torch.param_groups:
            group["lr"], group["step"] = lr, step

    def get_config(self):
        return {**super().get_config(), "beta_1": self.beta_1, "beta_2": self.beta_2, "epsilon": self.epsilon}
