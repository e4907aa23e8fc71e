"""`keras.ops` core: conversion, casting, shapes, scatter/slice updates, control flow, gradients.

Mirrors `keras/src/ops/core.py`. Control flow runs eagerly in Python (`cond` evaluates the
predicate, `while_loop` loops), which is what the TensorFlow backend does outside `tf.function`;
every step stays differentiable through torch autograd.

Example:
    >>> ops.scatter([[0], [2]], [1.0, 2.0], (4,))           # [1, 0, 2, 0]
    >>> ops.while_loop(lambda i: i < 10, lambda i: (i + 1,), (0,))   # (10,)
"""

import builtins
import numbers

import numpy as np
import torch

from keraslike._src.keras.ops import dtypes
from keraslike._src.keras.ops.tensors import convert, shape_tuple
from keraslike._src.keras.tree import KERAS_TREE
from keraslike._src.ops import dtypes as tf_dtypes
from keraslike._src.ops import tensor_numpy


def convert_to_tensor(x, dtype=None, sparse=None, ragged=None):
    """`keras.ops.convert_to_tensor(x, dtype=None, sparse=None, ragged=None)`: a torch tensor.

    Python floats -> float32, Python ints -> int32, bools -> bool, numpy arrays keep their dtype;
    with `dtype` the value is cast. Tensors stay on their device; others go to the current device.

    Raises:
        ValueError: for `sparse=True` or `ragged=True` (keraslike tensors are dense).
    """
    if sparse:
        raise ValueError("`sparse=True` is not supported: keraslike tensors are dense. Received: sparse=True")
    if ragged:
        raise ValueError("`ragged=True` is not supported: keraslike tensors are dense. Received: ragged=True")
    return convert(x, dtype)


def convert_to_numpy(x):
    """`keras.ops.convert_to_numpy(x)`: a numpy array (copied to the host, detached)."""
    if isinstance(x, torch.Tensor):
        return tensor_numpy.snapshot(x.float() if x.dtype == torch.bfloat16 else x)
    return np.array(x)


def is_tensor(x):
    """`keras.ops.is_tensor(x)`: True for torch tensors (and keraslike Variables)."""
    return isinstance(x, torch.Tensor)


def dtype(x):
    """`keras.ops.dtype(x)`: the Keras dtype name of `x`, e.g. `"float32"` (also for symbolic tensors)."""
    if hasattr(x, "dtype") and not isinstance(x, (torch.Tensor, np.ndarray, np.generic)):
        return tf_dtypes.DTypeName(dtypes.standardize_dtype(x.dtype))
    return tf_dtypes.DTypeName(dtypes.standardize_dtype(convert(x).dtype))  # equal to tf.float32 too, as TF's


def cast(x, dtype):
    """`keras.ops.cast(x, dtype)`: change dtype (float -> int truncates, anything -> bool is `!= 0`)."""
    x = convert(x)
    target = dtypes.to_torch_dtype(dtype)
    if x.dtype == target:
        return x
    if x.is_complex() and not target.is_complex:
        x = x.real
    if target == torch.bool:
        return x != 0
    return x.to(target)


def saturate_cast(x, dtype):
    """`keras.ops.saturate_cast(x, dtype)`: cast, clamping to `dtype`'s range first (no wrap-around)."""
    x = convert(x)
    target = dtypes.to_torch_dtype(dtype)
    if target.is_floating_point:
        info = torch.finfo(target)
    elif target != torch.bool:
        info = torch.iinfo(target)
    else:
        return x != 0
    if x.is_floating_point():
        lo = max(float(info.min), float(torch.finfo(x.dtype).min))
        hi = min(float(info.max), float(torch.finfo(x.dtype).max))
        return torch.clamp(x, lo, hi).to(target)
    if x.dtype != torch.bool:
        src = torch.iinfo(x.dtype)
        return torch.clamp(x, max(int(info.min), src.min), min(int(info.max), src.max)).to(target)
    return x.to(target)


