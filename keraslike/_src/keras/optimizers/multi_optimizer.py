"""`keras.optimizers.OptimizerMap` and `keras.optimizers.MultiOptimizer` (mirror
`keras/src/optimizers/multi_optimizer.py`, Keras 3.15): a different optimizer per variable, chosen by the
variable's `path` (exact key first, else the one pattern that `re.fullmatch`es it, else the default).

Limitation: saving a MultiOptimizer's slot state (model.save with the optimizer, tf.train.Checkpoint) raises
NotImplementedError naming the workaround (save the weights, or use one optimizer).
"""

import re
from collections.abc import MutableMapping

from keraslike._src.keras.optimizers.optimizer import Optimizer


def _check_inner(optimizer, what):
    if not isinstance(optimizer, Optimizer):
        raise ValueError(f"{what} must be a Keras Optimizer instance. Received: {optimizer}")
    if hasattr(optimizer, "inner_optimizer"):
        raise ValueError(f"{what} cannot be LossScaleOptimizer. Received: {optimizer}")
    if isinstance(optimizer, MultiOptimizer):
        raise ValueError(f"{what} cannot be MultiOptimizer. Received: {optimizer}")


class OptimizerMap(MutableMapping):
    """`OptimizerMap(default_optimizer, optimizer_map=None)`: `{path or regex: optimizer}` with a default.

    `opt_map[path]` is the optimizer for an exact key, else for the single key that `re.fullmatch`es `path`, else
    `default_optimizer`; `opt_map(variable)` looks up `variable.path`.

    Raises:
        TypeError: when `default_optimizer` is not an Optimizer or `optimizer_map` not a dict.
        ValueError: for a duplicated or non-string key, an inner LossScaleOptimizer/MultiOptimizer, or a path
            matched by several patterns.
    """

    def __init__(self, default_optimizer, optimizer_map=None):
        if not isinstance(default_optimizer, Optimizer):
            raise TypeError(f"default_optimizer must be a Keras Optimizer instance. Received: {default_optimizer}")
        if optimizer_map is not None and not isinstance(optimizer_map, dict):
            raise TypeError(f"optimizer_map must be a dictionary. Received: {optimizer_map}")
        self._default_optimizer = default_optimizer
        self._optimizer_map = dict(optimizer_map or {})

    @property
    def default_optimizer(self):
        return self._default_optimizer

    def __getitem__(self, key):
        if key in self._optimizer_map:
            return self._optimizer_map[key]
        matching = [pattern for pattern in self._optimizer_map if re.fullmatch(pattern, key)]
        if len(matching) > 1:
            raise ValueError(f"Multiple optimizers assigned to variable {key}. Received: patterns={matching}")
        return self._optimizer_map[matching[0]] if matching else self._default_optimizer

    def __setitem__(self, key, optimizer):
        if key in self._optimizer_map:
            raise ValueError(f"'{key}' already exists in the OptimizerMap with value {self._optimizer_map[key]}. "
                             "Please make sure to not use duplicated keys.")
        if not isinstance(key, str):
            raise ValueError(f"key must be a string. Received: {key}")
        _check_inner(optimizer, "optimizer")
        self._optimizer_map[key] = optimizer

    def __delitem__(self, key):
        del self._optimizer_map[key]

    def __len__(self):
        return len(self._optimizer_map)

    def __iter__(self):
        return iter(self._optimizer_map)

    def __call__(self, variable):
        return self[variable.path]


class MultiOptimizer(Optimizer):
    """`MultiOptimizer(optimizer_map, loss_scale_factor=None, name=None)`: applies each variable's gradient with
    the optimizer `optimizer_map(variable)` picks (an `OptimizerMap`, or any callable variable -> Optimizer).

    `iterations` counts MultiOptimizer steps; each inner optimizer keeps its own learning rate, clipping and
    iterations. `learning_rate` is not defined on it (AttributeError, as Keras): set it on the inner optimizers.

    Raises:
        ValueError: when the map gives a non-Optimizer, a LossScaleOptimizer or a MultiOptimizer for a variable.
    """

    def __init__(self, optimizer_map, loss_scale_factor=None, name=None):
        super().__init__(learning_rate=0.0, name=name or "multi_optimizer")
        self._optimizer_map = optimizer_map
        self._inner_optimizers = []
        self._owner = {}  # id(variable) -> inner optimizer
        candidates = list(optimizer_map.values()) if hasattr(optimizer_map, "values") else []
        default = getattr(optimizer_map, "default_optimizer", None)
        for opt in candidates + ([default] if default is not None else []):
            if all(opt is not known for known in self._inner_optimizers):
                self._inner_optimizers.append(opt)
        self.loss_scale_factor = loss_scale_factor

    @property
    def optimizers(self):
        """The inner optimizers, in the order they were found."""
        return list(self._inner_optimizers)

    @property
    def loss_scale_factor(self):
        return self.__dict__.get("_multi_loss_scale_factor")

    @loss_scale_factor.setter
    def loss_scale_factor(self, value):
        self.__dict__["_multi_loss_scale_factor"] = value
        for opt in self.__dict__.get("_inner_optimizers", []):
            opt.loss_scale_factor = value  # the inner optimizers divide their gradients by it

    @property
    def learning_rate(self):
        raise AttributeError("Learning rate cannot be accessed on a MultiOptimizer. Access the learning rate on the "
                             "individual sub-optimizers instead.")

    @learning_rate.setter
    def learning_rate(self, value):
        raise AttributeError("Learning rate cannot be set on a MultiOptimizer. Set the learning rate on the "
                             f"individual sub-optimizers instead. Received: learning_rate={value}")

    lr = learning_rate

    def build(self, var_list):
        """Assign every variable to its optimizer and build each inner optimizer on its variables."""
        groups = {}
        for var in var_list:
            if id(var) in self._owner:
                continue
            opt = self._optimizer_map(var)
            _check_inner(opt, f"Optimizer for variable {getattr(var, 'path', var)}")
            if all(opt is not known for known in self._inner_optimizers):
                opt.loss_scale_factor = self.loss_scale_factor
                self._inner_optimizers.append(opt)
            self._owner[id(var)] = opt
            self._params.append(var)
            self._param_ids.add(id(var))
            groups.setdefault(id(opt), (opt, []))[1].append(var)
        for opt, variables in groups.values():
            opt.build(variables)

    @property
    def variables(self):
        return [self.iterations] + [v for opt in self._inner_optimizers for v in opt.variables]

    def _step(self, variables):
        groups = {}
        for var in variables:
            opt = self._owner[id(var)]
            groups.setdefault(id(opt), (opt, []))[1].append(var)
        for opt, group in groups.values():
            opt._step(group)  # the inner optimizer's own update from `.grad` (clipping, EMA, its iterations)
        self.iterations.add_(1)

    def finalize_variable_values(self, var_list):
        for opt in self._inner_optimizers:
            opt.finalize_variable_values([v for v in var_list if self._owner.get(id(v)) is opt])

    def get_config(self):
        raise NotImplementedError("MultiOptimizer cannot be serialized by keraslike yet; save the model weights "
                                  "(model.save_weights) and rebuild the MultiOptimizer in code. "
                                  f"Received: optimizer={self.name}")
