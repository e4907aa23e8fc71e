"""`tf.custom_gradient` and `tf.recompute_grad` on torch autograd.

Mirrors `tensorflow/python/ops/custom_gradient.py` (eager mode).

`@tf.custom_gradient` decorates `f(*args, **kwargs) -> (y, grad_fn)`. Calling the decorated
function returns `y`, and differentiating `y` (under `tf.GradientTape`, or plain torch backward)
calls `grad_fn(*upstream)` instead of differentiating what `f` did:

- `args` (flattened, every leaf converted to a tensor) are the inputs; `grad_fn` returns one
  gradient per input (a single tensor when there is one input); `kwargs` are passed through
  and get no gradient, as in TF;
- variables that `f` reads and that `y` depends on are found by walking `y`'s autograd graph
  (TF watches variable reads); then `grad_fn` must accept `variables=None` and return
  `(input_grads, variable_grads)`, one gradient per variable in the order given;
- `upstream` has one tensor per flattened output of `y` (zeros for outputs not used);
- `grad_fn` runs recorded when torch builds higher-order gradients, so a differentiable
  `grad_fn` gives second derivatives, as nested TF tapes do.

`tf.recompute_grad(f)` is `torch.utils.checkpoint` (non-reentrant, RNG state preserved): the
forward activations of `f` are dropped and recomputed in the backward pass.

Example:
    >>> @tf.custom_gradient
    ... def log1pexp(x):
    ...     e = tf.exp(x)
    ...     def grad(upstream):
    ...         return upstream * (1 - 1 / (1 + e))
    ...     return tf.math.log(1 + e), grad
    >>> x = tf.constant(100.0)
    >>> with tf.GradientTape() as tape:
    ...     tape.watch(x)
    ...     y = log1pexp(x)
    >>> tape.gradient(y, x)      # 1.0 (autodiff of the formula gives nan)
"""

import functools
import inspect

import torch
import torch.utils.checkpoint

from keraslike._src.autodiff import gradient_tape
from keraslike._src.nest import nest
from keraslike._src.ops.conversion import convert_to_tensor


def _as_tensor(value):
    if isinstance(value, torch.nn.Parameter):  # a Variable argument: differentiate through its value
        return value * 1 if value.requires_grad else value.detach()
    return value if isinstance(value, torch.Tensor) else convert_to_tensor(value)


def _variables_behind(outputs, inputs):
    """Parameters (Variables) that `outputs` depend on other than through `inputs`, in first-found order."""
    found, seen_vars = [], {id(t) for t in inputs}
    seen_nodes = {t.grad_fn for t in inputs if t.grad_fn is not None}  # the walk stops at the inputs
    stack = [t.grad_fn for t in outputs if t.grad_fn is not None]
    while stack:
        node = stack.pop()
        if node is None or node in seen_nodes:
            continue
        seen_nodes.add(node)
        variable = getattr(node, "variable", None)
        if variable is not None:
            if isinstance(variable, torch.nn.Parameter) and id(variable) not in seen_vars:
                seen_vars.add(id(variable))
                found.append(variable)
            continue
        stack.extend(fn for fn, _ in reversed(node.next_functions))
    return found


def _accepts_variables(grad_fn):
    try:
        params = inspect.signature(grad_fn).parameters
    except (TypeError, ValueError):
        return True
    return "variables" in params or any(p.kind == p.VAR_KEYWORD for p in params.values())


class _Call:
    """One call of a custom-gradient function: its outputs and how to turn upstream into gradients."""

    def __init__(self, outputs, grad_fn, n_inputs, variables, name):
        self.outputs = outputs
        self.grad_fn = grad_fn
        self.n_inputs = n_inputs
        self.variables = variables
        self.name = name

    def gradients(self, upstream):
        if self.variables:
            result = self.grad_fn(*upstream, variables=self.variables)
            if not isinstance(result, (list, tuple)) or len(result) != 2:
                raise TypeError(f"{self.name}: a custom gradient function that uses variables must return "
                                "(input_grads, variable_grads). Received: "
                                f"{type(result).__name__}")
            input_grads, variable_grads = result
            variable_grads = nest.flatten(variable_grads)
            if len(variable_grads) != len(self.variables):
                raise ValueError(f"{self.name}: must return {len(self.variables)} variable gradients (one per "
                                 f"variable in `variables`), returned {len(variable_grads)}.")
        else:
            input_grads, variable_grads = self.grad_fn(*upstream), []
        input_grads = nest.flatten(input_grads)
        if len(input_grads) != self.n_inputs:
            raise ValueError(f"custom_gradient function expected to return {self.n_inputs} gradients but returned "
                             f"{len(input_grads)} instead.")
        return [_grad_tensor(g) for g in input_grads], [_grad_tensor(g) for g in variable_grads]


