"""Selection by index or mask: `where`, `gather`, `gather_nd`, `boolean_mask`, scatters.

Mirrors `tensorflow/python/ops/array_ops.py` (`where_v2`, `gather_v2`,
`gather_nd`, `boolean_mask_v2`, `tensor_scatter_nd_update`).

Example:
    >>> tf.gather([10, 20, 30], [2, 0])                       # int32 [30 10]
    >>> tf.where([True, False], [1, 2], [3, 4])               # int32 [1 4]
    >>> tf.boolean_mask([1, 2, 3], [True, False, True])       # int32 [1 3]
"""

import numpy as np
import torch

from keraslike._src.ops import dtypes
from keraslike._src.ops import string_array_ops as _str
from keraslike._src.ops.string_tensor import has_strings
from keraslike._src.ops.conversion import binary_operands, normalize_axis, to_tensor


def _int_indices(indices, arg_name="indices", device=None):
    idx = to_tensor(indices, None, arg_name, device)
    if idx.is_floating_point() or idx.is_complex() or idx.dtype == torch.bool:
        raise TypeError(
            f"Expected integer `{arg_name}`. Received: {arg_name} with dtype={dtypes.dtype_name(idx.dtype)}"
        )
    return idx.long()


def where(condition, x=None, y=None, name=None):
    """`tf.where(condition, x=None, y=None)` (TF2's `where_v2`).

    With only `condition`: the coordinates of its true (non-zero) entries, int64
    of shape `[num_true, rank]`. With `x` and `y`: element-wise select, all three
    broadcast together; `x` and `y` share a dtype.

    Raises:
        ValueError: if only one of `x` and `y` is given.
    """
    if x is None and y is None:
        cond = to_tensor(condition, None, "condition")
        return torch.nonzero(cond)
    if x is None or y is None:
        raise ValueError(f"Expected both `x` and `y` or neither. Received: x={x!r:.40}, y={y!r:.40}")
    if has_strings(x, y):
        return _str.where(condition, x, y)
    cond = to_tensor(condition, None, "condition")
    x, y = binary_operands(x, y, "tf.where")
    if cond.dtype != torch.bool:
        raise TypeError(f"Expected a bool `condition`. Received: condition with dtype={cond.dtype}")
    return torch.where(cond.to(x.device), x, y)


def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    """`tf.gather(params, indices, axis=None, batch_dims=0)`: pick slices along `axis`.

    Output shape: `params.shape[:axis] + indices.shape[batch_dims:] + params.shape[axis + 1:]`.

    Args:
        params: tensor of rank >= `axis + 1`.
        indices: integer tensor with entries in `[0, params.shape[axis])`.
        axis: int, default `batch_dims`.
        batch_dims: leading dimensions shared by `params` and `indices`.

    Raises:
        IndexError: for an out-of-range index (TF's CPU kernel raises too).
    """
    if has_strings(params):
        return _str.gather(params, indices, axis, batch_dims)
    p = to_tensor(params, None, "params")
    idx = _int_indices(indices, device=p.device)
    batch_dims = int(batch_dims) % (idx.dim() + 1) if batch_dims < 0 else int(batch_dims)
    axis = normalize_axis(batch_dims if axis is None else axis, p.dim())
    if batch_dims == 0:
        try:
            out = p.index_select(axis, idx.reshape(-1))
        except (IndexError, RuntimeError) as err:
            raise IndexError(
                f"`tf.gather` indices must be in [0, {p.shape[axis]}) for axis {axis} ({err}). "
                f"Received: indices={indices!r:.80}"
            ) from None
        return out.reshape(*p.shape[:axis], *idx.shape, *p.shape[axis + 1:])
    batch = p.shape[:batch_dims]
    if idx.shape[:batch_dims] != batch:
        raise ValueError(
            f"Expected `params` and `indices` to share the first {batch_dims} dimensions. Received: "
            f"params.shape={list(p.shape)}, indices.shape={list(idx.shape)}"
        )
    n = int(np.prod(batch))
    outer = p.shape[batch_dims:axis]
    moved = p.reshape(n, *p.shape[batch_dims:]).movedim(axis - batch_dims + 1, 1)  # [n, A, outer, inner]
    flat_idx = idx.reshape(n, -1)
    rows = torch.arange(n, device=p.device).unsqueeze(1)
    out = moved[rows, flat_idx].movedim(1, 1 + len(outer))  # [n, outer, K, inner]
    return out.reshape(*batch, *outer, *idx.shape[batch_dims:], *p.shape[axis + 1:])


