"""Reductions, arg-reductions, norms, sorting and gradient clipping.

Mirrors `tensorflow/python/ops/math_ops.py` (`reduce_*`, `argmax`, `cumsum`),
`tensorflow/python/ops/linalg_ops.py` (`norm`), `tensorflow/python/ops/sort_ops.py`,
`tensorflow/python/ops/nn_ops.py` (`top_k`) and `tensorflow/python/ops/clip_ops.py`.

TF semantics kept: `axis=None` reduces everything, `axis=[]` reduces nothing;
integer reductions keep the integer dtype (`reduce_mean([1, 2]) == 1`, truncating
like C); `argmax`/`argmin` default to `axis=0` and an int64 result.
"""

import collections
import math as _pymath

import numpy as np
import torch

from keraslike._src.ops import dtypes, indexed_slices, sparse_gradient, string_tensor
from keraslike._src.ops.conversion import normalize_axes, normalize_axis, to_tensor
from keraslike._src.ops.math import _require_bool, _require_float, sqrt_sum_squares
from keraslike._src.ragged import ragged_math
from keraslike._src.ragged.ragged_tensor import RaggedTensor
from keraslike._src.ragged import ragged_array_ops

TopKV2 = collections.namedtuple("TopKV2", ["values", "indices"])


def _prepare(input_tensor, axis, op_name):
    x = to_tensor(input_tensor, None, "input_tensor")
    if isinstance(axis, (list, tuple)) and len(axis) == 0:
        return x, ()
    return x, normalize_axes(axis, x.dim())


def _no_bool(x, op_name):
    if x.dtype == torch.bool:
        raise TypeError(
            f"`{op_name}` does not accept bool tensors (use tf.reduce_any/tf.reduce_all or tf.cast). "
            "Received: input_tensor with dtype=bool"
        )


def reduce_sum(input_tensor, axis=None, keepdims=False, name=None):
    """`tf.math.reduce_sum`: sum over `axis` (all axes when None); keeps integer dtypes.

    Args:
        input_tensor: numeric tensor or array-like (not bool).
        axis: None, int, or list of ints in `[-rank, rank)`; `[]` reduces nothing.
        keepdims: keep reduced dimensions with length 1.
        name: ignored.

    Returns:
        `torch.Tensor` of the input's dtype.

    Raises:
        TypeError: for bool input. ValueError: for an out-of-range axis.
    """
    if isinstance(input_tensor, RaggedTensor):
        return ragged_math.reduce(input_tensor, axis, keepdims, "sum", "tf.reduce_sum")
    x, axes = _prepare(input_tensor, axis, "tf.reduce_sum")
    _no_bool(x, "tf.reduce_sum")
    if not axes:
        return x
    return torch.sum(x, dim=axes, keepdim=bool(keepdims), dtype=x.dtype)


def reduce_mean(input_tensor, axis=None, keepdims=False, name=None):
    """`tf.math.reduce_mean`: mean over `axis`; integer inputs use truncating integer division.

    Same arguments as `reduce_sum`. Returns the input's dtype (`[1, 2]` -> `1` for int32).
    """
    if isinstance(input_tensor, RaggedTensor):
        return ragged_math.reduce(input_tensor, axis, keepdims, "mean", "tf.reduce_mean")
    x, axes = _prepare(input_tensor, axis, "tf.reduce_mean")
    _no_bool(x, "tf.reduce_mean")
    if not axes:
        return x
    if x.is_floating_point() or x.is_complex():
        return torch.mean(x, dim=axes, keepdim=bool(keepdims))
    count = int(np.prod([x.shape[a] for a in axes]))
    total = torch.sum(x, dim=axes, keepdim=bool(keepdims), dtype=torch.int64)
    return torch.div(total, max(count, 1), rounding_mode="trunc").to(x.dtype)


