"""TF's ragged dispatch for ops that act on a RaggedTensor's flat values (TF's `ragged_dispatch.py`).

TF registers its elementwise ops (`tf.nn.relu`, `tf.math.erfinv`, `tf.clip_by_value`, `tf.identity`,
`tf.bitcast`, ...) for RaggedTensor: the op runs on the flat values and the row partitions are kept. The
structural ops (`tf.stack`, `tf.gather`, `tf.where`, ...) have their own ragged implementations in
`ragged_array_ops.py`. An op module wraps its function once: `relu = on_flat_values(relu)`.

Example:
    >>> tf.nn.relu(tf.ragged.constant([[1., -2.], []]))   # <tf.RaggedTensor [[1.0, 0.0], []]>
"""

import functools

import torch

from keraslike._src.ragged.ragged_tensor import RaggedTensor, ragged_binary


def on_flat_values(fn):
    """`fn(x, *args)` whose first argument may be a RaggedTensor: `fn` on its flat values, partitions kept."""

    @functools.wraps(fn)
    def dispatch(*args, **kwargs):
        if args and isinstance(args[0], RaggedTensor):
            rt = args[0]
            return rt.with_flat_values(fn(rt.flat_values, *args[1:], **kwargs))
        return fn(*args, **kwargs)

    return dispatch


def on_flat_values_binary(fn):
    """`fn(x, y)` where either may be a RaggedTensor: `fn` on the flat values (same row partitions, or one
    operand broadcast), as TF dispatches its binary elementwise ops."""

    @functools.wraps(fn)
    def dispatch(*args, **kwargs):
        if len(args) >= 2 and (isinstance(args[0], RaggedTensor) or isinstance(args[1], RaggedTensor)):
            return ragged_binary(args[0], args[1], lambda a, b: fn(a, b, *args[2:], **kwargs))
        return fn(*args, **kwargs)

    return dispatch


def _aligned_flat(rt, other):
    """`other`'s values broadcast to RaggedTensor `rt`'s flat values (same row partitions, or broadcast)."""
    return ragged_binary(rt, other, lambda a, b: torch.broadcast_tensors(a, torch.as_tensor(b))[1]).flat_values


def on_flat_value_pairs(fn):
    """`fn(x, y, ...)` (a check such as `tf.debugging.assert_equal`) where either may be a RaggedTensor: `fn` on
    the aligned flat values (TF raises InvalidArgumentError when the row partitions differ), result as is."""

    @functools.wraps(fn)
    def dispatch(x, y, *args, **kwargs):
        if isinstance(x, RaggedTensor):
            return fn(x.flat_values, _aligned_flat(x, y), *args, **kwargs)
        if isinstance(y, RaggedTensor):
            return fn(_aligned_flat(y, x), y.flat_values, *args, **kwargs)
        return fn(x, y, *args, **kwargs)

    return dispatch


def on_labels_logits(fn):
    """`fn(labels=..., logits=...)` (a loss op) where `logits` may be a RaggedTensor: `fn` on the flat values."""

    @functools.wraps(fn)
    def dispatch(labels=None, logits=None, name=None):
        if isinstance(logits, RaggedTensor):
            return logits.with_flat_values(fn(labels=_aligned_flat(logits, labels), logits=logits.flat_values))
        return fn(labels=labels, logits=logits, name=name)

    return dispatch


def refuse_ragged(fn, op_name):
    """`fn` that raises TF's ValueError for a RaggedTensor argument (ops TF does not dispatch to ragged)."""

    @functools.wraps(fn)
    def dispatch(*args, **kwargs):
        for value in list(args) + list(kwargs.values()):
            if isinstance(value, RaggedTensor):
                raise ValueError(f"`{op_name}` does not accept a RaggedTensor (TF has no ragged dispatch for it; "
                                 f"use `.to_tensor()` or `tf.map_fn`). Received: {value!r}")
        return fn(*args, **kwargs)

    return dispatch
