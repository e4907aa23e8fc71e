"""`tf.compat.v1.train.*Optimizer` in graph mode: `minimize`, `compute_gradients`, `apply_gradients`.

Mirrors `tensorflow/python/training/optimizer.py` and the update rules of TF1's training kernels
(`tensorflow/core/kernels/training_ops.cc`): ApplyGradientDescent, ApplyMomentum, ApplyAdam (with the
beta-power accumulators), ApplyAdagrad, ApplyRMSProp (the "rms" slot starts at ones). Slot variables are
graph variables named like TF's ("W/Momentum", "W/Adam", "W/Adam_1", "beta1_power"), initialised by
`tf.global_variables_initializer()`. `apply_gradients(..., global_step=gs)` increments `gs` after the
updates.
"""

import torch

from keraslike._src import errors
from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph import record
from keraslike._src.graph.gradients import gradients
from keraslike._src.graph.graph import GraphKeys
from keraslike._src.graph.tensor import Operation, SymbolicTensor
from keraslike._src.graph.variables import GraphVariable


class ApplyOp(Operation):
    """Applies one optimizer step to all (gradient, variable) pairs in the running session."""

    updates_in_place = True  # the executor runs these after the run's other ops (gradients first)

    def __init__(self, graph, name, optimizer, pairs, hyper, global_step):
        grads = [g for g, _ in pairs]
        super().__init__(graph, name, "NoOp", grads + list(hyper), list(graph._control_stack))
        self.optimizer = optimizer
        self.variables = [v for _, v in pairs]
        self.n_hyper = len(hyper)
        self.global_step = global_step

    def compute(self, ctx, inputs):
        n = len(self.variables)
        grads, hyper = inputs[:n], inputs[n:]
        values = ctx.variables
        with torch.no_grad():
            self.optimizer._step(values, self.variables, grads, hyper, self.name)
            if self.global_step is not None:
                step = values.get(self.global_step)
                if step is None:
                    raise _uninitialized(self.global_step)
                step.add_(1)
        return []


def _uninitialized(var):
    return errors.FailedPreconditionError(None, var.op.name, f"Attempting to use uninitialized value {var.op.name}")


def _read(values, var):
    value = values.get(var)
    if value is None:
        raise _uninitialized(var)
    return value


def _hyper_tensor(value, graph):
    if isinstance(value, SymbolicTensor):
        return value
    if callable(value):
        value = value()
        if isinstance(value, SymbolicTensor):
            return value
    return record.record_call(torch.as_tensor, (float(value),), {"dtype": torch.float32}, "Const", None, graph)


