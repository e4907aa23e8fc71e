"""A small `torch.optim.Optimizer` that runs a Keras update rule written with `torch._foreach_*` ops.

Used where no torch optimizer computes exactly Keras's formula (for example
Keras's RMSprop divides by `sqrt(v + eps)`, torch's by `sqrt(v) + eps`). The
Keras optimizer writes its step hyperparameters into the param groups in
`_prepare_step`; `step()` then calls

    rule(group, params, grads, states)

once per param group with lists of the parameters that have a gradient,
their gradients and their state dicts (filled by `init(param, state, group)`
the first time a parameter is seen). Everything stays on the device: the
rule receives Python floats for hyperparameters, so no host sync happens.
"""

import torch


class KerasRule(torch.optim.Optimizer):
    """Runs `rule(group, params, grads, states)` on every param group.

    Args:
        params: iterable of tensors (or param-group dicts).
        rule: callable applying one update in place.
        init: callable `(param, state, group)` creating the slot tensors.
        **defaults: hyperparameters stored in each param group (at least `lr`).
    """

    def __init__(self, params, rule, init, **defaults):
        super().__init__(params, defaults)
        self._rule = rule
        self._init = init

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
