"""TF's segment reductions: `tf.math.segment_*` (sorted ids) and `tf.math.unsorted_segment_*`
(tensorflow/python/ops/math_ops.py, generated kernels).

`segment_ids` index the first `segment_ids.ndim` dimensions of `data`; the result has
`num_segments` rows (`max(id) + 1` for the sorted forms) followed by `data.shape[ids.ndim:]`. Empty
segments give TF's values: 0 for sum/mean/sqrt_n and for the sorted max/min, 1 for prod, the dtype's
lowest value for unsorted max and its highest for unsorted min. Negative ids are dropped by the
unsorted forms, as TF. Gradients flow to `data`.
"""

import torch

from keraslike._src.errors import InvalidArgumentError
from keraslike._src.ops.conversion import to_tensor

_REDUCE = {"sum": "sum", "prod": "prod", "max": "amax", "min": "amin", "mean": "mean"}


def _limits(dtype):
    info = torch.finfo(dtype) if dtype.is_floating_point else torch.iinfo(dtype)
    return info.min, info.max


def _segments(data, segment_ids, num_segments, kind, sorted_ids, op_name):
    x = to_tensor(data, None, "data")
    ids = to_tensor(segment_ids, None, "segment_ids").to(torch.int64)
    if ids.shape != x.shape[:ids.dim()]:
        raise InvalidArgumentError(None, None, f"{op_name}: segment_ids should be the same shape as data's first "
                                               f"{ids.dim()} dimensions. Received: segment_ids.shape="
                                               f"{list(ids.shape)}, data.shape={list(x.shape)}")
    flat_ids = ids.reshape(-1)
    rows = x.reshape((-1,) + tuple(x.shape[ids.dim():]))
    if sorted_ids:
        if flat_ids.numel() and bool((flat_ids[1:] < flat_ids[:-1]).any()):
            raise InvalidArgumentError(None, None, f"{op_name}: segment ids are not increasing. Received: "
                                                   f"segment_ids={flat_ids.tolist()}")
        if flat_ids.numel() and int(flat_ids.min()) < 0:
            raise InvalidArgumentError(None, None, f"{op_name}: segment ids must be >= 0. Received: "
                                                   f"segment_ids={flat_ids.tolist()}")
        num_segments = int(flat_ids.max()) + 1 if flat_ids.numel() else 0
    num_segments = int(num_segments)
    keep = flat_ids >= 0
    flat_ids, rows = flat_ids[keep], rows[keep]
    shape = (num_segments,) + tuple(rows.shape[1:])
    index = flat_ids.reshape((-1,) + (1,) * (rows.dim() - 1)).expand(rows.shape)
    counts = torch.zeros(num_segments, dtype=torch.int64, device=x.device).index_add_(
        0, flat_ids, torch.ones_like(flat_ids))
    empty = (counts == 0).reshape((-1,) + (1,) * (rows.dim() - 1))
    if kind in ("sum", "sqrt_n"):
        out = torch.zeros(shape, dtype=x.dtype, device=x.device).scatter_add(0, index, rows)
        if kind == "sqrt_n":
            out = out / torch.sqrt(counts.clamp(min=1).to(x.dtype)).reshape(empty.shape)
        return out
    base = {"prod": 1, "mean": 0}.get(kind)
    if base is None:  # max / min: the untouched value marks empty segments
        low, high = _limits(x.dtype)
        base = low if kind == "max" else high
    out = torch.full(shape, base, dtype=x.dtype, device=x.device).scatter_reduce(
        0, index, rows, reduce=_REDUCE[kind], include_self=kind not in ("mean",))
    if kind == "mean":
        out = torch.where(empty, torch.zeros_like(out), out)
    elif sorted_ids and kind in ("max", "min"):
        out = torch.where(empty, torch.zeros_like(out), out)  # TF's sorted max/min give 0 for empty segments
    return out


def _sorted(kind):
    def op(data, segment_ids, name=None):
        return _segments(data, segment_ids, None, kind, True, f"tf.math.segment_{kind}")

    op.__name__ = op.__qualname__ = f"segment_{kind}"
    op.__doc__ = (f"`tf.math.segment_{kind}(data, segment_ids)`: {kind} of the rows of each segment; `segment_ids` "
                  "sorted, >= 0 (see the module docstring).\n\nRaises:\n    tf.errors.InvalidArgumentError: for "
                  "unsorted or negative ids, or ids whose shape is not a prefix of data's.")
    return op


def _unsorted(kind):
    def op(data, segment_ids, num_segments, name=None):
        return _segments(data, segment_ids, num_segments, kind, False, f"tf.math.unsorted_segment_{kind}")

    op.__name__ = op.__qualname__ = f"unsorted_segment_{kind}"
    op.__doc__ = (f"`tf.math.unsorted_segment_{kind}(data, segment_ids, num_segments)`: {kind} per segment, ids in "
                  "any order; negative ids are dropped (see the module docstring).")
    return op


segment_sum, segment_mean, segment_max, segment_min, segment_prod = (
    _sorted(k) for k in ("sum", "mean", "max", "min", "prod"))
unsorted_segment_sum, unsorted_segment_mean, unsorted_segment_max, unsorted_segment_min, unsorted_segment_prod, \
    unsorted_segment_sqrt_n = (_unsorted(k) for k in ("sum", "mean", "max", "min", "prod", "sqrt_n"))