class Optimizer:
    """`tf.compat.v1.train.Optimizer`: the TF1 optimizer interface over graph variables.

    Args:
        use_locking: accepted as TF does (updates in one process never race).
        name: prefix of the slot variables and update ops.
    """

    _HYPER = ()

    def __init__(self, use_locking, name):
        if not name:
            raise ValueError(f"Must specify the optimizer name. Received: name={name!r}")
        self._name = name
        self._use_locking = use_locking
        self._slots = {}  # slot name -> {variable: slot variable}
        self._non_slot = {}

    def get_name(self):
        return self._name

    def compute_gradients(self, loss, var_list=None, gate_gradients=1, aggregation_method=None,
                          colocate_gradients_with_ops=False, grad_loss=None):
        """[(gradient, variable)] for `var_list` (default: trainable variables); gradient None if unconnected.

        Raises:
            ValueError: if there are no variables to optimize, or `loss` is callable (eager only in TF).
        """
        if callable(loss) and not isinstance(loss, SymbolicTensor):
            raise RuntimeError("`loss` passed to Optimizer.compute_gradients should be a graph tensor in graph "
                               f"mode. Received: loss={loss!r}")
        if var_list is None:
            var_list = graph_lib.get_default_graph().get_collection(GraphKeys.TRAINABLE_VARIABLES)
            var_list += graph_lib.get_default_graph().get_collection(GraphKeys.TRAINABLE_RESOURCE_VARIABLES)
        var_list = list(var_list)
        if not var_list:
            raise ValueError("No variables to optimize.")
        grads = gradients(loss, var_list, None if grad_loss is None else [grad_loss],
                          aggregation_method=aggregation_method)
        return list(zip(grads, var_list))

    def minimize(self, loss, global_step=None, var_list=None, gate_gradients=1, aggregation_method=None,
                 colocate_gradients_with_ops=False, name=None, grad_loss=None):
        """`compute_gradients` then `apply_gradients`; returns the training op.

        Raises:
            ValueError: if no variable has a gradient (TF's "No gradients provided for any variable").
        """
        grads_and_vars = self.compute_gradients(loss, var_list, aggregation_method=aggregation_method,
                                                grad_loss=grad_loss)
        if not [v for g, v in grads_and_vars if g is not None]:
            raise ValueError("No gradients provided for any variable, check your graph for ops that do not "
                             "support gradients, between variables "
                             f"{[str(v) for _, v in grads_and_vars]} and loss {loss}.")
        return self.apply_gradients(grads_and_vars, global_step=global_step, name=name)

    def apply_gradients(self, grads_and_vars, global_step=None, name=None):
        """The op applying the gradients (pairs with None gradients are skipped) and incrementing `global_step`."""
        pairs = [(g, v) for g, v in grads_and_vars if g is not None]
        if not pairs:
            raise ValueError(f"No gradients provided for any variable: {[str(v) for _, v in grads_and_vars]}.")
        graph = graph_lib.get_default_graph()
        with graph.name_scope(""):
            with graph.control_dependencies(None):  # TF makes slots in an init scope: their initializers must not
                self._create_slots([v for _, v in pairs])  # wait for `control_dependencies(update_ops)` (feeds)
            hyper = [_hyper_tensor(getattr(self, "_" + h), graph) for h in self._HYPER]
        op_name = graph.unique_name(name or self._name)
        op = ApplyOp(graph, op_name, self, pairs, hyper, global_step)
        train_ops = graph.get_collection_ref(graph_lib.GraphKeys.TRAIN_OP)  # as TF1's apply_gradients
        if op not in train_ops:
            train_ops.append(op)
        return op

    # ---- slots ----------------------------------------------------------------------------------------
    def _zeros_slot(self, var, slot_name, op_name, fill=0.0):
        slots = self._slots.setdefault(slot_name, {})
        if var in slots:
            return slots[var]
        value = record.record_call(torch.full, (tuple(var.shape.as_list()), fill), {"dtype": var.dtype},
                                   "zeros", None, var.graph)
        slot = GraphVariable(value, trainable=False, name=f"{var.op.name}/{op_name}")
        slots[var] = slot
        return slot

    def _non_slot_variable(self, name, initial):
        if name not in self._non_slot:
            self._non_slot[name] = GraphVariable(float(initial), trainable=False, name=name)
        return self._non_slot[name]

    def _create_slots(self, var_list):
        pass

    def get_slot(self, var, name):
        return self._slots.get(name, {}).get(var)

    def get_slot_names(self):
        return sorted(self._slots)

    def variables(self):
        out = [v for slots in self._slots.values() for v in slots.values()]
        return out + list(self._non_slot.values())

    def _step(self, values, variables, grads, hyper, name):
        raise NotImplementedError


def _apply(values, var, delta):
    """`var -= delta` in place (TF1's Apply* kernels update the variable's buffer), then its constraint."""
    value = _read(values, var)
    value.sub_(delta.to(value.dtype))
    if var.constraint is not None:
        value.copy_(var.constraint(value))


class GradientDescentOptimizer(Optimizer):
    """`tf.compat.v1.train.GradientDescentOptimizer(learning_rate)`: `var -= lr * grad`."""

    _HYPER = ("learning_rate",)

    def __init__(self, learning_rate, use_locking=False, name="GradientDescent"):
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate

    def _step(self, values, variables, grads, hyper, name):
        lr = hyper[0]
        for var, g in zip(variables, grads):
            _apply(values, var, lr * g)


class MomentumOptimizer(Optimizer):
    """`tf.compat.v1.train.MomentumOptimizer(learning_rate, momentum, use_nesterov=False)`.

    `accum = momentum * accum + grad; var -= lr * accum` (Nesterov: `var -= lr * (grad + momentum * accum)`).
    """

    _HYPER = ("learning_rate", "momentum")

    def __init__(self, learning_rate, momentum, use_locking=False, name="Momentum", use_nesterov=False):
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._momentum = momentum
        self._use_nesterov = use_nesterov

    def _create_slots(self, var_list):
        for v in var_list:
            self._zeros_slot(v, "momentum", self._name)

    def _step(self, values, variables, grads, hyper, name):
        lr, momentum = hyper
        for var, g in zip(variables, grads):
            accum = _read(values, self._slots["momentum"][var])
            accum.mul_(momentum).add_(g)
            _apply(values, var, lr * (g + momentum * accum) if self._use_nesterov else lr * accum)


