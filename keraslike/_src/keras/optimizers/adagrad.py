"""`keras.optimizers.Adagrad` (keras/src/optimizers/adagrad.py), with Keras's update rule.

Keras divides by `sqrt(accumulator + eps)`, torch by `sqrt(accumulator) + eps`, so Keras's rule runs.
"""

import torch

from keraslike._src.keras.optimizers.keras_rule import KerasRule, slots
from keraslike._src.keras.optimizers.optimizer import Optimizer
from keraslike._src.ops import sparse_gradient


def _adagrad_rule(group, params, grads, states):
    acc = slots(states, "accumulator")
    torch._foreach_add_(acc, sparse_gradient.squares(grads))
    denom = torch._foreach_add(acc, group["epsilon"])
    torch._foreach_sqrt_(denom)
    torch._foreach_addcdiv_(params, grads, denom, value=-group["lr"])


def _adagrad_init(param, state, group):
    state["accumulator"] = torch.full_like(param, group["initial_accumulator_value"])


class Adagrad(Optimizer):
    """`Adagrad(learning_rate=0.001, initial_accumulator_value=0.1, epsilon=1e-7)`."""

    _keras_slot_passes = ((("accumulator", "accumulator"),),)

    def __init__(self, learning_rate=0.001, initial_accumulator_value=0.1, epsilon=1e-7, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.initial_accumulator_value, self.epsilon = initial_accumulator_value, epsilon

    def _make_torch(self, params):
        return KerasRule(params, _adagrad_rule, _adagrad_init, lr=self._current_lr(), epsilon=self.epsilon,
                         initial_accumulator_value=self.initial_accumulator_value)

    def get_config(self):
        return {**super().get_config(), "initial_accumulator_value": self.initial_accumulator_value,
                "epsilon": self.epsilon}
