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

from keraslike._src import errors
from keraslike._src.ops import dtypes, reverse_slicing, sparse_gradient
from keraslike._src.ops import string_array_ops as _str
from keraslike._src.ops import value_semantics
from keraslike._src.ops.string_tensor import has_strings
from keraslike._src.ops.conversion import binary_operands, check_broadcastable, normalize_axis, to_tensor
from keraslike._src.ragged.ragged_tensor import RaggedTensor
from keraslike._src.ragged import ragged_array_ops


def _int_indices(indices, arg_name="indices", device=None):
    idx = to_tensor(indices, None, arg_name, device)
    if idx.is_floating_point() or idx.is_complex() or idx.dtype == torch.bool:
        raise TypeError(
            f"Expected integer `{arg_name}`. Received: {arg_name} with dtype={dtypes.dtype_name(idx.dtype)}"
        )
    return idx.long()


def _given_ids_dtype(indices):
    """The dtype TF gives `indices` (what a lookup's IndexedSlices gradient shows): a tensor's own, int64 for an
    int64 numpy array, int32 for Python ints."""
    if isinstance(indices, torch.Tensor):
        return indices.dtype
    return torch.int64 if getattr(indices, "dtype", None) == np.int64 else torch.int32


def where(condition, x=None, y=None, name=None):
    """`tf.where(condition, x=None, y=None)` (TF2's `where_v2`).

    With only `condition`: the coordinates of its true (non-zero) entries, int64
    of shape `[num_true, rank]`. With `x` and `y`: element-wise select, all three
    broadcast together; `x` and `y` share a dtype.

    Raises:
        ValueError: if only one of `x` and `y` is given.
    """
    if any(isinstance(v, RaggedTensor) for v in (condition, x, y)):  # TF's ragged dispatch
        return ragged_array_ops.where(condition, x, y, where)
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
    try:
        return torch.where(cond.to(x.device), x, y)
    except RuntimeError:
        check_broadcastable(cond.shape, x.shape, y.shape, op_name="tf.where",
                            received=f"condition {list(cond.shape)}, x {list(x.shape)} and y {list(y.shape)} must "
                                     "be broadcastable")
        raise


def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    """`tf.gather(params, indices, axis=None, batch_dims=0)`: pick slices along `axis`.

    Output shape: `params.shape[:axis] + indices.shape[batch_dims:] + params.shape[axis + 1:]`.

    Args:
        params: tensor of rank >= `axis + 1`.
        indices: integer tensor with entries in `[0, params.shape[axis])`.
        axis: int, default `batch_dims`.
        batch_dims: leading dimensions shared by `params` and `indices`.

    Raises:
        InvalidArgumentError (a ValueError): for an index outside `[0, params.shape[axis])`, negative ones
            included, as TF's CPU kernel (`indices[1] = 5 is not in [0, 5)`).
    """
    if isinstance(params, RaggedTensor) or isinstance(indices, RaggedTensor) and batch_dims == 0 \
            and not isinstance(params, (list, tuple)):  # TF's ragged dispatch
        return ragged_array_ops.gather(params, indices, axis, batch_dims, gather)
    if isinstance(indices, RaggedTensor) and not isinstance(params, RaggedTensor) and batch_dims == 0 \
            and (axis is None or axis == 0):  # ragged ids: the gathered rows, partitioned as the ids (TF)
        return indices.with_flat_values(gather(params, indices.flat_values))
    if has_strings(params):
        return _str.gather(params, indices, axis, batch_dims)
    p = to_tensor(params, None, "params")
    idx = _int_indices(indices, device=p.device)
    batch_dims = int(batch_dims) + idx.dim() if batch_dims < 0 else int(batch_dims)  # TF: counts from indices' rank
    axis = normalize_axis(batch_dims if axis is None else axis, p.dim())
    if batch_dims == 0:
        try:
            if axis == 0:  # TF's IndexedSlices gradient for a variable (ops/sparse_gradient.py)
                given = _given_ids_dtype(indices)
                out = sparse_gradient.gather_rows(p, idx.reshape(-1), given)
            else:
                out = p.index_select(axis, idx.reshape(-1))
        except (IndexError, RuntimeError):
            raise index_range_error(idx, p.shape[axis], "GatherV2") from None
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