def reduce_max(input_tensor, axis=None, keepdims=False, name=None):
    """`tf.math.reduce_max`: maximum over `axis`; ties share the gradient equally, as in TF."""
    if isinstance(input_tensor, RaggedTensor):
        return ragged_math.reduce(input_tensor, axis, keepdims, "max", "tf.reduce_max")
    x, axes = _prepare(input_tensor, axis, "tf.reduce_max")
    return x if not axes else torch.amax(x, dim=axes, keepdim=bool(keepdims))


def reduce_min(input_tensor, axis=None, keepdims=False, name=None):
    """`tf.math.reduce_min`: minimum over `axis`; ties share the gradient equally, as in TF."""
    if isinstance(input_tensor, RaggedTensor):
        return ragged_math.reduce(input_tensor, axis, keepdims, "min", "tf.reduce_min")
    x, axes = _prepare(input_tensor, axis, "tf.reduce_min")
    return x if not axes else torch.amin(x, dim=axes, keepdim=bool(keepdims))


def reduce_prod(input_tensor, axis=None, keepdims=False, name=None):
    """`tf.math.reduce_prod`: product over `axis`; keeps integer dtypes."""
    if isinstance(input_tensor, RaggedTensor):
        return ragged_math.reduce(input_tensor, axis, keepdims, "prod", "tf.reduce_prod")
    x, axes = _prepare(input_tensor, axis, "tf.reduce_prod")
    _no_bool(x, "tf.reduce_prod")
    for a in reversed(axes):
        x = torch.prod(x, dim=a, keepdim=bool(keepdims), dtype=x.dtype)
    return x


def reduce_any(input_tensor, axis=None, keepdims=False, name=None):
    """`tf.math.reduce_any`: logical OR over `axis` of a bool tensor."""
    if isinstance(input_tensor, RaggedTensor):
        return ragged_math.reduce(input_tensor, axis, keepdims, "any", "tf.reduce_any")
    x, axes = _prepare(input_tensor, axis, "tf.reduce_any")
    _require_bool(x, "tf.reduce_any", "input_tensor")
    return x if not axes else torch.any(x, dim=axes, keepdim=bool(keepdims))


def reduce_all(input_tensor, axis=None, keepdims=False, name=None):
    """`tf.math.reduce_all`: logical AND over `axis` of a bool tensor."""
    if isinstance(input_tensor, RaggedTensor):
        return ragged_math.reduce(input_tensor, axis, keepdims, "all", "tf.reduce_all")
    x, axes = _prepare(input_tensor, axis, "tf.reduce_all")
    _require_bool(x, "tf.reduce_all", "input_tensor")
    return x if not axes else torch.all(x, dim=axes, keepdim=bool(keepdims))


def reduce_logsumexp(input_tensor, axis=None, keepdims=False, name=None):
    """`tf.math.reduce_logsumexp`: `log(sum(exp(x)))` over `axis`, computed stably."""
    if isinstance(input_tensor, RaggedTensor):  # TF's ragged dispatch
        return ragged_math.logsumexp(input_tensor, axis, keepdims, "tf.reduce_logsumexp")
    x, axes = _prepare(input_tensor, axis, "tf.reduce_logsumexp")
    _require_float(x, "tf.reduce_logsumexp", "input_tensor")
    return x if not axes else torch.logsumexp(x, dim=axes, keepdim=bool(keepdims))


def reduce_variance(input_tensor, axis=None, keepdims=False, name=None):
    """`tf.math.reduce_variance`: population variance (divides by N) over `axis`."""
    if isinstance(input_tensor, RaggedTensor):  # TF's ragged dispatch
        return ragged_math.variance(input_tensor, axis, keepdims, "tf.reduce_variance")
    x, axes = _prepare(input_tensor, axis, "tf.reduce_variance")
    _require_float(x, "tf.reduce_variance", "input_tensor")
    return torch.zeros_like(x) if not axes else torch.var(x, dim=axes, correction=0, keepdim=bool(keepdims))


