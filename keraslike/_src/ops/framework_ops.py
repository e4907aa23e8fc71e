"""TF framework names that eager code still calls: `tf.ensure_shape`, `get_static_value`, `control_dependencies`, ...

Mirrors `tensorflow/python/framework/ops.py`, `tensor_util.py`, `ops/array_ops.py` (`ensure_shape`),
`ops/control_flow_ops.py` (`group`, `tuple`, `no_op`) and `ops/gradients_impl.py`, in their eager
behaviour: ops already ran in program order, so dependencies and groups have nothing left to do, and
graph-only gradients raise TF's own eager error.
"""

import builtins
import contextlib
import time

import torch

from keraslike._src import errors
from keraslike._src.tf_logger import get_logger  # noqa: F401 - tf.get_logger
from keraslike._src.ops.shape_methods import dims_of, is_compatible
from keraslike._src.ops.tensor_shape import TensorShape
from keraslike._src.ops import function_scope, tensor_numpy, trace_state
from keraslike._src.ops import value_semantics
from keraslike._src.ops.conversion import convert_to_tensor
from keraslike._src.ops.string_tensor import StringTensor
from keraslike._src.ops.variable_meta import VariableMeta

DType = torch.dtype


@value_semantics.no_variable_views
def ensure_shape(x, shape, name=None):
    """`tf.ensure_shape(x, shape)`: `x` if its shape is compatible with `shape` (None = any size).

    Raises:
        tf.errors.InvalidArgumentError: if it is not.
    """
    t = x if isinstance(x, torch.Tensor) else convert_to_tensor(x)
    wanted = TensorShape(shape)
    if isinstance(t.shape, TensorShape):  # a tf.function trace's placeholder: its static shape, checked as TF's trace
        if not t.shape.is_compatible_with(wanted):
            raise ValueError(f"Shapes are incompatible: {t.shape} and {wanted} (tf.ensure_shape while tracing). "
                             f"Received: x.shape={t.shape}, shape={wanted}")
        refine = getattr(t, "_keraslike_with_shape", None)  # the result's static shape holds the stated dims
        return refine(wanted) if refine is not None else x
    trace_state.stated_shape(x, wanted)
    if trace_state.is_standin(t) and isinstance(t, torch.Tensor) and wanted.rank is not None:
        if not is_compatible(builtins.tuple(t.shape), dims_of(wanted)):  # a py_function stand-in takes the stated shape
            t.data = torch.zeros([1 if d is None else d for d in dims_of(wanted)], dtype=t.dtype)
        return x
    if not is_compatible(builtins.tuple(t.shape), dims_of(wanted)):
        raise errors.InvalidArgumentError(f"Shape of tensor x {list(t.shape)} is not compatible with expected shape "
                                          f"{wanted.as_list() if wanted.rank is not None else '<unknown>'}.")
    return x


def get_static_value(tensor, partial=False):
    """`tf.get_static_value(tensor)`: a tensor's value as numpy (every eager value is known); others as given.

    A variable's value is not static (it may change): None, as TF.
    """
    if isinstance(type(tensor), VariableMeta):
        return None
    if isinstance(tensor, torch.Tensor):
        return tensor_numpy.snapshot(tensor)
    if isinstance(tensor, StringTensor):
        return tensor.numpy()
    return tensor


def no_op(name=None):
    """`tf.no_op()`: does nothing (returns None eagerly, as TF)."""
    return None


def group(*inputs, **kwargs):
    """`tf.group(*inputs)`: eagerly the inputs have already run; returns None, as TF.

    Raises:
        TypeError: for keyword arguments other than `name`.
    """
    unknown = set(kwargs) - {"name"}
    if unknown:
        raise TypeError(f"Unknown keyword arguments: {sorted(unknown)}. Received: kwargs={sorted(kwargs)}")
    return None


def tuple(tensors, control_inputs=None, name=None):  # noqa: A001 - TF's name
    """`tf.tuple(tensors, control_inputs=None)`: the tensors as a list (callables in control_inputs are called)."""
    for control in control_inputs or []:
        if callable(control):
            control()
    return list(tensors)


