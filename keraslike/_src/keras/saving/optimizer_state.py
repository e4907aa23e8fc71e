"""Optimizer state as Keras 3's flat variable list: `[iterations, learning_rate, *slots]`.

Slots are the torch optimizer's per-parameter state tensors, in Keras 3's order and under its names
(`optimizer.variables`, the `optimizer/vars` of `.keras` files): Adam's `momentum`, `velocity` variable by
variable, then (amsgrad) every `velocity_hat`; RMSprop's every `velocity`, then every `momentum`, then every
`average_gradient`; SGD's `momentum`; Adagrad's `accumulator`. Torch's per-parameter `step` is no variable: it
is restored from `iterations`.
"""

import numpy as np
import torch

from keraslike._src.distribute import sharded_values

_SLOT_KEYS = {
    "Adam": ("exp_avg", "exp_avg_sq", "max_exp_avg_sq"),
    "AdamW": ("exp_avg", "exp_avg_sq", "max_exp_avg_sq"),
    "SGD": ("momentum_buffer",),
    "RMSprop": ("square_avg", "momentum_buffer", "grad_avg"),
    "Adagrad": ("sum",),
}

def keras_slots(optimizer, params, keys_of):
    """`[(param, torch key, Keras slot name)]` in Keras 3's order; `keys_of(param)` gives the torch keys present.

    An optimizer class states Keras's order as `_keras_slot_passes`: passes over the variables, each listing
    `(torch key, Keras slot name)` per variable. Without it: per variable, its slots in sorted key order.
    """
    passes = getattr(optimizer, "_keras_slot_passes", None)
    if passes is None:
        return [(param, key, key) for param in params for key in keys_of(param)]
    out = []
    for slots in passes:
        for param in params:
            present = keys_of(param)
            out.extend((param, key, name) for key, name in slots if key in present)
    return out


def _slot_keys(torch_opt, state):
    keys = _SLOT_KEYS.get(type(torch_opt).__name__)
    if keys is None:
        return sorted(k for k in state if k != "step" and isinstance(state[k], torch.Tensor))
    return tuple(k for k in keys if k in state)


def _expected_keys(optimizer):
    """Slot keys torch would create for this optimizer's settings (before any step)."""
    name = type(optimizer._torch).__name__
    group = optimizer._torch.param_groups[0]
    if name in ("Adam", "AdamW"):
        return ("exp_avg", "exp_avg_sq") + (("max_exp_avg_sq",) if group.get("amsgrad") else ())
    if name == "SGD":
        return ("momentum_buffer",) if group.get("momentum", 0) else ()
    if name == "RMSprop":
        return ("square_avg",) + (("momentum_buffer",) if group.get("momentum", 0) > 0 else ()) + (
            ("grad_avg",) if group.get("centered") else ())
    if name == "Adagrad":
        return ("sum",)
    return None


def get_variables(optimizer):
    """`[iterations, learning_rate, *slots]` as numpy arrays (learning_rate omitted for a schedule).

    Raises:
        NotImplementedError: for a MultiOptimizer (its inner optimizers' slots are not written yet).
    """
    if isinstance(getattr(optimizer, "optimizers", None), list):
        raise NotImplementedError("Saving the state of a MultiOptimizer is not supported by keraslike yet; save "
                                  "the weights without the optimizer (model.save_weights, or a Checkpoint of the "
                                  f"model only). Received: optimizer={optimizer.name}")
    values = [np.asarray(int(optimizer.iterations), dtype="int64")]
    if optimizer._schedule is None:
        values.append(np.asarray(float(optimizer._learning_rate), dtype="float32"))
    torch_opt = optimizer._torch
    if torch_opt is None:
        return values
    for param, key, _ in _present_slots(optimizer):
        values.append(sharded_values.full_value(torch_opt.state[param][key], like=param).detach().cpu().numpy())
    return values


def _present_slots(optimizer):
    torch_opt = optimizer._torch
    return keras_slots(optimizer, optimizer._params,
                       lambda param: _slot_keys(torch_opt, torch_opt.state.get(param, {})))


def slot_layout(optimizer):
    """`(parameter, torch slot key)` of each slot `get_variables` lists, in the same order."""
    torch_opt = optimizer._torch
    if torch_opt is None:
        return []
    return [(param, key) for param, key, _ in _present_slots(optimizer)]


def slot_states(optimizer):
    """`(Keras slot variable name, state tensor)` of each slot `get_variables` lists (`optimizer.variables`)."""
    torch_opt = optimizer._torch
    if torch_opt is None:
        return []
    return [(f"{getattr(param, 'path', 'variable').replace('/', '_')}_{name}", torch_opt.state[param][key])
            for param, key, name in _present_slots(optimizer)]


def set_variables(optimizer, values, params=None):
    """Restore `get_variables` output into `optimizer` (built on `params` first if needed).

    Returns:
        True when restored, False when the saved list does not match this optimizer (the caller warns).
    """
    if params is not None:
        optimizer.build(params)
    values = list(values)
    head = 1 if optimizer._schedule is not None else 2
    if len(values) < head:
        return False
    slots = values[head:]
    torch_opt = optimizer._torch
    if torch_opt is None or not slots:  # saved before any step: no slots yet
        return not slots and _set_scalars(optimizer, values)
    keys = _expected_keys(optimizer)
    if keys is None:  # a KerasRule: slots (and their shapes) per parameter as its init creates them
        _init_states(torch_opt, optimizer._params)
        layout = _present_slots(optimizer)
    else:
        layout = keras_slots(optimizer, optimizer._params, lambda param: keys)
    if len(slots) != len(layout):
        return False
    for (param, key, _), value in zip(layout, slots):
        state = torch_opt.state.get(param, {})
        expected = tuple(state[key].shape) if key in state else tuple(param.shape)
        if sharded_values.spec_of(param) is not None and expected == tuple(param.shape):
            expected = sharded_values.global_shape(param)  # files hold full slots; this process keeps its block
        if tuple(np.shape(value)) != expected and np.ndim(value) != 0:
            return False
    _set_scalars(optimizer, values)
    step = float(values[0])
    for (param, key, _), value in zip(layout, slots):
        value = torch.as_tensor(np.array(value), dtype=param.dtype, device=param.device)
        torch_opt.state[param][key] = sharded_values.local_part(value, param).clone()
    for param in {id(param): param for param, _, _ in layout}.values():
        state = torch_opt.state[param]
        if type(torch_opt).__name__ != "SGD":
            old = state.get("step")
            if isinstance(old, torch.Tensor):
                state["step"] = torch.tensor(step, dtype=old.dtype, device=old.device)
            elif old is not None:
                state["step"] = type(old)(step)
            else:
                state["step"] = torch.tensor(step, dtype=torch.float32)
    return True


def _init_states(torch_opt, params):
    """Create empty slots the way the optimizer would on its first step (KerasRule's `_init`)."""
    init = getattr(torch_opt, "_init", None)
    if init is None:
        return
    for group in torch_opt.param_groups:
        for param in group["params"]:
            if not torch_opt.state[param]:
                init(param, torch_opt.state[param], group)


def _set_scalars(optimizer, values):
    optimizer.iterations.assign(int(values[0]))
    if optimizer._schedule is None and len(values) > 1:
        optimizer._learning_rate.assign(float(values[1]))
    return True
