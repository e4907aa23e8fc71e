"""`keras.optimizers.Adafactor` (mirrors `keras/src/optimizers/adafactor.py`, Keras 3.15; Shazeer & Stern 2018).

Keras's rule, per variable at step `t` (`rms(x) = sqrt(mean(x^2))`):

    rho = min(lr, 1 / sqrt(t));  alpha = max(epsilon_2, rms(var)) * rho
    G = g^2 + epsilon_1;  beta = 1 - t^beta_2_decay
    rank >= 2: r = beta r + (1 - beta) mean(G, -1);  c = beta c + (1 - beta) mean(G, -2)
               v = (r / mean(r, -1))[..., None] * c[..., None, :]      (factored second moment)
    rank < 2:  v = beta v + (1 - beta) G
    u = g / sqrt(v);  var -= alpha * u / max(1, rms(u) / clip_threshold)

As in Keras, `rho` already caps the step at `1 / sqrt(t)`, so `relative_step` changes nothing further.
"""

import torch

from keraslike._src.keras.optimizers.keras_rule import KerasRule
from keraslike._src.keras.optimizers.optimizer import Optimizer
from keraslike._src.ops import sparse_gradient


def _init(param, state, group):
    if param.dim() >= 2:
        state["r"] = torch.zeros(param.shape[:-1], dtype=param.dtype, device=param.device)
        state["c"] = torch.zeros(param.shape[:-2] + param.shape[-1:], dtype=param.dtype, device=param.device)
    state["v"] = torch.zeros_like(param, memory_format=torch.preserve_format)


def _rms(x):
    return torch.sqrt(torch.mean(torch.square(x)))


def _adafactor_rule(group, params, grads, states):
    t = float(group["step"])
    rho = min(group["lr"], 1.0 / t ** 0.5)
    beta = 1.0 - t ** group["beta_2_decay"]
    for p, g, state in zip(params, grads, states):
        g = g.to(p.dtype)
        alpha = torch.clamp_min(_rms(p), group["epsilon_2"]) * rho
        regulated = sparse_gradient.square(g) + group["epsilon_1"]
        v = state["v"]
        if p.dim() >= 2:
            r, c = state["r"], state["c"]
            r.mul_(beta).add_(regulated.mean(dim=-1), alpha=1.0 - beta)
            c.mul_(beta).add_(regulated.mean(dim=-2), alpha=1.0 - beta)
            v.copy_((r / r.mean(dim=-1, keepdim=True)).unsqueeze(-1) * c.unsqueeze(-2))
        else:
            v.mul_(beta).add_(regulated, alpha=1.0 - beta)
        u = g / torch.sqrt(v)
        rms_u = torch.sqrt(torch.mean(sparse_gradient.square(g) / v))  # a sparse g: its occurrences' squares
        u = u / torch.clamp_min(rms_u / group["clip_threshold"], 1.0)
        p.sub_(alpha * u)


class Adafactor(Optimizer):
    """`Adafactor(learning_rate=0.001, beta_2_decay=-0.8, epsilon_1=1e-30, epsilon_2=1e-3, clip_threshold=1.0,
    relative_step=True, name=None, **kwargs)`: memory-saving adaptive optimizer with factored second
    moments for variables of rank >= 2.

    Args:
        learning_rate: float or schedule. Defaults to 0.001.
        beta_2_decay: exponent of the second-moment decay `1 - t^beta_2_decay`. Defaults to -0.8.
        epsilon_1: added to the squared gradient. Defaults to 1e-30.
        epsilon_2: floor of the variable's RMS in the step size. Defaults to 1e-3.
        clip_threshold: threshold of the update's RMS. Defaults to 1.0.
        relative_step: cap the learning rate at `1 / sqrt(t)` (Keras's rule caps it in any case).
        **kwargs: base optimizer arguments (`weight_decay`, `clipnorm`, `use_ema`, ...).
    """

    def __init__(self, learning_rate=0.001, beta_2_decay=-0.8, epsilon_1=1e-30, epsilon_2=1e-3, clip_threshold=1.0,
                 relative_step=True, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.beta_2_decay, self.epsilon_1, self.epsilon_2 = beta_2_decay, epsilon_1, epsilon_2
        self.clip_threshold, self.relative_step = clip_threshold, relative_step

    def _make_torch(self, params):
        return KerasRule(params, _adafactor_rule, _init, lr=self._current_lr(), beta_2_decay=self.beta_2_decay,
                         epsilon_1=self.epsilon_1, epsilon_2=self.epsilon_2, clip_threshold=self.clip_threshold,
                         step=1)

    def _prepare_step(self, step, lr):
        for group in self._torch.param_groups:
            group["lr"], group["step"] = lr, step

    def get_config(self):
        return {**super().get_config(), "beta_2_decay": self.beta_2_decay, "epsilon_1": self.epsilon_1,
                "epsilon_2": self.epsilon_2, "clip_threshold": self.clip_threshold,
                "relative_step": self.relative_step}