def identity_n(input, name=None):  # noqa: A002 - TF's argument name
    """`tf.identity_n(input)`: a list with an identity of every tensor."""
    return [t.view_as(t) if isinstance(t, torch.Tensor) else convert_to_tensor(t) for t in input]


@contextlib.contextmanager
def _null():
    yield


def control_dependencies(control_inputs):
    """`tf.control_dependencies(control_inputs)`: eagerly a null context; callables are called first, as TF."""
    for control in control_inputs or []:
        if callable(control):
            control()
    return _null()


def inside_function():
    """`tf.inside_function()`: True in a `tf.function` body (which keraslike runs eagerly), else False."""
    return function_scope.inside()


class AggregationMethod:
    """`tf.AggregationMethod`: how `tf.gradients` (and TF1 optimizers' `aggregation_method`) adds up the gradient
    terms of a tensor used more than once: `ADD_N` (the `DEFAULT`) all at once, `EXPERIMENTAL_TREE` pairwise,
    `EXPERIMENTAL_ACCUMULATE_N` accumulated. The sum is the same; TF's choice trades memory for speed. keraslike's
    autograd adds the terms its own way for every method, so each gives the same gradients."""

    ADD_N = 0
    DEFAULT = ADD_N
    EXPERIMENTAL_TREE = 1
    EXPERIMENTAL_ACCUMULATE_N = 2


def check_aggregation_method(aggregation_method):
    """TF's check of a gradient call's `aggregation_method`: None or one of `AggregationMethod`'s values.

    Raises:
        ValueError: TF's "Invalid `aggregation_method` specified ..." for any other value.
    """
    accepted = [AggregationMethod.ADD_N, AggregationMethod.EXPERIMENTAL_TREE,
                AggregationMethod.EXPERIMENTAL_ACCUMULATE_N]
    if aggregation_method is not None and aggregation_method not in accepted:
        raise ValueError(f"Invalid `aggregation_method` specified {aggregation_method}. Accepted values are "
                         f"{accepted}. Received: aggregation_method={aggregation_method!r}")


def gradients(ys, xs, grad_ys=None, name="gradients", gate_gradients=False, aggregation_method=None,
              stop_gradients=None, unconnected_gradients=None):
    """`tf.gradients`: graph-only; raises TF's eager error."""
    raise RuntimeError("tf.gradients is not supported when eager execution is enabled. Use tf.GradientTape "
                       "instead.")


def hessians(ys, xs, gate_gradients=False, aggregation_method=None, name="hessians"):
    """`tf.hessians`: graph-only; raises TF's eager error (use nested tf.GradientTape)."""
    raise RuntimeError("tf.hessians is not supported when eager execution is enabled. Use nested "
                       "tf.GradientTape instead.")


def grad_pass_through(f):
    """`tf.grad_pass_through(f)`: `f(x)` forward, identity gradient to `x` (variables in `f` get none)."""
    def wrapped(x):
        t = x if isinstance(x, torch.Tensor) else convert_to_tensor(x)
        y = f(t)
        if builtins.tuple(y.shape) != builtins.tuple(t.shape):
            raise ValueError("grad_pass_through needs f(x) to have x's shape. Received: "
                             f"x.shape={builtins.tuple(t.shape)}, f(x).shape={builtins.tuple(y.shape)}")
        return y.detach() + (t - t.detach())
    return wrapped





def timestamp(name=None):
    """`tf.timestamp()`: seconds since the Unix epoch as a float64 scalar tensor (microsecond resolution)."""
    return torch.tensor(time.time(), dtype=torch.float64)


def is_symbolic_tensor(tensor):
    """`tf.is_symbolic_tensor(tensor)`: whether `tensor` is a graph tensor; keraslike has none, so always False.

    (TF 2.21 also answers False for eager tensors and Keras 3 symbolic inputs.)
    """
    return False
