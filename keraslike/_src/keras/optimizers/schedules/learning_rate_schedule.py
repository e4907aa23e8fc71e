"""Learning-rate schedules (keras/src/optimizers/schedules/learning_rate_schedule.py).

A schedule is a callable `schedule(step) -> float32 scalar tensor`, where
`step` is the optimizer's `iterations` before the update (0 on the first
step), exactly as Keras evaluates it. Values are computed in float32 like
Keras's (the dtype of `initial_learning_rate`).

Example:

    lr = keras.optimizers.schedules.ExponentialDecay(0.1, decay_steps=1000, decay_rate=0.96)
    opt = keras.optimizers.SGD(learning_rate=lr)
"""

import math

import torch


def _f32(value):
    return torch.as_tensor(value, dtype=torch.float32).detach().cpu()


def _check_decay_steps(decay_steps):
    if decay_steps <= 0:
        raise ValueError(f"Argument `decay_steps` must be > 0. Received: decay_steps={decay_steps}")


class LearningRateSchedule:
    """Base class: implement `__call__(step)` and `get_config()`."""

    def __call__(self, step):
        raise NotImplementedError(f"Learning rate schedule '{type(self).__name__}' must override "
                                  "`__call__(self, step)`.")

    def get_config(self):
        raise NotImplementedError(f"Learning rate schedule '{type(self).__name__}' must override "
                                  "`get_config()` in order to be serializable.")

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class _RateDecay(LearningRateSchedule):
    """Shared parts of ExponentialDecay and InverseTimeDecay: arguments, `step / decay_steps`, config."""

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False, name=None):
        _check_decay_steps(decay_steps)
        self.initial_learning_rate, self.decay_steps = initial_learning_rate, decay_steps
        self.decay_rate, self.staircase, self.name = decay_rate, staircase, name or type(self).__name__

    def _progress(self, step):
        p = _f32(step) / _f32(self.decay_steps)
        return torch.floor(p) if self.staircase else p

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "decay_rate": self.decay_rate, "staircase": self.staircase, "name": self.name}


class ExponentialDecay(_RateDecay):
    """`initial_learning_rate * decay_rate ^ (step / decay_steps)` (integer division if `staircase`).

    Raises:
        ValueError: if `decay_steps <= 0`.
    """

    def __call__(self, step):
        return _f32(self.initial_learning_rate) * torch.pow(_f32(self.decay_rate), self._progress(step))


class PiecewiseConstantDecay(LearningRateSchedule):
    """`values[0]` while `step <= boundaries[0]`, `values[i]` for `boundaries[i-1] < step <= boundaries[i]`.

    Raises:
        ValueError: unless `len(values) == len(boundaries) + 1`.
    """

    def __init__(self, boundaries, values, name="PiecewiseConstant"):
        if len(boundaries) != len(values) - 1:
            raise ValueError("The length of boundaries should be 1 less than the length of values. Received: "
                             f"boundaries={boundaries} of length {len(boundaries)}, and values={values} "
                             f"of length {len(values)}.")
        self.boundaries, self.values, self.name = list(boundaries), list(values), name

    def __call__(self, step):
        step = float(step)
        for boundary, value in zip(self.boundaries, self.values):
            if step <= boundary:
                return _f32(value)
        return _f32(self.values[-1])

    def get_config(self):
        return {"boundaries": self.boundaries, "values": self.values, "name": self.name}


class PolynomialDecay(LearningRateSchedule):
    """`(initial - end) * (1 - step / decay_steps) ^ power + end`, `step` capped at `decay_steps`.

    With `cycle=True`, `decay_steps` becomes the first multiple of itself not below `step`.

    Raises:
        ValueError: if `decay_steps <= 0`.
    """

    def __init__(self, initial_learning_rate, decay_steps, end_learning_rate=0.0001, power=1.0, cycle=False,
                 name="PolynomialDecay"):
        _check_decay_steps(decay_steps)
        self.initial_learning_rate, self.decay_steps = initial_learning_rate, decay_steps
        self.end_learning_rate, self.power, self.cycle, self.name = end_learning_rate, power, cycle, name

    def __call__(self, step):
        step_t, decay_steps = _f32(step), _f32(self.decay_steps)
        if self.cycle:
            multiplier = 1.0 if float(step) == 0 else torch.ceil(step_t / decay_steps)
            decay_steps = decay_steps * multiplier
        else:
            step_t = torch.minimum(step_t, decay_steps)
        p = step_t / decay_steps
        initial, end = _f32(self.initial_learning_rate), _f32(self.end_learning_rate)
        return (initial - end) * torch.pow(1 - p, _f32(self.power)) + end

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "end_learning_rate": self.end_learning_rate, "power": self.power, "cycle": self.cycle,
                "name": self.name}