class AdamOptimizer(Optimizer):
    """`tf.compat.v1.train.AdamOptimizer(learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08)`.

    TF1's ApplyAdam: `lr_t = lr * sqrt(1 - beta2^t) / (1 - beta1^t)`, `m += (g - m) * (1 - beta1)`,
    `v += (g^2 - v) * (1 - beta2)`, `var -= lr_t * m / (sqrt(v) + epsilon)`, with `beta1_power`/`beta2_power`
    variables.
    """

    _HYPER = ("learning_rate", "beta1", "beta2", "epsilon")

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08, use_locking=False, name="Adam"):
        super().__init__(use_locking, name)
        self._learning_rate, self._beta1, self._beta2, self._epsilon = learning_rate, beta1, beta2, epsilon

    def _create_slots(self, var_list):
        self._non_slot_variable("beta1_power", self._beta1)
        self._non_slot_variable("beta2_power", self._beta2)
        for v in var_list:
            self._zeros_slot(v, "m", self._name)
            self._zeros_slot(v, "v", self._name + "_1")

    def _step(self, values, variables, grads, hyper, name):
        lr, beta1, beta2, epsilon = (_number(h, v) for h, v in
                                     zip(hyper, (self._learning_rate, self._beta1, self._beta2, self._epsilon)))
        b1p, b2p = _read(values, self._non_slot["beta1_power"]), _read(values, self._non_slot["beta2_power"])
        lr_t = lr * torch.sqrt(1 - b2p) / (1 - b1p)
        ms = [_read(values, self._slots["m"][v]) for v in variables]
        vs = [_read(values, self._slots["v"][v]) for v in variables]
        grads = [g.to(m.dtype) for g, m in zip(grads, ms)]
        # TF's ApplyAdam: m += (g - m) * (1 - beta1); v += (g * g - v) * (1 - beta2) (lerp computes exactly
        # this for weights below 0.5); var -= lr_t * m / (sqrt(v) + epsilon). Fused over all variables.
        torch._foreach_lerp_(ms, grads, 1 - beta1)
        torch._foreach_lerp_(vs, torch._foreach_mul(grads, grads), 1 - beta2)
        denom = torch._foreach_sqrt(vs)
        torch._foreach_add_(denom, epsilon)
        updates = torch._foreach_mul(ms, lr_t)
        torch._foreach_div_(updates, denom)
        for var, update in zip(variables, updates):
            _apply(values, var, update)
        b1p.mul_(beta1)
        b2p.mul_(beta2)


def _number(value, given):
    """A hyperparameter given as a Python number stays one (fused kernels take it as a scalar)."""
    return float(given) if isinstance(given, (int, float)) else value


class AdagradOptimizer(Optimizer):
    """`tf.compat.v1.train.AdagradOptimizer(learning_rate, initial_accumulator_value=0.1)`.

    `accum += grad^2; var -= lr * grad / sqrt(accum)`.
    """

    _HYPER = ("learning_rate",)

    def __init__(self, learning_rate, initial_accumulator_value=0.1, use_locking=False, name="Adagrad"):
        if initial_accumulator_value <= 0.0:
            raise ValueError("initial_accumulator_value must be positive. "
                             f"Received: initial_accumulator_value={initial_accumulator_value}")
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._initial = initial_accumulator_value

    def _create_slots(self, var_list):
        for v in var_list:
            self._zeros_slot(v, "accumulator", self._name, self._initial)

    def _step(self, values, variables, grads, hyper, name):
        lr = hyper[0]
        for var, g in zip(variables, grads):
            accum = _read(values, self._slots["accumulator"][var])
            accum.add_(g * g)
            _apply(values, var, lr * g / torch.sqrt(accum))


class RMSPropOptimizer(Optimizer):
    """`tf.compat.v1.train.RMSPropOptimizer(learning_rate, decay=0.9, momentum=0.0, epsilon=1e-10, centered=False)`.

    `ms += (grad^2 - ms) * (1 - decay)` (ms starts at ones); centered also tracks
    `mg += (grad - mg) * (1 - decay)` and uses `ms - mg^2`;
    `mom = momentum * mom + lr * grad / sqrt(ms + epsilon); var -= mom`.
    """

    _HYPER = ("learning_rate", "decay", "momentum", "epsilon")

    def __init__(self, learning_rate, decay=0.9, momentum=0.0, epsilon=1e-10, use_locking=False, centered=False,
                 name="RMSProp"):
        super().__init__(use_locking, name)
        self._learning_rate, self._decay, self._momentum, self._epsilon = learning_rate, decay, momentum, epsilon
        self._centered = centered

    def _create_slots(self, var_list):
        for v in var_list:
            self._zeros_slot(v, "rms", self._name, 1.0)  # TF's slot order: rms, mg (centered), momentum
            if self._centered:
                self._zeros_slot(v, "mg", self._name + "_1")
            self._zeros_slot(v, "momentum", self._name + ("_2" if self._centered else "_1"))

    def _step(self, values, variables, grads, hyper, name):
        lr, decay, momentum, epsilon = hyper
        for var, g in zip(variables, grads):
            ms, mom = _read(values, self._slots["rms"][var]), _read(values, self._slots["momentum"][var])
            ms.add_((g * g).sub_(ms).mul_(1 - decay))
            denom = ms
            if self._centered:
                mg = _read(values, self._slots["mg"][var])
                mg.add_((g - mg).mul_(1 - decay))
                denom = ms - mg * mg
            mom.mul_(momentum).add_(lr * g / torch.sqrt(denom + epsilon))
            _apply(values, var, mom)