def _grad_tensor(g):
    return g if g is None or isinstance(g, torch.Tensor) else convert_to_tensor(g)


class _CustomGradient(torch.autograd.Function):
    @staticmethod
    def forward(ctx, call, *tensors):
        ctx.call = call
        outputs = [o.detach() for o in call.outputs]
        ctx.mark_non_differentiable(*[o for o in outputs if not (o.is_floating_point() or o.is_complex())])
        return tuple(outputs)

    @staticmethod
    def backward(ctx, *upstream):
        input_grads, variable_grads = ctx.call.gradients(list(upstream))
        return (None, *input_grads, *variable_grads)


def _call_with_custom_gradient(f, args, kwargs):
    name = getattr(f, "__name__", "custom_gradient")
    flat_args = [_as_tensor(a) for a in nest.flatten(args)]
    with torch.enable_grad():
        result = f(*nest.pack_sequence_as(args, flat_args), **kwargs)
    if not isinstance(result, (list, tuple)) or len(result) != 2 or not callable(result[1]):
        raise TypeError(f"A @tf.custom_gradient function must return (outputs, grad_fn). Received from {name}: "
                        f"{type(result).__name__}")
    y, grad_fn = result
    flat_y = nest.flatten(y)
    tensor_positions = [i for i, v in enumerate(flat_y) if isinstance(v, torch.Tensor)]
    out_tensors = [flat_y[i] for i in tensor_positions]
    variables = _variables_behind(out_tensors, flat_args)
    if variables and not _accepts_variables(grad_fn):
        raise TypeError("If using @custom_gradient with a function that uses variables, then grad_fn must accept "
                        f"a keyword argument 'variables'. Received: grad_fn={grad_fn!r} from {name}")
    needs_grad = torch.is_grad_enabled() and (variables or any(a.requires_grad for a in flat_args))
    if not needs_grad or not out_tensors:
        return nest.pack_sequence_as(y, [v.detach() if isinstance(v, torch.Tensor) else v for v in flat_y])
    call = _Call(out_tensors, grad_fn, len(flat_args), variables, name)
    outputs = _CustomGradient.apply(call, *flat_args, *variables)
    for position, value in zip(tensor_positions, outputs):
        flat_y[position] = value
    return nest.pack_sequence_as(y, flat_y)


def custom_gradient(f=None):
    """`tf.custom_gradient(f)`: decorator giving `f` the gradient its `grad_fn` defines (module docstring).

    Raises (when the decorated function is called or differentiated):
        TypeError: if `f` does not return `(y, grad_fn)`, or uses variables while `grad_fn` takes
            no `variables` keyword.
        ValueError: if `grad_fn` returns the wrong number of gradients.
    """
    if f is None:
        return custom_gradient

    @functools.wraps(f)
    def decorated(*args, **kwargs):
        return _call_with_custom_gradient(f, args, kwargs)

    return decorated


def recompute_grad(f):
    """`tf.recompute_grad(f)`: same values and gradients as `f`, activations recomputed in backward."""
    if not callable(f):
        raise TypeError(f"recompute_grad expects a callable. Received: f={f!r}")

    @functools.wraps(f)
    def inner(*args, **kwargs):
        if not torch.is_grad_enabled():
            return f(*args, **kwargs)
        recording = gradient_tape.is_recording()

        def forward(*a, **k):  # the recomputation (in `tape.gradient`) runs as the original forward did: recorded
            if not recording:
                return f(*a, **k)
            with gradient_tape.replaying_recorded():
                return f(*a, **k)

        return torch.utils.checkpoint.checkpoint(forward, *args, use_reentrant=False, **kwargs)

    return inner
