"""A small optimizer that runs a Keras update rule written with `torch._foreach_*` ops.

Used where no torch optimizer computes exactly Keras's formula (for example
Keras's RMSprop divides by `sqrt(v + eps)`, torch's by `sqrt(v) + eps`). The
Keras optimizer writes its step hyperparameters into the param groups in
`_prepare_step`; `step()` then calls

    rule(group, params, grads, states)

once per param group with lists of the parameters that have a gradient,
their gradients and their state dicts (filled by `init(param, state, group)`
the first time a parameter is seen). Everything stays on the device: the
rule receives Python floats for hyperparameters, so no host sync happens.

It keeps `torch.optim.Optimizer`'s layout (`param_groups`, `state`, `add_param_group`,
`step`) without subclassing it: torch's constructor and `step` import `torch._dynamo`
on first use, which costs 1.5-3.5 s before a program's first training step on a
2-core machine (`benchmarks/first_step.py`); nothing here needs it.
"""

from collections import defaultdict

import numpy as np
import torch


class KerasRule:
    """Runs `rule(group, params, grads, states)` on every param group.

    Args:
        params: iterable of tensors (or param-group dicts).
        rule: callable applying one update in place.
        init: callable `(param, state, group)` creating the slot tensors.
        **defaults: hyperparameters stored in each param group (at least `lr`).

    Raises:
        ValueError: for an empty parameter list or a parameter already in a group (as torch.optim).
    """

    def __init__(self, params, rule, init, **defaults):
        self.defaults = defaults
        self.state = defaultdict(dict)
        self.param_groups = []
        self._rule = rule
        self._init = init
        params = list(params)
        if not params:
            raise ValueError(f"Expected a non-empty list of parameters to optimize. Received: params={params}")
        for group in params if isinstance(params[0], dict) else [{"params": params}]:
            self.add_param_group(group)

    def add_param_group(self, param_group):
        """Add `{"params": [...], **hyperparameters}`; missing hyperparameters come from the defaults."""
        group = dict(param_group)
        params = group["params"]
        group["params"] = [params] if isinstance(params, torch.Tensor) else list(params)
        seen = {id(p) for g in self.param_groups for p in g["params"]}
        if any(id(p) in seen for p in group["params"]) or len({id(p) for p in group["params"]}) != len(
                group["params"]):
            raise ValueError("Expected each parameter in one param group only. Received: a parameter that is "
                             "already optimized")
        for key, value in self.defaults.items():
            group.setdefault(key, value)
        self.param_groups.append(group)

    @torch.no_grad()
    def ensure_state(self, param):
        """Create `param`'s slots now if they do not exist yet; returns its state dict."""
        state = self.state[param]
        if not state:
            group = next(g for g in self.param_groups if any(p is param for p in g["params"]))
            self._init(param, state, group)
        return state

    @torch.no_grad()
    def step(self, closure=None):
        loss = closure() if closure is not None else None
        for group in self.param_groups:
            params = [p for p in group["params"] if p.grad is not None]
            if not params:
                continue
            states = []
            for p in params:
                state = self.state[p]
                if not state:
                    self._init(p, state, group)
                states.append(state)
            self._rule(group, params, [p.grad for p in params], states)
        return loss


def zeros_like_slots(*names, initial=0.0):
    """An `init` creating one slot per name, filled with `initial`, shaped like the param."""

    def init(param, state, group):
        for name in names:
            state[name] = torch.full_like(param, initial, memory_format=torch.preserve_format)

    return init


def slots(states, name):
    return [s[name] for s in states]


def float32_power(base, step):
    """`base ** step` in float32, as Keras computes the Adam family's bias corrections (in the variable's dtype).

    In float64 `1 - 0.999 ** 1` is 0.001; in float32 it is 0.00099998713, and TF's first Adam step is that much
    smaller (6.4e-6 relative): computing in Python floats made seeded training drift from TF's.
    """
    return np.float32(base) ** np.float32(step)


def adam_step_size(lr, beta_1, beta_2, step):
    """Keras's `lr * sqrt(1 - beta_2**t) / (1 - beta_1**t)`, every operation in float32 (a Python float back)."""
    one = np.float32(1.0)
    return float(np.float32(lr) * np.sqrt(one - float32_power(beta_2, step)) / (one - float32_power(beta_1, step)))
