"""`keras.mixed_precision.LossScaleOptimizer`: dynamic loss scaling (keras/src/optimizers/loss_scale_optimizer.py).

The loss is multiplied by `scale` before backward, so small float16 gradients
do not underflow; before the update the gradients are divided by it again.
If any gradient is inf/nan the update is skipped and the scale halved; after
`dynamic_growth_steps` finite steps in a row it doubles (torch's
`GradScaler` kernels, which implement the same rule). Reading whether a step
was skipped costs one host sync per step, as with `torch.amp.GradScaler`; this
only happens under loss scaling (the "mixed_float16" policy).

TF 2 API: `get_scaled_loss(loss)`, `get_unscaled_gradients(grads)`, then
`apply_gradients` with the unscaled gradients. Keras 3 API: `scale_loss(loss)`,
then `apply(grads)` with the scaled gradients (it unscales them).
"""

import torch

from keraslike._src.keras import optimizers as optimizers_module
from keraslike._src.ops import sparse_gradient
from keraslike._src.ops.variables import Variable


class LossScaleOptimizer:
    """Wrap `inner_optimizer` with loss scaling.

    Args:
        inner_optimizer: the `keras.optimizers.Optimizer` that applies the updates.
        dynamic: bool, default True; False keeps `initial_scale` fixed.
        initial_scale: float, default 2**15.
        dynamic_growth_steps: int, default 2000: finite steps before the scale doubles.

    Raises:
        ValueError: for a non-positive `initial_scale` or `dynamic_growth_steps`.
    """

    def __init__(self, inner_optimizer, dynamic=True, initial_scale=2.0 ** 15, dynamic_growth_steps=2000, name=None,
                 **kwargs):
        if kwargs:
            raise ValueError(f"Argument(s) not recognized: {kwargs}. LossScaleOptimizer takes inner_optimizer, "
                             f"dynamic, initial_scale, dynamic_growth_steps and name. Received: kwargs={kwargs}")
        if initial_scale is None or float(initial_scale) <= 0:
            raise ValueError(f"Expected initial_scale to be a positive number. Received: initial_scale={initial_scale}")
        if int(dynamic_growth_steps) <= 0:
            raise ValueError("Expected dynamic_growth_steps to be a positive integer. "
                             f"Received: dynamic_growth_steps={dynamic_growth_steps}")
        self.__dict__["inner_optimizer"] = optimizers_module.get(inner_optimizer)
        self.dynamic = bool(dynamic)
        self.initial_scale = float(initial_scale)
        self.dynamic_growth_steps = int(dynamic_growth_steps)
        self.name = name or "loss_scale_optimizer"
        self._scale = Variable(self.initial_scale, trainable=False, name="loss_scale", dtype=torch.float32)
        self._growth_tracker = torch.zeros(1, dtype=torch.int32)
        self._found_inf = torch.zeros(1)

    # ---- everything else is the inner optimizer's ----------------------------------------
    def __getattr__(self, name):
        return getattr(self.__dict__["inner_optimizer"], name)

    @property
    def learning_rate(self):
        return self.inner_optimizer.learning_rate

    @learning_rate.setter
    def learning_rate(self, value):
        self.inner_optimizer.learning_rate = value

    lr = learning_rate

    @property
    def iterations(self):
        return self.inner_optimizer.iterations

    @property
    def loss_scale(self):
        """Current scale (TF 2 name) as a scalar Variable."""
        return self._scale

    dynamic_scale = loss_scale  # Keras 3 name

    @property
    def variables(self):
        return self.inner_optimizer.variables + [self._scale]

    # ---- scaling ------------------------------------------------------------------------------
    def scale_loss(self, loss):
        """`loss * scale` (Keras 3)."""
        return loss * self._scale.to(loss.device)

    get_scaled_loss = scale_loss  # TF 2

    def get_unscaled_gradients(self, grads):
        """`grads / scale` (TF 2); None entries stay None."""
        inv = 1.0 / self._scale
        return [None if g is None else g * inv.to(g.device) for g in grads]

    def _unscale_and_check(self, variables):
        """Divide `.grad` of `variables` by the scale in place; True when all are finite."""
        grads = [v.grad for v in variables if v.grad is not None]
        if not grads:
            return True
        device = grads[0].device
        found = self._found_inf.to(device).zero_()
        inv = (1.0 / self._scale.detach()).reshape(1).to(device)
        torch._amp_foreach_non_finite_check_and_unscale_(grads, found, inv)
        for v in variables:  # a sparse gradient's occurrences (ops/sparse_gradient.py) are unscaled with it
            sparse = sparse_gradient.take(v)
            if sparse is not None:
                sparse_gradient.attach(v, sparse.scaled(inv.reshape(())))
        self._found_inf = found
        return self._finish(found)

    def _finish(self, found):
        if self.dynamic:
            scale = self._scale.detach().reshape(1).to(found.device)
            tracker = self._growth_tracker.to(found.device)
            torch._amp_update_scale_(scale, tracker, found, 2.0, 0.5, self.dynamic_growth_steps)
            self._scale.assign(scale.reshape(()))
            self._growth_tracker = tracker
        return not bool(found.item())  # the one host sync: skip the update on inf/nan

    # ---- applying -------------------------------------------------------------------------------
    def build(self, var_list):
        self.inner_optimizer.build(var_list)

    def _step(self, variables):
        """Update from scaled `.grad`s (the trainer's path): unscale, then step or skip."""
        if self._unscale_and_check(variables):
            self.inner_optimizer._step(variables)

    def apply_gradients(self, grads_and_vars, **kwargs):
        """Apply UNSCALED gradients (TF 2): skipped, and the scale lowered, if any is inf/nan."""
        pairs = [(g, v) for g, v in grads_and_vars if g is not None]
        found = torch.zeros(1)
        for g, _ in pairs:
            found = found.to(g.device)
            found += (~torch.isfinite(g)).any().float()
        if self._finish(found.clamp_max(1.0)):
            return self.inner_optimizer.apply_gradients(pairs, **kwargs)
        return self.iterations

    def apply(self, grads, trainable_variables=None):
        """Apply SCALED gradients (Keras 3): unscaled here, then as `apply_gradients`."""
        return self.apply_gradients(zip(self.get_unscaled_gradients(list(grads)), trainable_variables))

    def get_config(self):
        return {"name": self.name, "inner_optimizer": optimizers_module.serialize(self.inner_optimizer),
                "dynamic": self.dynamic, "initial_scale": self.initial_scale,
                "dynamic_growth_steps": self.dynamic_growth_steps}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        config["inner_optimizer"] = optimizers_module.deserialize(config["inner_optimizer"], custom_objects)
        return cls(**config)