def shape(x):
    """`keras.ops.shape(x)`: the static shape, a tuple of ints."""
    if hasattr(x, "shape") and not isinstance(x, torch.Tensor):
        return tuple(x.shape)
    return tuple(convert(x).shape)


def stop_gradient(variable):
    """`keras.ops.stop_gradient(variable)`: the same values, cut from the autograd graph."""
    return convert(variable).detach()


def unstack(x, num=None, axis=0):
    """`keras.ops.unstack(x, num=None, axis=0)`: a list of the slices along `axis`.

    Raises:
        ValueError: if `num` is given and differs from the axis length.
    """
    x = convert(x)
    if num is not None and num != x.shape[axis]:
        raise ValueError(f"Cannot unstack an axis of length {x.shape[axis]} into {num} tensors. Received: num={num}")
    return list(torch.unbind(x, dim=axis))


def slice(inputs, start_indices, shape):
    """`keras.ops.slice(inputs, start_indices, shape)`: the block of `shape` starting at `start_indices`."""
    x = convert(inputs)
    starts = shape_tuple(start_indices)
    sizes = shape_tuple(shape)
    index = tuple(builtins.slice(s, s + (x.shape[i] - s if n == -1 else n)) for i, (s, n) in
                  enumerate(zip(starts, sizes)))
    return x[index]


def slice_update(inputs, start_indices, updates):
    """`keras.ops.slice_update(inputs, start_indices, updates)`: a copy of `inputs` with a block replaced.

    Differentiable with respect to both `inputs` and `updates`.
    """
    x = convert(inputs)
    u = convert(updates, x.dtype, x.device)
    starts = shape_tuple(start_indices)
    index = tuple(builtins.slice(s, s + n) for s, n in zip(starts, u.shape))
    out = x.clone()
    out[index] = u
    return out


def _scatter_index(indices):
    idx = convert(indices).to(torch.int64)
    return tuple(idx[..., i] for i in range(idx.shape[-1]))


def scatter(indices, values, shape):
    """`keras.ops.scatter(indices, values, shape)`: zeros of `shape` with `values` ADDED at `indices`.

    `indices` is `(..., k)`, addressing the first `k` axes; repeated indices add up (TF's `scatter_nd`).
    """
    v = convert(values)
    out = torch.zeros(shape_tuple(shape), dtype=v.dtype, device=v.device)
    return out.index_put(_scatter_index(indices), v, accumulate=True)


_REDUCTIONS = ("add", "max", "min", "mul")


def scatter_update(inputs, indices, updates, reduction=None):
    """`keras.ops.scatter_update(inputs, indices, updates, reduction=None)`: replace (or reduce into) entries.

    `reduction` is None (replace), "add", "max", "min" or "mul".

    Raises:
        ValueError: for another reduction.
    """
    x = convert(inputs)
    u = convert(updates, x.dtype, x.device)
    index = _scatter_index(indices)
    if reduction is None:
        return x.index_put(index, u)
    if reduction == "add":
        return x.index_put(index, u, accumulate=True)
    if reduction not in _REDUCTIONS:
        raise ValueError(f"Invalid reduction. Expected one of {(None,) + _REDUCTIONS}. Received: reduction={reduction}")
    k = len(index)
    lead = x.shape[:k]
    flat_x = x.reshape(-1, *x.shape[k:])
    lin = torch.zeros_like(index[0])
    for i, dim in zip(index, lead):
        lin = lin * dim + i
    src = u.reshape(-1, *x.shape[k:])
    lin = lin.reshape(-1, *([1] * (x.dim() - k))).expand_as(src)
    mode = {"max": "amax", "min": "amin", "mul": "prod"}[reduction]
    return flat_x.scatter_reduce(0, lin, src, reduce=mode, include_self=True).reshape(x.shape)