def index_range_error(indices, size, op_name):
    """TF's `indices[i,j] = v is not in [0, size)` InvalidArgumentError for the first bad index (error path only)."""
    flat = indices.detach().reshape(-1)
    bad = torch.nonzero((flat < 0) | (flat >= size)).reshape(-1)
    pos = int(bad[0]) if bad.numel() else 0
    where = ",".join(str(int(i)) for i in np.unravel_index(pos, tuple(indices.shape))) if indices.dim() else ""
    value = flat[pos].item() if flat.numel() else None
    return errors.InvalidArgumentError(
        None, op_name, f"indices[{where}] = {value} is not in [0, {size}). Received: indices of shape "
        f"{list(indices.shape)} with {bad.numel()} value(s) outside the range")


def gather_nd(params, indices, batch_dims=0, name=None):
    """`tf.gather_nd(params, indices)`: `indices[..., :M]` index the first M dims of `params`.

    Output shape: `indices.shape[:-1] + params.shape[batch_dims + M:]`.

    Raises:
        InvalidArgumentError (a ValueError): an index outside `params`'s shape, negative ones included (torch
            would count those from the end), as TF's CPU kernel.
    """
    if isinstance(params, RaggedTensor):  # TF's ragged dispatch (ragged/ragged_array_ops.py)
        return ragged_array_ops.gather_nd(params, indices, batch_dims, gather_nd)
    if has_strings(params):
        return _str.gather_nd(params, indices, batch_dims)
    p = to_tensor(params, None, "params")
    idx = _int_indices(indices, device=p.device)
    m = idx.shape[-1]
    sizes = torch.tensor(p.shape[batch_dims:batch_dims + m], dtype=idx.dtype, device=idx.device)
    checked = torch.where(idx < 0, sizes, idx)  # torch would wrap a negative index: make it out of range instead
    try:
        if batch_dims == 0:
            return p[tuple(checked.unbind(-1))]
        batch = p.shape[:batch_dims]
        n = int(np.prod(batch))
        flat_p = p.reshape(n, *p.shape[batch_dims:])
        flat_idx = checked.reshape(n, -1, m)
        rows = torch.arange(n, device=p.device).unsqueeze(1).expand(n, flat_idx.shape[1])
        out = flat_p[(rows, *flat_idx.unbind(-1))]
    except IndexError:  # torch's kernel checks the range: no host sync on the good path
        bad = torch.nonzero(((idx < 0) | (idx >= sizes)).any(-1)).reshape(-1)
        pos = int(bad[0]) if bad.numel() else 0
        where = ",".join(str(int(i)) for i in np.unravel_index(pos, tuple(idx.shape[:-1]))) if idx.dim() > 1 else ""
        raise errors.InvalidArgumentError(
            None, "GatherNd", f"indices[{where}] = {idx.reshape(-1, m)[pos].tolist()} does not index into param "
            f"shape {list(p.shape)}. Received: indices of shape {list(idx.shape)}") from None
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


def tensor_scatter_nd_sub(tensor, indices, updates, name=None, bad_indices_policy=""):
    """`tf.tensor_scatter_nd_sub`: copy of `tensor` with `updates` subtracted at `indices` (duplicates add up)."""
    _check_policy(bad_indices_policy)
    t, index, upd = _scatter_target(tensor, indices, updates, "tf.tensor_scatter_nd_sub")
    return t.index_put(index, -upd, accumulate=True)


def _check_policy(bad_indices_policy):
    if bad_indices_policy not in ("", "DEFAULT", "ERROR"):
        raise ValueError("keraslike checks indices (TF's default 'ERROR' policy); 'IGNORE' is not supported. "
                         f"Received: bad_indices_policy={bad_indices_policy!r}")


def _scatter_reduce(tensor, indices, updates, reduce, op_name):
    t, index, upd = _scatter_target(tensor, indices, updates, op_name)
    m = len(index)
    lead = t.shape[:m]
    for axis, (i, size) in enumerate(zip(index, lead)):
        if i.numel() and (int(i.min()) < 0 or int(i.max()) >= size):
            raise errors.InvalidArgumentError(f"indices[{axis}] is out of bounds for dimension of size {size} "
                                              f"in `{op_name}`. Received: indices={indices!r}")
    linear = torch.zeros_like(index[0]) if m else torch.zeros(upd.shape[0], dtype=torch.long, device=t.device)
    for i, size in zip(index, lead):
        linear = linear * size + i
    flat = t.reshape(-1, *t.shape[m:])
    where_ = linear.reshape(-1, *([1] * (flat.dim() - 1))).expand_as(upd)
    return flat.scatter_reduce(0, where_, upd, reduce=reduce, include_self=True).reshape(t.shape)