def reduce_std(input_tensor, axis=None, keepdims=False, name=None):
    """`tf.math.reduce_std`: population standard deviation over `axis`."""
    if isinstance(input_tensor, RaggedTensor):  # TF's ragged dispatch
        var = ragged_math.variance(input_tensor, axis, keepdims, "tf.reduce_std")
        return var.with_flat_values(torch.sqrt(var.flat_values)) if isinstance(var, RaggedTensor) else torch.sqrt(var)
    return torch.sqrt(reduce_variance(input_tensor, axis, keepdims))


def count_nonzero(input, axis=None, keepdims=None, dtype=torch.int64, name=None):
    """`tf.math.count_nonzero`: number of non-zero entries over `axis` (int64 by default); of a string tensor, the
    non-empty strings (as TF)."""
    if string_tensor.has_strings(input):
        array = string_tensor.string_tensor(input).numpy()
        input = torch.from_numpy(np.vectorize(len, otypes=[np.int64])(array).astype(np.int64)) if array.size \
            else torch.zeros(array.shape, dtype=torch.int64)
    x, axes = _prepare(input, axis, "tf.math.count_nonzero")
    nz = (x != 0).to(torch.int64)
    out = nz if not axes else torch.sum(nz, dim=axes, keepdim=bool(keepdims))
    return out.to(dtypes.as_dtype(dtype))


def _arg_reduce(fn, op_name, input, axis, output_type):
    x = to_tensor(input, None, "input")
    output_type = dtypes.as_dtype(output_type)
    if output_type not in (torch.int32, torch.int64, torch.int16, torch.uint16):
        raise TypeError(f"Expected `output_type` int32 or int64. Received: output_type={output_type}")
    if x.dim() == 0:
        raise ValueError(f"`{op_name}` expects a tensor of rank >= 1. Received: input with shape=[]")
    axis = normalize_axis(0 if axis is None else axis, x.dim())
    if x.dtype == torch.bool:
        x = x.to(torch.uint8)
    return fn(x, dim=axis).to(output_type)


def argmax(input, axis=None, output_type=torch.int64, name=None):
    """`tf.math.argmax`: index of the largest value along `axis` (default 0; first one on ties).

    Args:
        input: tensor or array-like of rank >= 1.
        axis: int, default 0.
        output_type: `tf.int64` (default) or `tf.int32`.

    Returns:
        `torch.Tensor` of `output_type`, the input shape without `axis`.
    """
    return _arg_reduce(torch.argmax, "tf.argmax", input, axis, output_type)


def argmin(input, axis=None, output_type=torch.int64, name=None):
    """`tf.math.argmin`: index of the smallest value along `axis` (default 0; first one on ties)."""
    return _arg_reduce(torch.argmin, "tf.argmin", input, axis, output_type)


def _cumulative(fn, x, axis, exclusive, reverse, identity):
    x = to_tensor(x, None, "x")
    axis = normalize_axis(axis, x.dim())
    if reverse:
        x = torch.flip(x, [axis])
    if exclusive:
        pad = torch.full_like(x.narrow(axis, 0, 1), identity)
        x = torch.cat([pad, x.narrow(axis, 0, x.shape[axis] - 1)], dim=axis)
    out = fn(x, dim=axis, dtype=x.dtype)
    return torch.flip(out, [axis]) if reverse else out


def cumsum(x, axis=0, exclusive=False, reverse=False, name=None):
    """`tf.math.cumsum`: running sum along `axis`; `exclusive` shifts by one, `reverse` runs backwards."""
    if isinstance(x, RaggedTensor):  # TF's ragged dispatch (ragged/ragged_array_ops.py)
        return ragged_array_ops.cumsum(x, axis, exclusive, reverse, cumsum)
    return _cumulative(torch.cumsum, x, axis, exclusive, reverse, 0)


def cumprod(x, axis=0, exclusive=False, reverse=False, name=None):
    """`tf.math.cumprod`: running product along `axis`, with `exclusive`/`reverse` like `cumsum`."""
    return _cumulative(torch.cumprod, x, axis, exclusive, reverse, 1)


_VECTOR_ORDS = ("euclidean", 1, 2, np.inf)


