"""`keras.optimizers.Adadelta` (keras/src/optimizers/adadelta.py).

Keras's rule, which torch's Adadelta computes identically:

    acc_g = rho * acc_g + (1 - rho) * g^2
    delta = sqrt(acc_d + eps) / sqrt(acc_g + eps) * g
    acc_d = rho * acc_d + (1 - rho) * delta^2
    var -= lr * delta
"""

import torch

from keraslike._src.keras.optimizers.optimizer import Optimizer


class Adadelta(Optimizer):
    """Adadelta.

    Args:
        learning_rate: float or schedule. Defaults to 0.001 (Keras's default, not torch's 1.0).
        rho: decay rate of the accumulators. Defaults to 0.95.
        epsilon: added inside the square roots. Defaults to 1e-7.
        **kwargs: base optimizer arguments.
    """

    def __init__(self, learning_rate=0.001, rho=0.95, epsilon=1e-7, name="adadelta", **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.rho, self.epsilon = rho, epsilon

    def _make_torch(self, params):
        return torch.optim.Adadelta(params, lr=self._current_lr(), rho=self.rho, eps=self.epsilon)

    def get_config(self):
        return {**super().get_config(), "rho": self.rho, "epsilon": self.epsilon}