def cond(pred, true_fn, false_fn):
    """`keras.ops.cond(pred, true_fn, false_fn)`: `true_fn()` if `pred` else `false_fn()` (eager)."""
    if isinstance(pred, torch.Tensor):
        pred = bool(pred.reshape(()).item())
    return true_fn() if pred else false_fn()


def switch(index, branches, *operands):
    """`keras.ops.switch(index, branches, *operands)`: `branches[index](*operands)`, the index clamped."""
    i = int(index.item() if isinstance(index, torch.Tensor) else index)
    i = min(max(i, 0), len(branches) - 1)
    return branches[i](*operands)


def _as_tuple(value, like):
    return tuple(value) if isinstance(like, (list, tuple)) else value


def while_loop(cond, body, loop_vars, maximum_iterations=None):
    """`keras.ops.while_loop(cond, body, loop_vars, maximum_iterations=None)`: loop while `cond(*vars)`.

    `loop_vars` is a tuple/list (unpacked into `cond` and `body`) or a single value; the result has
    the same structure.
    """
    is_seq = isinstance(loop_vars, (list, tuple))
    values = tuple(loop_vars) if is_seq else (loop_vars,)
    steps = 0
    while maximum_iterations is None or steps < maximum_iterations:
        keep = cond(*values)
        if isinstance(keep, torch.Tensor):
            keep = bool(keep.item())
        if not keep:
            break
        out = body(*values)
        values = tuple(out) if is_seq else (out,)
        steps += 1
    return type(loop_vars)(values) if is_seq and isinstance(loop_vars, list) else (values if is_seq else values[0])


def fori_loop(lower, upper, body_fun, init_val):
    """`keras.ops.fori_loop(lower, upper, body_fun, init_val)`: `val = body_fun(i, val)` for i in range."""
    lo = int(lower.item() if isinstance(lower, torch.Tensor) else lower)
    hi = int(upper.item() if isinstance(upper, torch.Tensor) else upper)
    val = init_val
    for i in range(lo, hi):
        val = body_fun(i, val)
    return val


def _leaves(tree):
    return KERAS_TREE.flatten(tree)


def _rebuild(tree, leaves):
    return KERAS_TREE.pack(tree, leaves)


def _stack_results(results):
    if not results:
        return None
    leaves = [_leaves(r) for r in results]
    stacked = [torch.stack([convert(x) for x in column]) for column in zip(*leaves)]
    return _rebuild(results[0], stacked)


def _index_tree(tree, i):
    return _rebuild(tree, [convert(x)[i] for x in _leaves(tree)])


def map(f, xs):
    """`keras.ops.map(f, xs)`: apply `f` to each slice of `xs` along axis 0 and stack (nests allowed)."""
    n = convert(_leaves(xs)[0]).shape[0]
    return _stack_results([f(_index_tree(xs, i)) for i in range(n)])


def vectorized_map(function, elements):
    """`keras.ops.vectorized_map(function, elements)`: `map`, run with `torch.vmap` when `function` allows."""
    try:
        leaves = [convert(x) for x in _leaves(elements)]
        tree = elements

        def call(*xs):
            return function(_rebuild(tree, xs))

        return torch.vmap(call)(*leaves)
    except (RuntimeError, TypeError, ValueError, NotImplementedError):
        return map(function, elements)


def scan(f, init, xs=None, length=None, reverse=False, unroll=1):
    """`keras.ops.scan(f, init, xs=None, length=None, reverse=False, unroll=1)`: JAX's `lax.scan`.

    `f(carry, x) -> (carry, y)`; returns `(final_carry, stacked_ys)`.

    Raises:
        ValueError: if neither `xs` nor `length` gives the number of steps, or `unroll` is not positive.
    """
    if not (isinstance(unroll, bool) or (isinstance(unroll, numbers.Integral) and unroll > 0)):
        raise ValueError(f"`unroll` must be a positive integer or boolean. Received: unroll={unroll}")
    if xs is None and length is None:
        raise ValueError("Got no `xs` to scan over and `length` not provided.")
    n = length if xs is None else convert(_leaves(xs)[0]).shape[0]
    order = range(n - 1, -1, -1) if reverse else range(n)
    carry, ys = init, []
    for i in order:
        carry, y = f(carry, None if xs is None else _index_tree(xs, i))
        ys.append(y)
    if reverse:
        ys.reverse()
    return carry, _stack_results(ys) if ys and ys[0] is not None else None