def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None):
    """`tf.norm`: vector or matrix norm. Mirrors `tensorflow/python/ops/linalg_ops.py`.

    Args:
        tensor: floating point tensor.
        ord: `"euclidean"` (default), `"fro"`, `1`, `2`, `np.inf` or any real p > 0
            (vectors only). `"fro"` needs a 2-tuple `axis`.
        axis: None (the whole tensor as one vector), an int (vector norms) or a
            2-tuple of ints (matrix norms).
        keepdims: keep reduced dimensions.

    Returns:
        `torch.Tensor` with the norms.

    Raises:
        ValueError: for an unsupported `ord`/`axis` combination.
    """
    x = to_tensor(tensor, None, "tensor")
    _require_float(x, "tf.norm", "tensor")
    keepdims = bool(keepdims)
    is_matrix = isinstance(axis, (list, tuple)) and len(axis) == 2
    if is_matrix:
        if ord not in ("euclidean", "fro", 1, 2, np.inf):
            raise ValueError(
                f"Expected matrix `ord` in 'fro', 'euclidean', 1, 2, np.inf. "
                f"Received: ord={ord!r}"
            )
        dims = tuple(normalize_axis(a, x.dim()) for a in axis)
        if ord in ("euclidean", "fro"):
            return sqrt_sum_squares(x, dims, keepdims)
        return torch.linalg.matrix_norm(x, ord=ord, dim=dims, keepdim=keepdims)
    valid = ord in _VECTOR_ORDS or (isinstance(ord, (int, float)) and not isinstance(ord, bool) and ord > 0)
    if not valid or (isinstance(axis, (list, tuple)) and len(axis) != 1):
        raise ValueError(
            "Expected `ord` 'euclidean', 1, 2, np.inf or a real p > 0 with an int `axis`, or a "
            f"matrix `ord` with a 2-tuple `axis`. Received: ord={ord!r}, axis={axis!r}"
        )
    p = 2 if ord == "euclidean" else ord
    dim = None if axis is None else normalize_axis(axis[0] if isinstance(axis, (list, tuple)) else axis, x.dim())
    if p == 2:  # TF's sqrt(sum(x * conj(x))): its gradient at a zero vector
        return sqrt_sum_squares(x, dim, keepdims)
    if axis is None:
        out = torch.linalg.vector_norm(x, ord=p)
        return out.reshape([1] * x.dim()) if keepdims else out
    return torch.linalg.vector_norm(x, ord=p, dim=dim, keepdim=keepdims)


def top_k(input, k=1, sorted=True, index_type=torch.int32, name=None):
    """`tf.math.top_k`: the `k` largest entries of the last axis and their indices.

    Mirrors `tensorflow/python/ops/nn_ops.py` (`top_k`). Equal values keep the
    lower index first, as TF does.

    Returns:
        `TopKV2(values, indices)`: tensors of shape `input.shape[:-1] + [k]`;
        `indices` are int32 unless `index_type` says otherwise.

    Raises:
        ValueError: if `k` is negative or larger than the last dimension.
    """
    x = to_tensor(input, None, "input")
    k = int(k.item() if isinstance(k, torch.Tensor) else k)
    if x.dim() == 0 or not 0 <= k <= x.shape[-1]:
        raise ValueError(
            f"Expected `k` in [0, last dimension] for a tensor of rank >= 1. Received: k={k}, "
            f"input shape={list(x.shape)}"
        )
    values, indices = torch.sort(x, dim=-1, descending=True, stable=True)
    return TopKV2(values[..., :k], indices[..., :k].to(dtypes.as_dtype(index_type)))


ApproxTopK = collections.namedtuple("ApproxTopK", ["values", "indices"])