def gather_nd(params, indices, batch_dims=0, name=None):
    """`tf.gather_nd(params, indices)`: `indices[..., :M]` index the first M dims of `params`.

    Output shape: `indices.shape[:-1] + params.shape[batch_dims + M:]`.
    """
    p = to_tensor(params, None, "params")
    idx = _int_indices(indices, device=p.device)
    m = idx.shape[-1]
    if batch_dims == 0:
        return p[tuple(idx.unbind(-1))]
    batch = p.shape[:batch_dims]
    n = int(np.prod(batch))
    flat_p = p.reshape(n, *p.shape[batch_dims:])
    flat_idx = idx.reshape(n, -1, m)
    rows = torch.arange(n, device=p.device).unsqueeze(1).expand(n, flat_idx.shape[1])
    out = flat_p[(rows, *flat_idx.unbind(-1))]
    return out.reshape(*idx.shape[:-1], *p.shape[batch_dims + m:])


def boolean_mask(tensor, mask, axis=None, name=None):
    """`tf.boolean_mask(tensor, mask, axis=None)`: keep the entries where the k-D `mask` is True.

    `mask.shape` must equal `tensor.shape[axis:axis + k]`; those k dims become one.

    Raises:
        ValueError: for mismatched shapes or a scalar mask.
    """
    if has_strings(tensor):
        return _str.boolean_mask(tensor, mask, axis)
    t = to_tensor(tensor, None, "tensor")
    m = to_tensor(mask, None, "mask", t.device)
    if m.dtype != torch.bool:
        raise TypeError(f"Expected a bool `mask`. Received: mask with dtype={dtypes.dtype_name(m.dtype)}")
    axis = 0 if axis is None else normalize_axis(axis, t.dim())
    k = m.dim()
    if k == 0 or tuple(t.shape[axis:axis + k]) != tuple(m.shape):
        raise ValueError(
            f"Expected `mask` of rank >= 1 matching tensor.shape[{axis}:{axis + k}]. Received: "
            f"mask.shape={list(m.shape)}, tensor.shape={list(t.shape)}"
        )
    flat = t.reshape(*t.shape[:axis], -1, *t.shape[axis + k:])
    keep = torch.nonzero(m.reshape(-1)).squeeze(1)
    return flat.index_select(axis, keep)


def _scatter_target(tensor, indices, updates, op_name):
    t = to_tensor(tensor, None, "tensor")
    idx = _int_indices(indices, device=t.device)
    upd = to_tensor(updates, t.dtype, "updates", t.device)
    m = idx.shape[-1]
    flat_idx = idx.reshape(-1, m)
    flat_upd = upd.reshape(flat_idx.shape[0], *t.shape[m:])
    return t, tuple(flat_idx.unbind(-1)), flat_upd


def tensor_scatter_nd_update(tensor, indices, updates, name=None):
    """`tf.tensor_scatter_nd_update`: copy of `tensor` with `updates` written at `indices`."""
    t, index, upd = _scatter_target(tensor, indices, updates, "tf.tensor_scatter_nd_update")
    return t.index_put(index, upd)


def tensor_scatter_nd_add(tensor, indices, updates, name=None):
    """`tf.tensor_scatter_nd_add`: copy of `tensor` with `updates` added at `indices` (duplicates sum)."""
    t, index, upd = _scatter_target(tensor, indices, updates, "tf.tensor_scatter_nd_add")
    return t.index_put(index, upd, accumulate=True)


def scatter_nd(indices, updates, shape, name=None):
    """`tf.scatter_nd(indices, updates, shape)`: zeros of `shape` with `updates` summed in."""
    upd = to_tensor(updates, None, "updates")
    base = torch.zeros([int(s) for s in (shape.tolist() if isinstance(shape, torch.Tensor) else shape)],
                       dtype=upd.dtype, device=upd.device)
    return tensor_scatter_nd_add(base, indices, upd)
