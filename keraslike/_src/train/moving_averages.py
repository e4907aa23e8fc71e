"""`tf.train.ExponentialMovingAverage`: shadow variables holding exponential moving averages.

Mirrors `tensorflow/python/training/moving_averages.py` (eager TF 2 behaviour):

- `apply(var_list)` creates, on first sight of each variable, a non-trainable shadow variable on the same
  device initialised to the variable's current value, then updates every shadow once:
  `shadow -= (1 - decay) * (shadow - var)`. Call it once per step; it returns None, as TF's eager call.
- `decay` may be a number, tensor or `tf.Variable` (read at each `apply`); with `num_updates` (a number or a
  variable such as `optimizer.iterations`) the decay used is `min(decay, (1 + n) / (10 + n))`. Both are taken
  in float32 and `1 - decay` cast to the variable's dtype, as TF.
- `zero_debias`: TF applies zero-debiasing only to averages of non-Variable tensors, which eager TF rejects,
  so for variables it changes nothing - here too (README "Accepted, no effect").
- Variables must be bfloat16/float16/float32/float64 (TypeError otherwise); plain tensors raise TypeError.
- The shadows are not tracked by checkpoints (as TF): put `ema.average(v)` on a `tf.Module`/`tf.train.Checkpoint`.

Under MirroredStrategy each replica's shadows start from its (synchronised) variables and take the same
updates, so they stay equal across replicas.
"""

import torch

from keraslike._src.ops.variables import Variable

_FLOATS = (torch.bfloat16, torch.float16, torch.float32, torch.float64)


def _as_float32(value):
    if isinstance(value, torch.Tensor):
        return value.detach().to(torch.float32)
    return torch.tensor(float(value), dtype=torch.float32)


class ExponentialMovingAverage:
    """`tf.train.ExponentialMovingAverage(decay, num_updates=None, zero_debias=False,
    name="ExponentialMovingAverage")` (see the module docstring).

    Raises:
        TypeError: from `apply` for a non-float variable or a plain tensor.
    """

    def __init__(self, decay, num_updates=None, zero_debias=False, name="ExponentialMovingAverage"):
        if not isinstance(name, str) or not name:
            raise ValueError(f"`name` must be a non-empty string. Received: name={name!r}")
        self._decay = decay
        self._num_updates = num_updates
        self._zero_debias = bool(zero_debias)
        self._name = name
        self._averages = {}  # id(var) -> (var, shadow)

    @property
    def name(self):
        """The name of this ExponentialMovingAverage object (the suffix of the shadows' names)."""
        return self._name

    def _current_decay(self):
        decay = _as_float32(self._decay)
        if self._num_updates is not None:
            n = _as_float32(self._num_updates)
            decay = torch.minimum(decay, (1.0 + n) / (10.0 + n))
        return decay

    def apply(self, var_list=None):
        """Create missing shadows for `var_list` (a list of float `tf.Variable`s; None: none, as eager TF's
        empty variable collections) and update all of them once from the variables' current values."""
        var_list = [] if var_list is None else list(var_list)
        for var in var_list:
            if not isinstance(var, Variable):
                raise TypeError("tf.train.ExponentialMovingAverage does not support non-Variable tensors "
                                f"when eager execution is enabled. Received: {type(var).__name__}")
            if var.dtype not in _FLOATS:
                raise TypeError(f"The variables must be half, float, or double. Received: {var.name} with "
                                f"dtype={var.dtype}")
        for var in var_list:
            if id(var) not in self._averages:
                shadow = Variable(var.detach().clone(), trainable=False, name=self.average_name(var))
                self._averages[id(var)] = (var, shadow)
        decay = self._current_decay()
        with torch.no_grad():
            for var in var_list:
                shadow = self._averages[id(var)][1]
                one_minus = (1.0 - decay).to(shadow.device, var.dtype)
                shadow.sub_((shadow - var.detach().to(shadow.device)) * one_minus)
        return None

    def average(self, var):
        """The shadow `Variable` holding the average of `var`, or None if `var` is not averaged."""
        entry = self._averages.get(id(var))
        return entry[1] if entry is not None and entry[0] is var else None

    def average_name(self, var):
        """The name (without ':0') of `var`'s shadow: `"<var name>/<ema name>"`, before or after `apply`."""
        shadow = self.average(var)
        if shadow is not None:
            return shadow.name[:-2] if shadow.name.endswith(":0") else shadow.name
        base = var.name[:-2] if var.name.endswith(":0") else var.name
        return f"{base}/{self._name}"

    def variables_to_restore(self, moving_avg_variables=None):
        """`{average_name(v): v}` for `moving_avg_variables` (default: every variable this object averages;
        eager TF has no global-variable collection to add the rest from)."""
        if moving_avg_variables is None:
            moving_avg_variables = [var for var, _ in self._averages.values()]
        return {self.average_name(v): v for v in moving_avg_variables}