class InverseTimeDecay(_RateDecay):
    """`initial_learning_rate / (1 + decay_rate * step / decay_steps)` (floored ratio if `staircase`).

    Raises:
        ValueError: if `decay_steps <= 0`.
    """

    def __call__(self, step):
        return _f32(self.initial_learning_rate) / (1.0 + _f32(self.decay_rate) * self._progress(step))


class CosineDecay(LearningRateSchedule):
    """Cosine decay to `alpha * lr` over `decay_steps`, after an optional linear warmup.

    Without `warmup_target`: `lr * ((1 - alpha) * 0.5 * (1 + cos(pi * min(step, decay_steps) / decay_steps))
    + alpha)`. With it, the rate rises linearly from `initial_learning_rate` to `warmup_target` over
    `warmup_steps`, then decays from `warmup_target`.

    Raises:
        ValueError: if `decay_steps <= 0`.
    """

    def __init__(self, initial_learning_rate, decay_steps, alpha=0.0, name="CosineDecay", warmup_target=None,
                 warmup_steps=0):
        _check_decay_steps(decay_steps)
        self.initial_learning_rate, self.decay_steps, self.alpha = initial_learning_rate, decay_steps, alpha
        self.name, self.warmup_target, self.warmup_steps = name, warmup_target, warmup_steps

    def _decay(self, step, decay_from):
        fraction = step / _f32(self.decay_steps)
        cosine = 0.5 * (1.0 + torch.cos(_f32(math.pi) * fraction))
        return decay_from * ((1 - self.alpha) * cosine + self.alpha)

    def __call__(self, step):
        step, initial = _f32(step), _f32(self.initial_learning_rate)
        if self.warmup_target is None:
            return self._decay(torch.minimum(step, _f32(self.decay_steps)), initial)
        warmup_steps, target = _f32(self.warmup_steps), _f32(self.warmup_target)
        step = torch.minimum(step, _f32(self.decay_steps) + warmup_steps)
        if step < warmup_steps:
            return (target - initial) * (step / warmup_steps) + initial
        return self._decay(step - warmup_steps, target)

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "alpha": self.alpha, "name": self.name, "warmup_target": self.warmup_target,
                "warmup_steps": self.warmup_steps}


class CosineDecayRestarts(LearningRateSchedule):
    """Cosine decay with warm restarts (SGDR): periods grow by `t_mul`, peaks shrink by `m_mul`.

    Raises:
        ValueError: if `first_decay_steps <= 0`.
    """

    def __init__(self, initial_learning_rate, first_decay_steps, t_mul=2.0, m_mul=1.0, alpha=0.0,
                 name="SGDRDecay"):
        _check_decay_steps(first_decay_steps)
        self.initial_learning_rate, self.first_decay_steps = initial_learning_rate, first_decay_steps
        self.t_mul, self.m_mul, self.alpha, self.name = t_mul, m_mul, alpha, name

    def __call__(self, step):
        fraction = _f32(step) / _f32(self.first_decay_steps)
        t_mul, m_mul = _f32(self.t_mul), _f32(self.m_mul)
        if float(t_mul) == 1.0:
            i_restart = torch.floor(fraction)
            fraction = fraction - i_restart
        else:
            i_restart = torch.floor(torch.log(1.0 - fraction * (1.0 - t_mul)) / torch.log(t_mul))
            sum_r = (1.0 - t_mul ** i_restart) / (1.0 - t_mul)
            fraction = (fraction - sum_r) / t_mul ** i_restart
        m_fac = m_mul ** i_restart
        cosine = 0.5 * m_fac * (1.0 + torch.cos(_f32(math.pi) * fraction))
        return _f32(self.initial_learning_rate) * ((1 - self.alpha) * cosine + self.alpha)

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate, "first_decay_steps": self.first_decay_steps,
                "t_mul": self.t_mul, "m_mul": self.m_mul, "alpha": self.alpha, "name": self.name}
