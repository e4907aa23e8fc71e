"""`keras.optimizers.ScheduleFreeAdamW` (mirrors `keras/src/optimizers/schedule_free_adamw.py`, Keras 3.15;
Defazio et al. 2024, "The Road Less Scheduled").

Keras's rule at step `t`, with `z` (the "momentum" slot) starting as a copy of the variable `y`:

    lr_t = lr * min(t / warmup_steps, 1)            (lr when warmup_steps == 0)
    v = v + (g^2 - v)(1 - beta_2)
    z_new = z - lr_t * g / (sqrt(v / (1 - beta_2^t)) + epsilon)
    x = (y - (1 - beta_1) z_new) / beta_1            (the averaged iterate recovered from y)
    x = (1 - 1/t) x + (1/t) z_new
    y = (1 - beta_1) z_new + beta_1 x

Keras 3.15 (TensorFlow backend) recovers `x` from the already-updated `z` (its `momentum.value` is read after the
`assign_sub`), not from the paper's `z_old`; this follows Keras so that results match it. Evaluate with the
variables as they are (Keras does not swap in `x`).
"""

import torch

from keraslike._src.keras.optimizers.keras_rule import KerasRule
from keraslike._src.keras.optimizers.optimizer import Optimizer
from keraslike._src.ops import sparse_gradient


def _init(param, state, group):
    state["z"] = torch.Tensor.clone(param).detach()
    state["v"] = torch.zeros_like(param, memory_format=torch.preserve_format)


def _rule(group, params, grads, states):
    t = float(group["step"])
    lr = group["lr"] * (min(t / group["warmup_steps"], 1.0) if group["warmup_steps"] > 0 else 1.0)
    b1, b2 = group["beta_1"], group["beta_2"]
    weight = 1.0 / t
    for p, g, state in zip(params, grads, states):
        g = g.to(p.dtype)
        z, v = state["z"], state["v"]
        v.lerp_(sparse_gradient.square(g), 1.0 - b2)
        z.sub_(lr * g / (torch.sqrt(v / (1 - b2 ** t)) + group["epsilon"]))
        x = (p - (1 - b1) * z) / b1  # Keras 3.15 reads the slot after its update (see the module docstring)
        x = (1 - weight) * x + weight * z
        p.copy_((1 - b1) * z + b1 * x)


class ScheduleFreeAdamW(Optimizer):
    """`ScheduleFreeAdamW(learning_rate=0.0025, beta_1=0.9, beta_2=0.999, epsilon=1e-8, warmup_steps=0,
    name=None, **kwargs)`: AdamW without a learning-rate schedule (see the module docstring).

    Args:
        learning_rate: float or schedule. Defaults to 0.0025.
        beta_1: interpolation between the averaged and the fast iterate. Defaults to 0.9.
        beta_2: decay of the second moment. Defaults to 0.999.
        epsilon: added to the root of the second moment. Defaults to 1e-8.
        warmup_steps: linear learning-rate warmup over this many steps. Defaults to 0.
        **kwargs: base optimizer arguments (`weight_decay`, `clipnorm`, ...).
    """

    def __init__(self, learning_rate=0.0025, beta_1=0.9, beta_2=0.999, epsilon=1e-8, warmup_steps=0,
                 name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.beta_1, self.beta_2, self.epsilon, self.warmup_steps = beta_1, beta_2, epsilon, warmup_steps

    def _make_torch(self, params):
        return KerasRule(params, _rule, _init, lr=self._current_lr(), beta_1=self.beta_1, beta_2=self.beta_2,
                         epsilon=self.epsilon, warmup_steps=self.warmup_steps, step=1)

    def _prepare_step(self, step, lr):
        for group in self._torch.param_groups:
            group["lr"], group["step"] = lr, step
            for p in group["params"]:  # z copies the variable before weight decay touches it, as Keras builds
                state = self._torch.state[p]
                if not state:
                    _init(p, state, group)

    def get_config(self):
        return {**super().get_config(), "beta_1": self.beta_1, "beta_2": self.beta_2, "epsilon": self.epsilon,
                "warmup_steps": self.warmup_steps}
