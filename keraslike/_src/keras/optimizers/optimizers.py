"""SGD, Adam, AdamW, RMSprop, Adagrad with Keras's defaults and update rules.

Keras's formulas (keras/src/optimizers/*.py) and how they map onto torch:
- Adam: `var -= lr * sqrt(1-b2^t)/(1-b1^t) * m / (sqrt(v) + eps)`; torch
  divides eps by `sqrt(1-b2^t)` differently, so torch's eps is set to
  `eps / sqrt(1-b2^t)` each step, which makes the two identical.
- SGD with momentum: Keras keeps `m = mu*m - lr*g`, torch `b = mu*b + g`
  (`m = -lr*b`): identical while the learning rate is constant.
- RMSprop: same formula as torch with `alpha = rho`.
"""

import math

import torch

from keraslike._src.keras.optimizers.optimizer import Optimizer


class SGD(Optimizer):
    """`SGD(learning_rate=0.01, momentum=0.0, nesterov=False)`."""

    def __init__(self, learning_rate=0.01, momentum=0.0, nesterov=False, name="SGD", **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        if not 0 <= momentum <= 1:
            raise ValueError(f"Expected momentum to be in the range [0, 1]. Received: momentum={momentum}")
        self.momentum, self.nesterov = float(momentum), bool(nesterov)

    def _make_torch(self, params):
        return torch.optim.SGD(params, lr=self._current_lr(), momentum=self.momentum, nesterov=self.nesterov)

    def get_config(self):
        return {**super().get_config(), "momentum": self.momentum, "nesterov": self.nesterov}


class Adam(Optimizer):
    """`Adam(learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, amsgrad=False)` (Keras defaults)."""

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, amsgrad=False, name="adam",
                 **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.beta_1, self.beta_2, self.epsilon, self.amsgrad = beta_1, beta_2, epsilon, amsgrad

    def _make_torch(self, params):
        return torch.optim.Adam(params, lr=self._current_lr(), betas=(self.beta_1, self.beta_2),
                                eps=self.epsilon, amsgrad=self.amsgrad)

    def _prepare_step(self, step, lr):
        eps = self.epsilon / math.sqrt(1.0 - self.beta_2 ** step)
        for group in self._torch.param_groups:
            group["lr"] = lr
            group["eps"] = eps

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
    """`RMSprop(learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-7, centered=False)`."""

    def __init__(self, learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-7, centered=False, name="rmsprop",
                 **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.rho, self.momentum, self.epsilon, self.centered = rho, momentum, epsilon, centered

    def _make_torch(self, params):
        return torch.optim.RMSprop(params, lr=self._current_lr(), alpha=self.rho, eps=self.epsilon,
                                   momentum=self.momentum, centered=self.centered)

    def get_config(self):
        return {**super().get_config(), "rho": self.rho, "momentum": self.momentum, "epsilon": self.epsilon,
                "centered": self.centered}


class Adagrad(Optimizer):
    """`Adagrad(learning_rate=0.001, initial_accumulator_value=0.1, epsilon=1e-7)`."""

    def __init__(self, learning_rate=0.001, initial_accumulator_value=0.1, epsilon=1e-7, name="adagrad", **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.initial_accumulator_value, self.epsilon = initial_accumulator_value, epsilon

    def _make_torch(self, params):
        return torch.optim.Adagrad(params, lr=self._current_lr(), eps=self.epsilon,
                                   initial_accumulator_value=self.initial_accumulator_value)
