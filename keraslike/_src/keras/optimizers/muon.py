"""`keras.optimizers.Muon` (mirrors `keras/src/optimizers/muon.py`, Keras 3.15).

2-D variables (except embeddings and `exclude_layers` matches) get Muon's update, at step `t`:

    m = momentum * m + g;  d = g + momentum * m (nesterov) or m
    X = d / (||d||_F + 1e-7), transposed when rows > cols;  `ns_steps` times:
        A = X X^T;  X = a X + (b A + c A A) X                      (Newton-Schulz, a/b/c = muon_a/b/c)
    var -= lr * X * sqrt(max(rows, cols)) * rms_rate            (no scaling when rms_rate is None)

Every other variable gets AdamW with `lr * adam_lr_ratio`:

    m = m + (g - m)(1 - adam_beta_1);  v = v + (g^2 - v)(1 - adam_beta_2)
    var -= m * lr * sqrt(1 - adam_beta_2^t) / (1 - adam_beta_1^t) / (sqrt(v) + epsilon)

Weight decay `var -= var * wd * lr` (wd = `weight_decay` for Muon variables, `adam_weight_decay` for the others;
`lr` the unscaled learning rate) is applied before the update, as Keras does.
"""

import re

import torch

from keraslike._src.keras.optimizers.keras_rule import KerasRule
from keraslike._src.keras.optimizers.optimizer import Optimizer
from keraslike._src.ops import sparse_gradient


def _init(param, state, group):
    state["m"] = torch.zeros_like(param, memory_format=torch.preserve_format)
    if group["use_adamw"](param):
        state["v"] = torch.zeros_like(param, memory_format=torch.preserve_format)


def _newton_schulz(x, steps, a, b, c):
    tall = x.shape[-2] > x.shape[-1]
    if tall:
        x = x.transpose(-2, -1)
    x = x / (torch.linalg.matrix_norm(x, keepdim=True) + 1e-7)
    for _ in range(steps):
        gram = x @ x.transpose(-2, -1)
        x = a * x + (b * gram + c * gram @ gram) @ x
    return x.transpose(-2, -1) if tall else x


def _muon_rule(group, params, grads, states):
    lr, step = group["lr"], group["step"]
    for p, g, state in zip(params, grads, states):
        g = g.to(p.dtype)
        adamw = "v" in state
        wd = group["adam_weight_decay"] if adamw else group["weight_decay"]
        if wd and getattr(p, "_apply_weight_decay", True):
            p.mul_(1.0 - wd * lr)
        m = state["m"]
        if adamw:
            v = state["v"]
            b1, b2 = group["adam_beta_1"], group["adam_beta_2"]
            alpha = lr * group["adam_lr_ratio"] * (1 - b2 ** step) ** 0.5 / (1 - b1 ** step)
            m.lerp_(g, 1.0 - b1)
            v.lerp_(sparse_gradient.square(g), 1.0 - b2)
            p.sub_(m * alpha / (torch.sqrt(v) + group["epsilon"]))
            continue
        m.mul_(group["momentum"]).add_(g)
        direction = g + group["momentum"] * m if group["nesterov"] else m
        update = lr * _newton_schulz(direction, group["ns_steps"], group["muon_a"], group["muon_b"], group["muon_c"])
        if group["rms_rate"] is not None:
            update = update * (max(update.shape[0], update.shape[1]) ** 0.5) * group["rms_rate"]
        p.sub_(update)


class Muon(Optimizer):
    """`Muon(learning_rate=0.001, adam_beta_1=0.9, adam_beta_2=0.999, adam_weight_decay=0.004, epsilon=1e-7,
    weight_decay=0.004, ..., name=None, exclude_layers=None, exclude_embeddings=True, muon_a=3.4445,
    muon_b=-4.775, muon_c=2.0315, adam_lr_ratio=1, momentum=0.95, ns_steps=5, nesterov=True, rms_rate=0.2)`:
    orthogonalized momentum for 2-D weights, AdamW for the rest (see the module docstring for the rules).

    Args:
        exclude_layers: list of regular expressions: variables whose `path` matches one use AdamW.
        exclude_embeddings: variables with "embedding" in their path use AdamW.
        Other arguments: as named in the rules; the base optimizer arguments (`clipnorm`, `use_ema`, ...).
    """

    def __init__(self, learning_rate=0.001, adam_beta_1=0.9, adam_beta_2=0.999, adam_weight_decay=0.004,
                 epsilon=1e-7, weight_decay=0.004, name=None, exclude_layers=None, exclude_embeddings=True,
                 muon_a=3.4445, muon_b=-4.775, muon_c=2.0315, adam_lr_ratio=1, momentum=0.95, ns_steps=5,
                 nesterov=True, rms_rate=0.2, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, weight_decay=None, **kwargs)
        # Applied per variable by the rule (Muon and AdamW variables decay at different rates), so the base
        # optimizer's uniform `weight_decay` stays None.
        self.muon_weight_decay = weight_decay
        self.adam_beta_1, self.adam_beta_2, self.epsilon = adam_beta_1, adam_beta_2, epsilon
        self.muon_a, self.muon_b, self.muon_c = muon_a, muon_b, muon_c
        self.adam_lr_ratio, self.momentum, self.ns_steps, self.nesterov = adam_lr_ratio, momentum, ns_steps, nesterov
        self.exclude_embeddings, self.exclude_layers = exclude_embeddings, list(exclude_layers or [])
        self.adam_weight_decay, self.rms_rate = adam_weight_decay, rms_rate

    def _should_use_adamw(self, variable):
        if variable.dim() != 2:
            return True
        path = str(getattr(variable, "path", "") or "")
        if self.exclude_embeddings and "embedding" in path.lower():
            return True
        return any(re.search(keyword, path) for keyword in self.exclude_layers)

    def _make_torch(self, params):
        return KerasRule(params, _muon_rule, _init, lr=self._current_lr(), step=1, use_adamw=self._should_use_adamw,
                         weight_decay=self.muon_weight_decay, adam_weight_decay=self.adam_weight_decay,
                         adam_beta_1=self.adam_beta_1, adam_beta_2=self.adam_beta_2, epsilon=self.epsilon,
                         adam_lr_ratio=self.adam_lr_ratio, momentum=self.momentum, nesterov=self.nesterov,
                         ns_steps=self.ns_steps, muon_a=self.muon_a, muon_b=self.muon_b, muon_c=self.muon_c,
                         rms_rate=self.rms_rate)

    def _prepare_step(self, step, lr):
        for group in self._torch.param_groups:
            group["lr"], group["step"] = lr, step

    def get_config(self):
        return {**super().get_config(), "weight_decay": self.muon_weight_decay, "adam_beta_1": self.adam_beta_1,
                "adam_beta_2": self.adam_beta_2,
                "epsilon": self.epsilon, "exclude_layers": self.exclude_layers, "muon_a": self.muon_a,
                "muon_b": self.muon_b, "muon_c": self.muon_c, "adam_lr_ratio": self.adam_lr_ratio,
                "momentum": self.momentum, "ns_steps": self.ns_steps, "nesterov": self.nesterov,
                "exclude_embeddings": self.exclude_embeddings, "adam_weight_decay": self.adam_weight_decay,
                "rms_rate": self.rms_rate}
