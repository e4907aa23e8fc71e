"""Control flow: `tf.cond`, `tf.case`, `tf.switch_case`, `tf.while_loop`, run eagerly in Python.

Mirrors `tensorflow/python/ops/cond.py`, `control_flow_case.py`, `control_flow_switch_case.py` and
`while_loop.py`. Everything executes eagerly, so a branch or a loop body is an ordinary Python
call and gradients flow through whatever ran (torch autograd records it).

Where TF's graph mode checks something its eager mode skips, keraslike checks it too, because
code meant for `tf.function` relies on it: `while_loop`'s `shape_invariants` and `case`'s
`exclusive`. Predicates must be Python bools or single-element tensors.

Example:
    >>> tf.while_loop(lambda i: i < 10, lambda i: [i + 1], [0])           # [<int32 10>]
    >>> tf.cond(tf.constant(2) < 3, lambda: "yes", lambda: "no")          # "yes"
"""

import numbers

import torch

from keraslike._src import errors
from keraslike._src.nest import nest
from keraslike._src.ops.conversion import convert_to_tensor
from keraslike._src.ops.shape_methods import dims_of, is_compatible
from keraslike._src.ops.tensor_shape import TensorShape


def truth(pred, arg_name="pred"):
    """Python bool of a predicate (bool, numpy bool or single-element tensor).

    Raises:
        ValueError: for a tensor with more than one element.
    """
    if isinstance(pred, torch.Tensor):
        if pred.numel() != 1:
            raise ValueError("The truth value of an array with more than one element is ambiguous. "
                             f"Received: {arg_name} with shape {tuple(pred.shape)}")
        return bool(pred.reshape(()).item())
    if hasattr(pred, "shape") and getattr(pred, "size", 1) != 1:
        raise ValueError("The truth value of an array with more than one element is ambiguous. "
                         f"Received: {arg_name} with shape {tuple(pred.shape)}")
    return bool(pred)


def _require_callable(fn, arg_name, op_name):
    if fn is None:
        raise TypeError(f"{op_name}(): '{arg_name}' argument required")
    if not callable(fn):
        raise TypeError(f"'{arg_name}' must be callable. Received: {arg_name}={fn!r}")


def cond(pred, true_fn=None, false_fn=None, name=None):
    """`tf.cond(pred, true_fn, false_fn)`: `true_fn()` if `pred` else `false_fn()`.

    Args:
        pred: Python bool or scalar bool tensor.
        true_fn, false_fn: callables without arguments; their result is returned as is.

    Raises:
        TypeError: if a branch is missing or not callable.
        ValueError: if `pred` has more than one element.
    """
    _require_callable(true_fn, "true_fn", "cond")
    _require_callable(false_fn, "false_fn", "cond")
    return true_fn() if truth(pred) else false_fn()


def case(pred_fn_pairs, default=None, exclusive=False, strict=False, name="case"):
    """`tf.case(pred_fn_pairs, default=None, exclusive=False)`: the fn of the first true predicate.

    Args:
        pred_fn_pairs: list/tuple (or mapping) of `(pred, fn)` pairs; `pred` a bool or scalar tensor.
        default: callable used when no predicate holds.
        exclusive: when True, more than one true predicate is an error (as TF's graph check).
        strict: accepted as TF (results are never packed or unpacked here).

    Raises:
        TypeError: if the pairs are malformed or a fn is not callable.
        tf.errors.InvalidArgumentError: when no predicate holds and there is no `default`, or
            `exclusive=True` and several hold.
    """
    if hasattr(pred_fn_pairs, "items"):
        pred_fn_pairs = list(pred_fn_pairs.items())
    if not isinstance(pred_fn_pairs, (list, tuple)):
        raise TypeError(f"'pred_fn_pairs' must be a list or tuple. Received: pred_fn_pairs={pred_fn_pairs!r}")
    pairs = []
    for pair in pred_fn_pairs:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise TypeError(f"Each entry in pred_fn_pairs must be a 2-tuple. Received: {pair!r}")
        _require_callable(pair[1], "fn", "case")
        pairs.append(pair)
    if default is not None:
        _require_callable(default, "default", "case")
    values = [truth(p, "pred") for p, _ in pairs]
    chosen = [i for i, v in enumerate(values) if v]
    if exclusive and len(chosen) > 1:
        raise errors.InvalidArgumentError(
            "Input error: exclusive=True and more than one predicate evaluated to True: "
            + ", ".join(str(v) for v in values))
    if chosen:
        return pairs[chosen[0]][1]()
    if default is None:
        raise errors.InvalidArgumentError(
            "Input error: None of conditions evaluated as True: " + ", ".join(str(v) for v in values))
    return default()


def _branches(branch_fns):
    if hasattr(branch_fns, "items"):
        items = list(branch_fns.items())
    else:
        branch_fns = list(branch_fns)
        items = branch_fns if all(isinstance(b, tuple) for b in branch_fns) else list(enumerate(branch_fns))
    keys = sorted(k for k, _ in items)
    if keys != list(range(len(items))):
        raise ValueError(f"branch indices (keys) must form contiguous range of [0 to {len(items)}) but found "
                         "{" + ",".join(str(k) for k in keys) + "}")
    by_key = dict(items)
    fns = [by_key[k] for k in keys]
    for fn in fns:
        _require_callable(fn, "branch_fns", "switch_case")
    return fns


