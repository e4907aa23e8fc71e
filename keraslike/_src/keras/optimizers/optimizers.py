"""SGD, Adam, AdamW, RMSprop, Adagrad with Keras's defaults and update rules.

Keras's formulas (keras/src/optimizers/*.py) and how they map onto torch:
- Adam: `var -= lr * sqrt(1-b2^t)/(1-b1^t) * m / (sqrt(v) + eps)`; torch
  divides eps by `sqrt(1-b2^t)`, so Keras's rule runs (slots named as torch's
  `exp_avg`, `exp_avg_sq`, `max_exp_avg_sq`, so saved optimizer state keeps its order).
- SGD with momentum: Keras keeps `m = mu*m - lr*g` (the learning rate inside
  the momentum), torch `b = mu*b + g`; they differ once the learning rate
  changes, so Keras's rule runs (`keras_rule.KerasRule`).
- RMSprop and Adagrad: Keras divides by `sqrt(v + eps)`, torch by
  `sqrt(v) + eps`, so Keras's rule runs.
"""

import math

import torch

from keraslike._src.keras.optimizers.keras_rule import KerasRule, slots, zeros_like_slots
from keraslike._src.keras.optimizers.optimizer import Optimizer
from keraslike._src.ops import sparse_gradient


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
    alpha = group["lr"] * math.sqrt(1.0 - beta_2 ** t) / (1.0 - beta_1 ** t)
    torch._foreach_addcdiv_(params, ms, denom, value=-alpha)


def _adagrad_rule(group, params, grads, states):
    acc = slots(states, "accumulator")
    torch._foreach_add_(acc, sparse_gradient.squares(grads))
    denom = torch._foreach_add(acc, group["epsilon"])
    torch._foreach_sqrt_(denom)
    torch._foreach_addcdiv_(params, grads, denom, value=-group["lr"])


def _adagrad_init(param, state, group):
    state["accumulator"] = torch.full_like(param, group["initial_accumulator_value"])


class SGD(Optimizer):
    _keras_slot_passes = ((("m", "momentum"),),)  # Keras 3's slot order and names (saving/optimizer_state.py)
    """`SGD(learning_rate=0.01, momentum=0.0, nesterov=False)`."""

    def __init__(self, learning_rate=0.01, momentum=0.0, nesterov=False, name="SGD", **kwargs):
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


class Adam(Optimizer):
    _keras_slot_passes = ((("exp_avg", "momentum"), ("exp_avg_sq", "velocity")), (("max_exp_avg_sq", "velocity_hat"),))
    """`Adam(learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, amsgrad=False)` (Keras defaults)."""

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, amsgrad=False, name="adam",
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


class AdamW(Adam):
    """`AdamW(learning_rate=0.001, weight_decay=0.004, ...)`: Adam with decoupled weight decay."""

    def __init__(self, learning_rate=0.001, weight_decay=0.004, beta_1=0.9, beta_2=0.999, epsilon=1e-7,
                 amsgrad=False, name="adamw", **kwargs):
        super().__init__(learning_rate=learning_rate, beta_1=beta_1, beta_2=beta_2, epsilon=epsilon,
                         amsgrad=amsgrad, name=name, weight_decay=weight_decay, **kwargs)


class RMSprop(Optimizer):
    _keras_slot_passes = ((("v", "velocity"),), (("m", "momentum"),), (("average_grad", "average_gradient"),))
    """`RMSprop(learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-7, centered=False)`."""

    def __init__(self, learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-7, centered=False, name="rmsprop",
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


class Adagrad(Optimizer):
    _keras_slot_passes = ((("accumulator", "accumulator"),),)
    """`Adagrad(learning_rate=0.001, initial_accumulator_value=0.1, epsilon=1e-7)`."""

    def __init__(self, learning_rate=0.001, initial_accumulator_value=0.1, epsilon=1e-7, name="adagrad", **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.initial_accumulator_value, self.epsilon = initial_accumulator_value, epsilon

    def _make_torch(self, params):
        return KerasRule(params, _adagrad_rule, _adagrad_init, lr=self._current_lr(), epsilon=self.epsilon,
                         initial_accumulator_value=self.initial_accumulator_value)

    def get_config(self):
        return {**super().get_config(), "initial_accumulator_value": self.initial_accumulator_value,
                "epsilon": self.epsilon}
