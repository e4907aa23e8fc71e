"""`tf.reduce_*` over a RaggedTensor (TF's ragged dispatch of the reductions).

Mirrors `tensorflow/python/ops/ragged/ragged_math_ops.py` (`ragged_reduce_aggregate`): a reduction
along the ragged axis is a segment reduction of the values by row; along axis 0 it is a segment
reduction by position in the row. Empty rows give the reduction's identity: 0 for sums, 1 for
products, the dtype's lowest/highest value for max/min, NaN for a float mean, False/True for any/all.

Example:
    >>> tf.reduce_sum(tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2]]), axis=1)   # int32 [9 0 16]
"""

import torch

from keraslike._src.ragged.ragged_tensor import RaggedTensor

_TORCH_REDUCE = {"sum": "sum", "prod": "prod", "max": "amax", "min": "amin", "mean": "sum", "any": "amax",
                 "all": "amin"}


def _identity(kind, dtype):
    if kind in ("sum", "mean", "any"):
        return 0
    if kind in ("prod", "all"):
        return 1
    info = torch.finfo(dtype) if dtype.is_floating_point else torch.iinfo(dtype)
    return info.min if kind == "max" else info.max


def segment_reduce(values, segment_ids, n, kind):
    """Reduce rows of `values` (a torch tensor `[nvals, ...]`) into `n` segments."""
    is_bool = values.dtype == torch.bool
    work = values.to(torch.uint8) if is_bool else values
    if kind == "mean" and not (work.is_floating_point() or work.is_complex()):
        work = work.to(torch.int64)
    out = torch.full((n,) + tuple(work.shape[1:]), _identity(kind, work.dtype), dtype=work.dtype, device=work.device)
    index = segment_ids.long().to(work.device).reshape((-1,) + (1,) * (work.dim() - 1)).expand_as(work)
    out = out.scatter_reduce(0, index, work, reduce=_TORCH_REDUCE[kind], include_self=True)
    if kind == "mean":
        counts = torch.bincount(segment_ids.long(), minlength=n)[:n].reshape((n,) + (1,) * (work.dim() - 1))
        if out.is_floating_point() or out.is_complex():
            out = out / counts.to(out.dtype)
        else:
            out = torch.div(out, counts.clamp(min=1), rounding_mode="trunc").to(values.dtype)
    return out.to(torch.bool) if is_bool else out


def reduce(rt, axis, keepdims, kind, op_name):
    """`op_name` (`tf.reduce_<kind>`) of RaggedTensor `rt` over `axis` (None, 0, 1 or -1 for ragged rank 1).

    Returns:
        A dense tensor for `axis=None` / a reduction of a ragged rank 1 tensor, else a RaggedTensor.

    Raises:
        NotImplementedError: for `keepdims=True` or axes keraslike does not reduce ragged tensors over.
    """
    if keepdims:
        raise NotImplementedError(f"`{op_name}` of a RaggedTensor does not support keepdims=True in keraslike. "
                                  f"Received: keepdims={keepdims}")
    flat = rt.flat_values
    if not isinstance(flat, torch.Tensor):
        raise TypeError(f"`{op_name}` expects numeric values. Received: a RaggedTensor of dtype {rt.dtype!r}")
    if axis is None:
        return segment_reduce(flat.reshape(-1), torch.zeros(flat.numel(), dtype=torch.int64), 1, kind)[0]
    if isinstance(axis, (list, tuple)):
        if len(axis) != 1:
            raise NotImplementedError(f"`{op_name}` of a RaggedTensor reduces one axis at a time in keraslike. "
                                      f"Received: axis={axis!r}")
        axis = axis[0]
    axis = int(axis) + rt.ndim if int(axis) < 0 else int(axis)
    if axis == 1:
        values = rt.values
        if isinstance(values, RaggedTensor):
            raise NotImplementedError(f"`{op_name}` over axis 1 of a RaggedTensor of ragged rank > 1 is not "
                                      "supported in keraslike. Received: axis=1")
        return segment_reduce(values, rt.value_rowids(), rt.nrows_int(), kind)
    if axis == 0 and rt.ragged_rank == 1:
        positions = torch.arange(rt.values.shape[0]) - rt.row_splits.long()[rt.value_rowids().long()]
        width = int(rt.row_lengths().max()) if rt.nrows_int() else 0
        return segment_reduce(rt.values, positions, width, kind)
    if axis >= 2:
        values = rt.values
        if isinstance(values, RaggedTensor):
            return rt.with_values(reduce(values, axis - 1, False, kind, op_name))
        return rt.with_values(_dense_reduce(values, axis - 1, kind))
    raise NotImplementedError(f"`{op_name}` of a RaggedTensor over axis {axis} is not supported in keraslike. "
                              f"Received: axis={axis}")


def _dense_reduce(values, axis, kind):
    fn = {"sum": torch.sum, "prod": torch.prod, "max": torch.amax, "min": torch.amin, "mean": torch.mean,
          "any": torch.any, "all": torch.all}[kind]
    return fn(values, dim=axis)


def variance(rt, axis, keepdims, op_name):
    """`tf.math.reduce_variance` of RaggedTensor `rt`: `mean(x ** 2) - mean(x) ** 2` clipped at 0, as TF's
    ragged dispatch computes it (an empty row gives NaN)."""
    flat = rt.flat_values
    if not isinstance(flat, torch.Tensor) or not (flat.is_floating_point()):
        raise TypeError(f"`{op_name}` expects floating point values. Received: a RaggedTensor of dtype {rt.dtype!r}")
    mean_sq = reduce(rt.with_flat_values(flat * flat), axis, keepdims, "mean", op_name)
    mean = reduce(rt, axis, keepdims, "mean", op_name)
    if isinstance(mean, RaggedTensor):
        return mean.with_flat_values(torch.clamp(mean_sq.flat_values - mean.flat_values ** 2, min=0))
    return torch.clamp(mean_sq - mean * mean, min=0)


def logsumexp(rt, axis, keepdims, op_name):
    """`tf.math.reduce_logsumexp` of RaggedTensor `rt`: `max + log(sum(exp(x - max)))` per reduced group (an
    empty row gives -inf, as TF)."""
    flat = rt.flat_values
    if not isinstance(flat, torch.Tensor) or not flat.is_floating_point():
        raise TypeError(f"`{op_name}` expects floating point values. Received: a RaggedTensor of dtype {rt.dtype!r}")
    if axis is None:
        return torch.logsumexp(flat.reshape(-1), 0)
    top = reduce(rt, axis, keepdims, "max", op_name)
    if isinstance(top, RaggedTensor):
        raise NotImplementedError(f"`{op_name}` of a RaggedTensor over an inner axis is not supported in keraslike. "
                                  f"Received: axis={axis}")
    finite_top = torch.where(torch.isfinite(top), top, torch.zeros_like(top))
    axis = int(axis) + rt.ndim if int(axis) < 0 else int(axis)
    if axis == 1:
        spread = finite_top[rt.value_rowids().long()]
    else:
        spread = finite_top[torch.arange(rt.values.shape[0]) - rt.row_splits.long()[rt.value_rowids().long()]]
    total = reduce(rt.with_flat_values(torch.exp(rt.values - spread)), axis, keepdims, "sum", op_name)
    return torch.log(total) + finite_top
