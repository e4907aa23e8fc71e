"""Distinct values of a 1-D tensor in order of first occurrence: `unique`, `unique_with_counts`.

Mirrors `tensorflow/python/ops/array_ops.py` (`unique`, `unique_with_counts`); the results are the
namedtuples `Unique(y, idx)` and `UniqueWithCounts(y, idx, count)` as in TF.

Example:
    >>> y, idx = tf.unique([1, 1, 2, 4, 4, 4, 7, 8, 8])    # y: [1 2 4 7 8], idx: [0 0 1 2 2 2 3 4 4]
"""

import collections

import torch

from keraslike._src.ops import dtypes
from keraslike._src.ops import string_array_ops as _str
from keraslike._src.ops.conversion import to_tensor
from keraslike._src.ops.string_tensor import has_strings

Unique = collections.namedtuple("Unique", ["y", "idx"])
UniqueWithCounts = collections.namedtuple("UniqueWithCounts", ["y", "idx", "count"])


def _unique(x, out_idx, op_name):
    if has_strings(x):
        return _str.unique(x, out_idx)
    x = to_tensor(x, None, "x")
    if x.dim() != 1:
        raise ValueError(f"`{op_name}` expects a 1-D tensor. Received: x with shape={list(x.shape)}")
    out = dtypes.as_dtype(out_idx)
    if out not in (torch.int32, torch.int64):
        raise TypeError(f"`out_idx` must be tf.int32 or tf.int64. Received: out_idx={out_idx!r}")
    values, inverse, counts = torch.unique(x, sorted=True, return_inverse=True, return_counts=True)
    n = x.shape[0]
    first = torch.full((values.shape[0],), n, dtype=torch.long, device=x.device)
    first = first.scatter_reduce(0, inverse, torch.arange(n, device=x.device), reduce="amin")
    order = torch.argsort(first)  # sorted-unique position -> first-occurrence rank
    rank = torch.empty_like(order)
    rank[order] = torch.arange(order.shape[0], device=x.device)
    return values[order], rank[inverse].to(out), counts[order].to(out)


def unique(x, out_idx=torch.int32, name=None):
    """`tf.unique(x)`: `Unique(y, idx)`; `y` the distinct values by first occurrence, `x == y[idx]`.

    Args:
        x: 1-D tensor.
        out_idx: dtype of `idx`, tf.int32 (default) or tf.int64.

    Raises:
        ValueError: `x` not 1-D. TypeError: another `out_idx`.
    """
    y, idx, _ = _unique(x, out_idx, "tf.unique")
    return Unique(y, idx)


def unique_with_counts(x, out_idx=torch.int32, name=None):
    """`tf.unique_with_counts(x)`: `UniqueWithCounts(y, idx, count)`, `count[i]` the occurrences of `y[i]`."""
    return UniqueWithCounts(*_unique(x, out_idx, "tf.unique_with_counts"))