def approx_top_k(input, k, reduction_dimension=-1, recall_target=0.95, is_max_k=True, reduction_input_size_override=-1,
                 aggregate_to_topk=True, name=None):
    """`tf.approx_top_k`: the `k` largest (or, `is_max_k=False`, smallest) entries along `reduction_dimension`.

    Mirrors `tensorflow/python/ops/nn_ops.py` (`approx_top_k`, a TPU-oriented op). Computed exactly here
    (recall 1.0, so any `recall_target` in (0, 1] is met, and `reduction_input_size_override` /
    `aggregate_to_topk` change nothing); values sorted, ties in index order; indices int32. TF 2.21's CPU
    kernel has only the max variant.

    Returns:
        `ApproxTopK(values, indices)` with `k` along `reduction_dimension`.

    Raises:
        ValueError: `k` outside `[0, size]`, or `recall_target` outside (0, 1].
    """
    x = to_tensor(input, None, "input")
    dim = normalize_axis(reduction_dimension, x.dim(), "reduction_dimension")
    k = int(k)
    if not 0 <= k <= x.shape[dim] or not 0 < float(recall_target) <= 1:
        raise ValueError(f"Expected `k` in [0, {x.shape[dim]}] and `recall_target` in (0, 1]. Received: k={k}, "
                         f"recall_target={recall_target}")
    values, indices = torch.sort(x, dim=dim, descending=bool(is_max_k), stable=True)
    keep = [slice(None)] * x.dim()
    keep[dim] = slice(0, k)
    return ApproxTopK(values[tuple(keep)], indices[tuple(keep)].to(torch.int32))


def approx_max_k(operand, k, reduction_dimension=-1, recall_target=0.95, reduction_input_size_override=-1,
                 aggregate_to_topk=True, name=None):
    """`tf.math.approx_max_k`: `approx_top_k` for the largest entries (exact here)."""
    return approx_top_k(operand, k, reduction_dimension, recall_target, True)


def approx_min_k(operand, k, reduction_dimension=-1, recall_target=0.95, reduction_input_size_override=-1,
                 aggregate_to_topk=True, name=None):
    """`tf.math.approx_min_k`: `approx_top_k` for the smallest entries (exact here)."""
    return approx_top_k(operand, k, reduction_dimension, recall_target, False)


def _direction(direction):
    if direction not in ("ASCENDING", "DESCENDING"):
        raise ValueError(
            f"Expected `direction` 'ASCENDING' or 'DESCENDING'. "
            f"Received: direction={direction!r}"
        )
    return direction == "DESCENDING"


def sort(values, axis=-1, direction="ASCENDING", name=None):
    """`tf.sort`: sorted copy along `axis` (stable). Mirrors `tensorflow/python/ops/sort_ops.py`."""
    x = to_tensor(values, None, "values")
    return torch.sort(x, dim=normalize_axis(axis, x.dim()), descending=_direction(direction), stable=True)[0]


def argsort(values, axis=-1, direction="ASCENDING", stable=False, name=None):
    """`tf.argsort`: int32 indices that sort `values` along `axis` (always stable here)."""
    x = to_tensor(values, None, "values")
    idx = torch.sort(x, dim=normalize_axis(axis, x.dim()), descending=_direction(direction), stable=True)[1]
    return idx.to(torch.int32)


def searchsorted(sorted_sequence, values, side="left", out_type=torch.int32, name=None):
    """`tf.searchsorted`: where each value would be inserted in the innermost sorted dim to keep it sorted.

    Mirrors `tensorflow/python/ops/array_ops.py` (`searchsorted`). `sorted_sequence` is `[..., N]`, `values`
    `[..., M]` with the same leading dims (a 1-D sequence serves every value); `side="left"` gives the first
    suitable position, `"right"` the last.

    Returns:
        `out_type` (tf.int32 or tf.int64) tensor of `values`' shape.

    Raises:
        ValueError: another `side`. TypeError: another `out_type`.
    """
    if side not in ("left", "right"):
        raise ValueError(f"`side` must be 'left' or 'right'. Received: side={side!r}")
    out = dtypes.as_dtype(out_type)
    if out not in (torch.int32, torch.int64):
        raise TypeError(f"`out_type` must be tf.int32 or tf.int64. Received: out_type={out_type!r}")
    seq = to_tensor(sorted_sequence, None, "sorted_sequence")
    vals = to_tensor(values, seq.dtype, "values", seq.device)
    return torch.searchsorted(seq.contiguous(), vals.contiguous(), right=side == "right", out_int32=out == torch.int32)


