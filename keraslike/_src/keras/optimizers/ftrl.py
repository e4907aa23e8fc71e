"""`keras.optimizers.Ftrl` (keras/src/optimizers/ftrl.py), "Follow The Regularized Leader".

Per variable, with `p = -learning_rate_power` and `l2' = l2 + beta / (2 lr)`:

    n_new = n + g^2
    z += (g + 2 * l2_shrinkage * var) - (n_new^p - n^p) / lr * var
    var = (clip(z, -l1, l1) - z) / (n_new^p / lr + 2 * l2')
    n = n_new
"""

import torch

from keraslike._src.keras.optimizers.keras_rule import KerasRule
from keraslike._src.keras.optimizers.optimizer import Optimizer
from keraslike._src.ops import sparse_gradient


def _ftrl_rule(group, params, grads, states):
    lr, power = group["lr"], -group["learning_rate_power"]
    l1, l2 = group["l1"], group["l2"] + group["beta"] / (2.0 * lr)
    shrink = group["l2_shrinkage"]
    for var, g, state in zip(params, grads, states):
        accum, linear = state["accumulator"], state["linear"]
        new_accum = accum + sparse_gradient.square(g)
        new_pow, old_pow = new_accum.pow(power), accum.pow(power)
        linear.add_(g + 2.0 * shrink * var - (new_pow - old_pow) / lr * var)
        quadratic = new_pow / lr + 2.0 * l2
        var.copy_((linear.clamp(-l1, l1) - linear) / quadratic)
        accum.copy_(new_accum)


def _ftrl_init(param, state, group):
    state["accumulator"] = torch.full_like(param, group["initial_accumulator_value"])
    state["linear"] = torch.zeros_like(param)


class Ftrl(Optimizer):
    """FTRL-proximal.

    Args:
        learning_rate: float or schedule. Defaults to 0.001.
        learning_rate_power: float <= 0. Defaults to -0.5.
        initial_accumulator_value: float >= 0. Defaults to 0.1.
        l1_regularization_strength, l2_regularization_strength,
        l2_shrinkage_regularization_strength: floats >= 0. Default 0.
        beta: float. Defaults to 0.0.
        **kwargs: base optimizer arguments.

    Raises:
        ValueError: for a positive `learning_rate_power` or a negative strength.
    """

    def __init__(self, learning_rate=0.001, learning_rate_power=-0.5, initial_accumulator_value=0.1,
                 l1_regularization_strength=0.0, l2_regularization_strength=0.0,
                 l2_shrinkage_regularization_strength=0.0, beta=0.0, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        checks = {"initial_accumulator_value": initial_accumulator_value,
                  "l1_regularization_strength": l1_regularization_strength,
                  "l2_regularization_strength": l2_regularization_strength,
                  "l2_shrinkage_regularization_strength": l2_shrinkage_regularization_strength}
        for arg, value in checks.items():
            if value < 0.0:
                raise ValueError(f"`{arg}` needs to be positive or zero. Received: {arg}={value}")
        if learning_rate_power > 0.0:
            raise ValueError("`learning_rate_power` needs to be negative or zero. "
                             f"Received: learning_rate_power={learning_rate_power}")
        self.learning_rate_power = learning_rate_power
        self.initial_accumulator_value = initial_accumulator_value
        self.l1_regularization_strength = l1_regularization_strength
        self.l2_regularization_strength = l2_regularization_strength
        self.l2_shrinkage_regularization_strength = l2_shrinkage_regularization_strength
        self.beta = beta

    def _make_torch(self, params):
        return KerasRule(params, _ftrl_rule, _ftrl_init, lr=self._current_lr(),
                         learning_rate_power=self.learning_rate_power,
                         initial_accumulator_value=self.initial_accumulator_value,
                         l1=self.l1_regularization_strength, l2=self.l2_regularization_strength,
                         l2_shrinkage=self.l2_shrinkage_regularization_strength, beta=self.beta)

    def get_config(self):
        return {**super().get_config(), "learning_rate_power": self.learning_rate_power,
                "initial_accumulator_value": self.initial_accumulator_value,
                "l1_regularization_strength": self.l1_regularization_strength,
                "l2_regularization_strength": self.l2_regularization_strength,
                "l2_shrinkage_regularization_strength": self.l2_shrinkage_regularization_strength,
                "beta": self.beta}
