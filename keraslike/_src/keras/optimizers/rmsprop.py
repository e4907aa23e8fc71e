"""`keras.optimizers.RMSprop` (keras/src/optimizers/rmsprop.py), with Keras's update rule.

Keras divides by `sqrt(v + eps)`, torch by `sqrt(v) + eps`, so Keras's rule runs; a sparse gradient without momentum
keeps TF 2's epsilon outside the square root.
"""

import torch

from keraslike._src.keras.optimizers.keras_rule import KerasRule, slots, zeros_like_slots
from keraslike._src.keras.optimizers.optimizer import Optimizer
from keraslike._src.ops import sparse_gradient


def _rmsprop_rule(group, params, grads, states):
    rho, lr = group["rho"], group["lr"]
    vs = slots(states, "v")
    torch._foreach_lerp_(vs, sparse_gradient.squares(grads), 1.0 - rho)  # v = rho v + (1-rho) g^2
    if group["centered"]:
        avg = slots(states, "average_grad")
        torch._foreach_lerp_(avg, grads, 1.0 - rho)
        base = torch._foreach_sub(vs, torch._foreach_mul(avg, avg))
    else:
        base = vs
    denom = list(torch._foreach_add(base, group["epsilon"]))
    torch._foreach_sqrt_(denom)
    if not group["momentum"] > 0:  # TF 2's sparse RMSprop without momentum: epsilon outside the square root
        for i, g in enumerate(grads):
            exact = sparse_gradient.summed_sparse(g)
            if exact is not None:
                denom[i] = torch.where(exact, torch.sqrt(base[i]) + group["epsilon"], denom[i])
    if group["momentum"] > 0:
        ms = slots(states, "m")
        torch._foreach_mul_(ms, group["momentum"])
        torch._foreach_addcdiv_(ms, grads, denom, value=lr)  # m = momentum * m + lr g / sqrt(denom)
        torch._foreach_sub_(params, ms)
    else:
        torch._foreach_addcdiv_(params, grads, denom, value=-lr)


class RMSprop(Optimizer):
    """`RMSprop(learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-7, centered=False)`."""

    _keras_slot_passes = ((("v", "velocity"),), (("m", "momentum"),), (("average_grad", "average_gradient"),))

    def __init__(self, learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-7, centered=False, name=None,
                 **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.rho, self.momentum, self.epsilon, self.centered = rho, momentum, epsilon, centered

    def _slot_names(self):
        return ["v"] + (["m"] if self.momentum > 0 else []) + (["average_grad"] if self.centered else [])

    def _make_torch(self, params):
        return KerasRule(params, _rmsprop_rule, zeros_like_slots(*self._slot_names()), lr=self._current_lr(),
                         rho=self.rho, epsilon=self.epsilon, momentum=self.momentum, centered=self.centered)

    def get_config(self):
        return {**super().get_config(), "rho": self.rho, "momentum": self.momentum, "epsilon": self.epsilon,
                "centered": self.centered}
