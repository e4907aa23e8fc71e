"""`keras.optimizers.Adadelta` (keras/src/optimizers/adadelta.py).

Keras's rule (torch's Adadelta computes the same for dense gradients; it runs here so that a sparse
gradient squares its occurrences, as Keras 3 does with TF's `IndexedSlices`, see `ops/sparse_gradient.py`):

    acc_g = rho * acc_g + (1 - rho) * g^2
    delta = sqrt(acc_d + eps) / sqrt(acc_g + eps) * g
    acc_d = rho * acc_d + (1 - rho) * delta^2
    var -= lr * delta

Slots keep torch's names (`square_avg` = acc_g, `acc_delta` = acc_d).
"""

import torch

from keraslike._src.keras.optimizers.keras_rule import KerasRule, slots, zeros_like_slots
from keraslike._src.keras.optimizers.optimizer import Optimizer
from keraslike._src.ops import sparse_gradient


def _adadelta_rule(group, params, grads, states):
    rho, eps = group["rho"], group["epsilon"]
    acc_g, acc_d = slots(states, "square_avg"), slots(states, "acc_delta")
    torch._foreach_lerp_(acc_g, sparse_gradient.squares(grads), 1.0 - rho)
    ratio = torch._foreach_div(torch._foreach_sqrt(torch._foreach_add(acc_d, eps)),
                               torch._foreach_sqrt(torch._foreach_add(acc_g, eps)))  # delta = ratio * g
    torch._foreach_lerp_(acc_d, torch._foreach_mul(sparse_gradient.squares(grads), torch._foreach_mul(ratio, ratio)),
                         1.0 - rho)
    torch._foreach_addcmul_(params, ratio, grads, value=-group["lr"])


class Adadelta(Optimizer):
    """Adadelta.

    Args:
        learning_rate: float or schedule. Defaults to 0.001 (Keras's default, not torch's 1.0).
        rho: decay rate of the accumulators. Defaults to 0.95.
        epsilon: added inside the square roots. Defaults to 1e-7.
        **kwargs: base optimizer arguments.
    """

    def __init__(self, learning_rate=0.001, rho=0.95, epsilon=1e-7, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.rho, self.epsilon = rho, epsilon

    def _make_torch(self, params):
        return KerasRule(params, _adadelta_rule, zeros_like_slots("square_avg", "acc_delta"), lr=self._current_lr(),
                         rho=self.rho, epsilon=self.epsilon)

    def get_config(self):
        return {**super().get_config(), "rho": self.rho, "epsilon": self.epsilon}