# ---- clipping (clip_ops.py) --------------------------------------------------------------------


def clip_by_norm(t, clip_norm, axes=None, name=None):
    """`tf.clip_by_norm`: rescale `t` so its L2 norm over `axes` is at most `clip_norm`.

    A sparse gradient (TF's `IndexedSlices`, see `ops/sparse_gradient.py`) with `axes=None` is measured over
    its occurrences and stays sparse, as in TF.
    """
    t = to_tensor(t, None, "t")
    sparse = sparse_gradient.of(t) if axes is None else None
    if sparse is not None:
        l2sum = sparse.squared_norm(t)
        pred = l2sum > 0
        l2norm = torch.where(pred, torch.sqrt(torch.where(pred, l2sum, torch.ones_like(l2sum))), l2sum)
        clip = to_tensor(clip_norm, t.dtype, "clip_norm", t.device)
        factor = clip / torch.maximum(l2norm, clip)
        return _like(t, sparse_gradient.attach(t * factor, sparse.scaled(factor)))
    axes = normalize_axes(axes, t.dim())
    l2sum = torch.sum(t * t, dim=axes, keepdim=True) if axes else t * t
    pred = l2sum > 0
    l2norm = torch.where(pred, torch.sqrt(torch.where(pred, l2sum, torch.ones_like(l2sum))), l2sum)
    clip = to_tensor(clip_norm, t.dtype, "clip_norm", t.device)
    return t * clip / torch.maximum(l2norm, clip)


def global_norm(t_list, name=None):
    """`tf.linalg.global_norm`: sqrt of the summed squares of all tensors (None entries skipped); a sparse
    gradient counts its occurrences (TF's `IndexedSlices` values)."""
    if isinstance(t_list, torch.Tensor) or not isinstance(t_list, (list, tuple)):
        raise TypeError(
            f"Expected `t_list` to be a list of tensors. "
            f"Received: t_list={type(t_list).__name__}"
        )
    squares = [_squared_norm(to_tensor(t)) for t in t_list if t is not None]
    if not squares:
        return torch.tensor(0.0)
    return torch.sqrt(torch.stack([s.to(squares[0].device) for s in squares]).sum())


def clip_by_global_norm(t_list, clip_norm, use_norm=None, name=None):
    """`tf.clip_by_global_norm`: scale every tensor by `clip_norm / max(global_norm, clip_norm)`.

    Returns:
        `(list_clipped, global_norm)`; None entries stay None. A non-finite global
        norm makes every entry NaN, as in TF.
    """
    gnorm = global_norm(t_list) if use_norm is None else to_tensor(use_norm)
    clip = float(clip_norm)
    scale = clip * torch.minimum(1.0 / gnorm, torch.tensor(1.0 / clip, device=gnorm.device))
    scale = torch.where(torch.isfinite(gnorm), scale, torch.full_like(scale, _pymath.nan))  # no host sync
    clipped = [None if t is None else _scaled(to_tensor(t), scale) for t in t_list]
    return clipped, gnorm


def _squared_norm(t):
    sparse = sparse_gradient.of(t)
    return torch.sum(torch.square(t).to(torch.float32)) if sparse is None else sparse.squared_norm(t).to(torch.float32)


def _scaled(t, scale):
    """`t * scale`; a sparse gradient stays sparse (TF scales an `IndexedSlices`' values)."""
    factor = scale.to(t.dtype)
    sparse = sparse_gradient.of(t)
    return t * factor if sparse is None else _like(t, sparse_gradient.attach(t * factor, sparse.scaled(factor)))


def _like(t, scaled):
    """`scaled` shown as TF's IndexedSlices when `t` was (a clipped IndexedSlices stays one in TF)."""
    return indexed_slices.as_gradient(scaled) if isinstance(t, indexed_slices.IndexedSlicesGradient) else scaled