def switch_case(branch_index, branch_fns, default=None, name="switch_case"):
    """`tf.switch_case(branch_index, branch_fns, default=None)`: run `branch_fns[branch_index]()`.

    Args:
        branch_index: int32 scalar tensor (a Python int is accepted too).
        branch_fns: list of callables, list of `(int, callable)` pairs or dict `{int: callable}` whose
            keys are exactly `0..n-1`.
        default: callable for an index outside `[0, n)`; when None, the last branch is the default (TF).

    Raises:
        ValueError: if the branch keys are not contiguous from 0, or `branch_index` is not a scalar.
        TypeError: if a branch is not callable or `branch_index` is not an integer.
    """
    fns = _branches(branch_fns)
    if not fns:
        raise ValueError("Must provide at least one item in branch_fns. Received: branch_fns=[]")
    if isinstance(branch_index, torch.Tensor):
        if branch_index.dim() != 0 or branch_index.dtype.is_floating_point or branch_index.dtype == torch.bool:
            raise TypeError(f"branch_index must be an integer scalar. Received: shape={tuple(branch_index.shape)}, "
                            f"dtype={branch_index.dtype}")
        index = int(branch_index.item())
    elif isinstance(branch_index, numbers.Integral) and not isinstance(branch_index, bool):
        index = int(branch_index)
    else:
        raise TypeError(f"'branch_index' must be an integer scalar Tensor. Received: branch_index={branch_index!r}")
    if default is not None:
        _require_callable(default, "default", "switch_case")
    if 0 <= index < len(fns):
        return fns[index]()
    return (default or fns[-1])()


def _to_loop_value(value):
    if value is None or hasattr(value, "_is_tensor_array"):
        return value
    return value if isinstance(value, torch.Tensor) else convert_to_tensor(value)


def _check_invariants(values, invariants, first):
    for value, invariant in zip(nest.flatten(values), nest.flatten(invariants)):
        if not isinstance(value, torch.Tensor):
            continue
        wanted = TensorShape(invariant) if not isinstance(invariant, TensorShape) else invariant
        if not is_compatible(tuple(value.shape), dims_of(wanted)):
            if first:
                raise ValueError(f"The shape invariant specified for a loop variable is not compatible with the "
                                 f"initial shape of the loop variable. It enters the loop with shape "
                                 f"{tuple(value.shape)}, but the specified shape invariant is {wanted}.")
            raise ValueError(f"Input tensor enters the loop with shape {wanted}, but has shape "
                             f"{tuple(value.shape)} after one iteration. To allow the shape to vary across "
                             "iterations, use the `shape_invariants` argument of tf.while_loop to specify a "
                             "less-specific shape.")


def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10, back_prop=True,
               swap_memory=False, maximum_iterations=None, name=None):
    """`tf.while_loop(cond, body, loop_vars, ...)`: repeat `loop_vars = body(*loop_vars)` while `cond(*loop_vars)`.

    Args:
        cond: callable returning a bool or scalar bool tensor.
        body: callable returning loop variables of the same nested structure as `loop_vars`.
        loop_vars: list/tuple (possibly nested) of tensors, numpy arrays, Python numbers or
            `TensorArray`s; leaves are converted to tensors, as TF does. A single tensor is also
            accepted (then `cond`/`body` take and return it).
        shape_invariants: same structure as `loop_vars`, of `TensorShape`s (or lists with `None`);
            every iteration's values must be compatible, else ValueError (as TF's graph check).
        parallel_iterations: positive int. Iterations run one after another eagerly, so the value
            only has to be valid.
        back_prop: False runs the loop without recording gradients (TF's deprecated flag).
        swap_memory: a GPU memory hint for TF's graph executor; nothing is swapped here.
        maximum_iterations: optional int (or scalar tensor); the loop stops after that many bodies.

    Returns:
        the final loop variables, in the structure of `loop_vars`.

    Raises:
        TypeError: if `cond`/`body` are not callable or `parallel_iterations` is not a positive int.
        ValueError: if `body` changes the structure, or a shape invariant is violated.
    """
    if not callable(cond):
        raise TypeError(f"'cond' must be callable. Received: cond={cond!r}")
    if not callable(body):
        raise TypeError(f"'body' must be callable. Received: body={body!r}")
    if not isinstance(parallel_iterations, numbers.Integral) or parallel_iterations <= 0:
        raise TypeError(f"'parallel_iterations' must be a positive integer. "
                        f"Received: parallel_iterations={parallel_iterations!r}")
    if loop_vars is None or (isinstance(loop_vars, (list, tuple)) and len(loop_vars) == 0):
        raise ValueError(f"'loop_vars' must be provided. Received: loop_vars={loop_vars!r}")
    packed = not isinstance(loop_vars, (list, tuple))
    structure = [loop_vars] if packed else loop_vars
    if shape_invariants is not None:
        shape_invariants = [shape_invariants] if packed else shape_invariants
        nest.assert_same_structure(structure, shape_invariants, check_types=False)
    limit = None if maximum_iterations is None else int(
        maximum_iterations.item() if isinstance(maximum_iterations, torch.Tensor) else maximum_iterations)
    with torch.set_grad_enabled(torch.is_grad_enabled() and back_prop):
        values = nest.pack_extensions(structure, [_to_loop_value(v) for v in nest.flatten_extensions(structure)])
        if shape_invariants is not None:
            _check_invariants(values, shape_invariants, first=True)
        count = 0
        while (limit is None or count < limit) and truth(cond(*values), "cond's result"):
            result = body(*values)
            if packed:
                result = [result]
            nest.assert_same_extensions(structure, result)
            flat = nest.flatten_extensions(result)
            values = nest.pack_extensions(structure, [_to_loop_value(v) for v in flat])  # (extension types too)
            if shape_invariants is not None:
                _check_invariants(values, shape_invariants, first=False)
            count += 1
    return values[0] if packed else values
