"""`tf.compat.v1.train` helpers on `global_step`: the global-step variable and learning-rate decays.

Mirrors `tensorflow/python/training/training_util.py` and `learning_rate_decay.py` (the Keras 2
`LearningRateSchedule` formulas, evaluated on the step each time a session runs them).
"""


import torch

from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph import record
from keraslike._src.graph.graph import GraphKeys
from keraslike._src.graph.tensor import SymbolicTensor
from keraslike._src.graph.variables import GraphVariable
from keraslike._src.ops import variables as eager_variables


def get_global_step(graph=None):
    """`tf.compat.v1.train.get_global_step()`: the `GLOBAL_STEP` variable, or None."""
    graph = graph or graph_lib.get_default_graph()
    found = graph.get_collection(GraphKeys.GLOBAL_STEP)
    return found[0] if found else None


def global_step(sess, global_step_tensor):
    """`tf.compat.v1.train.global_step(sess, global_step_tensor)`: the step as a Python int, read by `sess.run` in a
    graph, or directly from an eager variable or tensor (then `sess` is not used)."""
    if graph_lib.default_graph() is None and not isinstance(global_step_tensor, SymbolicTensor):
        return int(global_step_tensor.numpy())
    return int(sess.run(global_step_tensor))


def create_global_step(graph=None):
    """`tf.compat.v1.train.create_global_step()`: an int64 "global_step" variable starting at 0 (a graph variable
    in graph mode, an eager `tf.Variable` eagerly).

    Raises:
        ValueError: if one exists already.
    """
    eager = graph is None and graph_lib.default_graph() is None
    graph = graph or graph_lib.get_default_graph()
    if get_global_step(graph) is not None:
        raise ValueError('"global_step" already exists.')
    if eager:  # TF makes an eager int64 variable, found again through the GLOBAL_STEP collection only
        step = eager_variables.Variable(torch.zeros((), dtype=torch.int64), trainable=False, name="global_step")
        graph.add_to_collection(GraphKeys.GLOBAL_STEP, step)
        return step
    with graph.as_default(), graph.name_scope(""), graph.control_dependencies(None):  # TF's init scope
        step = GraphVariable(record.record_call(torch.zeros, ((),), {"dtype": torch.int64}, "zeros", None, graph),
                             trainable=False, name="global_step",
                             collections=[GraphKeys.GLOBAL_VARIABLES, GraphKeys.GLOBAL_STEP])
    return step


def get_or_create_global_step(graph=None):
    """`tf.compat.v1.train.get_or_create_global_step()`."""
    step = get_global_step(graph)
    return create_global_step(graph) if step is None else step


def _f(x):
    return x.to(torch.float32) if isinstance(x, torch.Tensor) else torch.tensor(float(x))


@record.op_function
def _exponential(lr, step, decay_steps, decay_rate, staircase):
    p = _f(step) / decay_steps
    if staircase:
        p = torch.floor(p)
    return _f(lr) * torch.pow(_f(decay_rate), p)


@record.op_function
def _natural_exp(lr, step, decay_steps, decay_rate, staircase):
    p = _f(step) / decay_steps
    if staircase:
        p = torch.floor(p)
    return _f(lr) * torch.exp(-_f(decay_rate) * p)


@record.op_function
def _inverse_time(lr, step, decay_steps, decay_rate, staircase):
    p = _f(step) / decay_steps
    if staircase:
        p = torch.floor(p)
    return _f(lr) / (1 + _f(decay_rate) * p)


@record.op_function
def _polynomial(lr, step, decay_steps, end_lr, power, cycle):
    step = _f(step)
    if cycle:
        multiplier = torch.where(step == 0, torch.tensor(1.0), torch.ceil(step / decay_steps))
        steps = decay_steps * multiplier
    else:
        steps = torch.tensor(float(decay_steps))
        step = torch.minimum(step, steps)
    return (_f(lr) - end_lr) * torch.pow(1 - step / steps, power) + end_lr


@record.op_function
def _piecewise(step, boundaries, values):
    step = _f(step)
    out = _f(values[-1])
    for b, v in reversed(list(zip(boundaries, values))):
        out = torch.where(step <= b, _f(v), out)
    return out


def _check_step(global_step, fn):
    if global_step is None:
        raise ValueError(f"global_step is required for {fn}. Received: global_step=None")


def exponential_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    """`tf.compat.v1.train.exponential_decay`: `lr * decay_rate ^ (global_step / decay_steps)`."""
    _check_step(global_step, "exponential decay")
    return record.apply(_exponential, learning_rate, global_step, decay_steps, decay_rate, staircase,
                        op_type="ExponentialDecay", name=name)


def natural_exp_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    """`tf.compat.v1.train.natural_exp_decay`: `lr * exp(-decay_rate * global_step / decay_steps)`."""
    _check_step(global_step, "natural exp decay")
    return record.apply(_natural_exp, learning_rate, global_step, decay_steps, decay_rate, staircase,
                        op_type="NaturalExpDecay", name=name)


def inverse_time_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    """`tf.compat.v1.train.inverse_time_decay`: `lr / (1 + decay_rate * global_step / decay_steps)`."""
    _check_step(global_step, "inverse time decay")
    return record.apply(_inverse_time, learning_rate, global_step, decay_steps, decay_rate, staircase,
                        op_type="InverseTimeDecay", name=name)


def polynomial_decay(learning_rate, global_step, decay_steps, end_learning_rate=0.0001, power=1.0, cycle=False,
                     name=None):
    """`tf.compat.v1.train.polynomial_decay`."""
    _check_step(global_step, "polynomial decay")
    return record.apply(_polynomial, learning_rate, global_step, decay_steps, end_learning_rate, power, cycle,
                        op_type="PolynomialDecay", name=name)


def piecewise_constant(x, boundaries, values, name=None):
    """`tf.compat.v1.train.piecewise_constant(x, boundaries, values)`.

    Raises:
        ValueError: unless `len(values) == len(boundaries) + 1`.
    """
    if len(values) != len(boundaries) + 1:
        raise ValueError("The length of boundaries should be 1 less than the length of values. "
                         f"Received: boundaries={boundaries!r}, values={values!r}")
    return record.apply(_piecewise, x, list(boundaries), list(values), op_type="PiecewiseConstant", name=name)