def tensor_scatter_nd_max(tensor, indices, updates, name=None, bad_indices_policy=""):
    """`tf.tensor_scatter_nd_max`: copy of `tensor` where each indexed slice is the max of itself and `updates`.

    Mirrors `tensorflow/python/ops/array_ops.py` (TensorScatterMax). `indices` is `[..., M]` into the first M
    dims of `tensor`; `updates` is `indices.shape[:-1] + tensor.shape[M:]`; duplicates take the max of all.

    Raises:
        tf.errors.InvalidArgumentError: an index outside `tensor`.
    """
    _check_policy(bad_indices_policy)
    return _scatter_reduce(tensor, indices, updates, "amax", "tf.tensor_scatter_nd_max")


def tensor_scatter_nd_min(tensor, indices, updates, name=None, bad_indices_policy=""):
    """`tf.tensor_scatter_nd_min`: as `tensor_scatter_nd_max`, with the minimum."""
    _check_policy(bad_indices_policy)
    return _scatter_reduce(tensor, indices, updates, "amin", "tf.tensor_scatter_nd_min")


def _mask_bits(mask, i):
    return bool((int(mask) >> i) & 1)


@value_semantics.no_variable_views
def strided_slice(input_, begin, end, strides=None, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
                  shrink_axis_mask=0, var=None, name=None):
    """`tf.strided_slice`: the slice `input_[begin:end:strides]` spelled with TF's bit masks.

    Mirrors `tensorflow/python/ops/array_ops.py` (`strided_slice`). Bit i of `begin_mask`/`end_mask` ignores
    `begin[i]`/`end[i]` (the widest range); of `ellipsis_mask` makes spec i a `...`; of `new_axis_mask` a new
    axis of size 1; of `shrink_axis_mask` takes index `begin[i]` and drops that axis. Negative strides reverse.

    Args:
        input_: tensor.
        begin, end: 1-D ints of one length; strides: same length (default all 1; none may be 0).
        var: ignored (TF uses it for sliced assignment in graphs).

    Returns:
        The sliced tensor (a view where torch can make one).

    Raises:
        ValueError: lengths differ, a zero stride, or more than one ellipsis.
    """
    x = to_tensor(input_, None, "input_")
    begin, end = _int_list(begin, "begin"), _int_list(end, "end")
    strides = [1] * len(begin) if strides is None else _int_list(strides, "strides")
    if not (len(begin) == len(end) == len(strides)):
        raise ValueError(f"`begin`, `end` and `strides` must have the same length. Received: begin={begin}, "
                         f"end={end}, strides={strides}")
    if 0 in strides:
        raise ValueError(f"Strides must be non-zero. Received: strides={strides}")
    if bin(int(ellipsis_mask)).count("1") > 1:
        raise ValueError(f"Multiple ellipses in slice spec are not allowed. Received: ellipsis_mask={ellipsis_mask}")
    spec = []
    for i, (b, e, s) in enumerate(zip(begin, end, strides)):
        if _mask_bits(ellipsis_mask, i):
            spec.append(Ellipsis)
        elif _mask_bits(new_axis_mask, i):
            spec.append(None)
        elif _mask_bits(shrink_axis_mask, i):
            spec.append(b)
        else:
            spec.append(slice(None if _mask_bits(begin_mask, i) else b, None if _mask_bits(end_mask, i) else e, s))
    return reverse_slicing.getitem(x, tuple(spec))


def _int_list(values, arg_name):
    if isinstance(values, torch.Tensor):
        return [int(v) for v in values.reshape(-1).tolist()]
    return [int(v) for v in np.asarray(values).reshape(-1).tolist()]


def scatter_nd(indices, updates, shape, name=None):
    """`tf.scatter_nd(indices, updates, shape)`: zeros of `shape` with `updates` summed in."""
    upd = to_tensor(updates, None, "updates")
    base = torch.zeros([int(s) for s in (shape.tolist() if isinstance(shape, torch.Tensor) else shape)],
                       dtype=upd.dtype, device=upd.device)
    return tensor_scatter_nd_add(base, indices, upd)