def associative_scan(f, elems, reverse=False, axis=0):
    """`keras.ops.associative_scan(f, elems, reverse=False, axis=0)`: inclusive prefix scan with `f`.

    `f(a, b)` must be associative; nests of tensors are scanned leaf-wise together.
    """
    leaves = [torch.movedim(convert(x), axis, 0) for x in _leaves(elems)]
    if reverse:
        leaves = [x.flip(0) for x in leaves]
    n = leaves[0].shape[0]
    outs = [[x[0]] for x in leaves]
    for i in range(1, n):
        prev = _rebuild(elems, [o[-1] for o in outs])
        cur = _rebuild(elems, [x[i] for x in leaves])
        nxt = _leaves(f(prev, cur))
        for o, v in zip(outs, nxt):
            o.append(convert(v))
    stacked = [torch.stack(o) for o in outs]
    if reverse:
        stacked = [s.flip(0) for s in stacked]
    return _rebuild(elems, [torch.movedim(s, 0, axis) for s in stacked])


def custom_gradient(f):
    """`keras.ops.custom_gradient(f)`: `f(*args)` returns `(outputs, grad_fn)`; `grad_fn(upstream)` (or
    `grad_fn(*args, upstream=...)`) returns the gradients for the tensor arguments.

    Example:
        >>> @ops.custom_gradient
        ... def log1pexp(x):
        ...     e = ops.exp(x)
        ...     def grad(*args, upstream=None):
        ...         upstream = args[0] if upstream is None else upstream
        ...         return ops.multiply(upstream, 1.0 - 1.0 / ops.add(1, e))
        ...     return ops.log(1 + e), grad
    """

    def wrapped(*args):
        return _CustomGradient.apply(f, len(args), *args)

    wrapped.__name__ = getattr(f, "__name__", "custom_gradient")
    wrapped.__doc__ = f.__doc__
    return wrapped


class _CustomGradient(torch.autograd.Function):
    @staticmethod
    def forward(ctx, f, nargs, *args):
        with torch.enable_grad():
            detached = [a.detach() if isinstance(a, torch.Tensor) else a for a in args]
            outputs, grad_fn = f(*detached)
        ctx.grad_fn = grad_fn
        ctx.multi = isinstance(outputs, (list, tuple))
        ctx.is_tensor = [isinstance(a, torch.Tensor) for a in args]
        if ctx.multi:
            return tuple(o.detach() for o in outputs)
        return outputs.detach()

    @staticmethod
    def backward(ctx, *upstream):
        up = upstream if ctx.multi else upstream[0]
        try:
            grads = ctx.grad_fn(up)
        except TypeError:
            grads = ctx.grad_fn(upstream=up)
        if not isinstance(grads, (list, tuple)):
            grads = (grads,)
        grads = list(grads)
        full = []
        for is_t in ctx.is_tensor:
            full.append(grads.pop(0) if is_t and grads else None)
        return (None, None, *full)


__all__ = [
    "associative_scan",
    "cast",
    "cond",
    "convert_to_numpy",
    "convert_to_tensor",
    "custom_gradient",
    "dtype",
    "fori_loop",
    "is_tensor",
    "map",
    "saturate_cast",
    "scan",
    "scatter",
    "scatter_update",
    "shape",
    "slice",
    "slice_update",
    "stop_gradient",
    "switch",
    "unstack",
    "vectorized_map",
    "while_loop",
]
