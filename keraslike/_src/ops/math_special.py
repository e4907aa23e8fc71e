"""Special functions and small numeric helpers of `tf.math`: erfinv, digamma, igamma, zeta, Bessel, xlogy, ...

Mirrors `tensorflow/python/ops/math_ops.py` and `special_math_ops.py`, on `torch.special`.

Example:
    >>> tf.math.xlogy(0.0, 0.0)          # 0.0 (x == 0 gives 0, as TF)
    >>> tf.math.cumulative_logsumexp([0.0, 0.0, 0.0])   # [0, log 2, log 3]
"""

import torch

from keraslike._src import errors
from keraslike._src.ops import dtypes
from keraslike._src.ops.conversion import binary_operands, normalize_axes, normalize_axis, to_tensor
from keraslike._src.ops.math import _require_float, no_gradient, sqrt_sum_squares
from keraslike._src.ragged.ragged_dispatch import on_flat_values, on_flat_values_binary
from keraslike._src.sparse.sparse_dispatch import on_sparse_values
from keraslike._src.ragged import ragged_array_ops
from keraslike._src.ragged.ragged_tensor import RaggedTensor


def _float(x, op_name):
    t = to_tensor(x, None, "x")
    _require_float(t, op_name)
    return t


def _unary(op_name, fn, doc):
    def op(x, name=None):
        return fn(_float(x, op_name))

    op.__name__ = op.__qualname__ = op_name.rsplit(".", 1)[-1]
    op.__doc__ = f"`{op_name}(x)`: {doc}\n\nRaises:\n    TypeError: non-float input.\n"
    return op


def _binary(op_name, fn, doc):
    def op(x, y, name=None):
        a, b = binary_operands(x, y, op_name)
        _require_float(a, op_name)
        return fn(a, b)

    op.__name__ = op.__qualname__ = op_name.rsplit(".", 1)[-1]
    op.__doc__ = f"`{op_name}(x, y)`: {doc} Broadcasts; both operands of one float dtype.\n"
    return op


erfinv = _unary("tf.math.erfinv", torch.special.erfinv, "the inverse error function (+-inf at +-1).")
erfc = _unary("tf.math.erfc", torch.special.erfc, "1 - erf(x).")
erfcinv = _unary("tf.math.erfcinv", lambda x: torch.special.erfinv(1 - x), "the inverse of erfc.")
def _digamma(x):
    poles = (x <= 0) & (x == torch.floor(x))  # TF gives NaN there (torch: -inf at 0)
    return torch.where(poles, torch.full_like(x, float("nan")), torch.special.digamma(x))


digamma = _unary("tf.math.digamma", _digamma, "the derivative of lgamma (NaN at 0 and the negative integers).")
ndtri = _unary("tf.math.ndtri", torch.special.ndtri, "the inverse of the standard normal CDF.")
bessel_i0 = _unary("tf.math.bessel_i0", torch.special.i0, "the modified Bessel function of order 0.")
bessel_i0e = _unary("tf.math.bessel_i0e", torch.special.i0e, "exp(-|x|) * bessel_i0(x).")
bessel_i1 = _unary("tf.math.bessel_i1", torch.special.i1, "the modified Bessel function of order 1.")
bessel_i1e = _unary("tf.math.bessel_i1e", torch.special.i1e, "exp(-|x|) * bessel_i1(x).")
rint = _unary("tf.math.rint", no_gradient(torch.round), "the nearest integer, ties to even.")
reciprocal_no_nan = _unary("tf.math.reciprocal_no_nan", lambda x: torch.where(
    x == 0, torch.zeros_like(x), 1 / torch.where(x == 0, torch.ones_like(x), x)), "1 / x, 0 where x == 0.")
xlogy = _binary("tf.math.xlogy", torch.special.xlogy, "x * log(y), 0 where x == 0.")
xlog1py = _binary("tf.math.xlog1py", torch.special.xlog1py, "x * log1p(y), 0 where x == 0.")
igamma = _binary("tf.math.igamma", torch.special.gammainc, "the regularized lower incomplete gamma P(a, x).")
igammac = _binary("tf.math.igammac", torch.special.gammaincc, "the regularized upper incomplete gamma Q(a, x).")
zeta = _binary("tf.math.zeta", torch.special.zeta, "the Hurwitz zeta function zeta(x, q).")
nextafter = _binary("tf.math.nextafter", torch.nextafter, "the next representable value after x toward y.")


def polygamma(a, x, name=None):
    """`tf.math.polygamma(a, x)`: the a-th derivative of digamma (a a non-negative integer-valued float)."""
    a_t, x_t = binary_operands(a, x, "tf.math.polygamma", "a", "x")
    _require_float(x_t, "tf.math.polygamma")
    a_b, x_b = torch.broadcast_tensors(a_t, x_t)
    out = torch.empty_like(x_b)
    for order in torch.unique(a_b).tolist():
        mask = a_b == order
        out[mask] = (torch.special.polygamma(int(order), x_b[mask]) if order >= 0 and order == int(order)
                     else torch.full_like(x_b[mask], float("nan")))
    return out


def lbeta(x, name=None):
    """`tf.math.lbeta(x)`: `log(|Beta(x)|)` over the last axis: `sum(lgamma(x)) - lgamma(sum(x))`."""
    t = _float(x, "tf.math.lbeta")
    return torch.lgamma(t).sum(-1) - torch.lgamma(t.sum(-1))


def angle(input, name=None):
    """`tf.math.angle(input)`: the argument of complex values (0 or pi for reals, as TF)."""
    return torch.angle(to_tensor(input, None, "input"))


def cumulative_logsumexp(x, axis=0, exclusive=False, reverse=False, name=None):
    """`tf.math.cumulative_logsumexp`: `log(cumsum(exp(x)))` along `axis`, computed stably.

    `exclusive` leaves out the current element (the first output is -inf); `reverse` accumulates from the end.
    """
    t = _float(x, "tf.math.cumulative_logsumexp")
    dim = normalize_axis(axis, t.dim())
    if reverse:
        t = t.flip(dim)
    out = torch.logcumsumexp(t, dim)
    if exclusive:
        pad = torch.full_like(out.narrow(dim, 0, 1), float("-inf"))
        out = torch.cat([pad, out.narrow(dim, 0, out.shape[dim] - 1)], dim)
    return out.flip(dim) if reverse else out


def reduce_euclidean_norm(input_tensor, axis=None, keepdims=False, name=None):
    """`tf.math.reduce_euclidean_norm`: `sqrt(sum(x ** 2))` over `axis` (all by default)."""
    t = to_tensor(input_tensor, None, "input_tensor")
    dims = list(range(t.dim())) if axis is None else normalize_axes(axis, t.dim())
    if not (t.is_floating_point() or t.is_complex()):
        return torch.linalg.vector_norm(t.to(torch.float64), dim=dims, keepdim=keepdims).to(t.dtype)
    return sqrt_sum_squares(t, dims, keepdims)  # TF's kernel: its gradient at a zero norm


def zero_fraction(value, name=None):
    """`tf.math.zero_fraction(value)`: the fraction of zeros, a float32 scalar."""
    t = to_tensor(value, None, "value")
    return (t == 0).sum().to(torch.float32) / max(t.numel(), 1)


def polyval(coeffs, x, name=None):
    """`tf.math.polyval(coeffs, x)`: `coeffs[0] * x**(n-1) + ... + coeffs[n-1]` by Horner's rule (x's shape)."""
    xt = to_tensor(x, None, "x")
    result = torch.zeros_like(xt)
    for c in coeffs:
        result = result * xt + to_tensor(c, xt.dtype, "coeffs", xt.device)
    return result


def invert_permutation(x, name=None):
    """`tf.math.invert_permutation(x)`: `y` with `y[x[i]] = i` for a 1-D permutation of `0..n-1`.

    Raises:
        tf.errors.InvalidArgumentError: `x` is not a permutation.
    """
    t = to_tensor(x, None, "x")
    if t.dim() != 1 or not torch.equal(torch.sort(t.to(torch.long)).values, torch.arange(t.numel(), device=t.device)):
        raise errors.InvalidArgumentError(f"`x` must be a 1-D permutation of 0..n-1. Received: x={t.tolist()}")
    out = torch.empty_like(t)
    out[t.to(torch.long)] = torch.arange(t.numel(), dtype=t.dtype, device=t.device)
    return out


def is_non_decreasing(x, name=None):
    """`tf.math.is_non_decreasing(x)`: whether the flattened `x` never decreases (True when it has < 2 entries)."""
    t = to_tensor(x, None, "x").reshape(-1)
    return torch.tensor(bool((t[1:] >= t[:-1]).all()) if t.numel() > 1 else True)


def is_strictly_increasing(x, name=None):
    """`tf.math.is_strictly_increasing(x)`: whether the flattened `x` always increases."""
    t = to_tensor(x, None, "x").reshape(-1)
    return torch.tensor(bool((t[1:] > t[:-1]).all()) if t.numel() > 1 else True)


def accumulate_n(inputs, shape=None, tensor_dtype=None, name=None):
    """`tf.math.accumulate_n` (deprecated in TF): the element-wise sum of a list of tensors of one shape."""
    tensors = [to_tensor(t, None, "inputs") for t in inputs]
    if not tensors:
        raise ValueError("`accumulate_n` needs a non-empty list of inputs. Received: inputs=[]")
    if any(t.shape != tensors[0].shape or t.dtype != tensors[0].dtype for t in tensors):
        raise ValueError("`accumulate_n` inputs must share one shape and dtype. Received: "
                         f"{[(list(t.shape), t.dtype) for t in tensors]}")
    return torch.stack(tensors).sum(0, dtype=tensors[0].dtype)


def in_top_k(targets, predictions, k, name=None):
    """`tf.math.in_top_k(targets, predictions, k)`: whether each target's prediction is among the row's k largest
    (ties count as in, as TF); a target outside `[0, num_classes)` or a row with a non-finite prediction gives
    False, as TF's kernel."""
    pred = to_tensor(predictions, None, "predictions")
    tgt = to_tensor(targets, None, "targets", pred.device).to(torch.long)
    in_range = (tgt >= 0) & (tgt < pred.shape[-1])
    target_values = pred.gather(1, torch.where(in_range, tgt, 0).reshape(-1, 1))
    larger = (pred > target_values).sum(1)
    finite = torch.isfinite(pred).all(1)
    return (larger < int(k)) & finite & in_range


def bincount(arr, weights=None, minlength=None, maxlength=None, dtype=torch.int32, name=None, axis=None,
             binary_output=False):
    """`tf.math.bincount`: counts (or summed `weights`) of each non-negative int value of `arr`.

    Output length is `max(arr) + 1`, at least `minlength`, at most `maxlength` (larger values dropped).
    `axis=-1` counts each row of a 2-D `arr` separately; `binary_output` gives 1 for present values.

    Raises:
        tf.errors.InvalidArgumentError: negative values. ValueError: another `axis`.
    """
    if isinstance(arr, RaggedTensor):  # TF's ragged dispatch (ragged/ragged_array_ops.py)
        return ragged_array_ops.bincount(arr, weights, minlength, maxlength, dtype, axis, binary_output, bincount)
    values = to_tensor(arr, None, "arr").to(torch.long)
    if axis not in (None, 0, -1):
        raise ValueError(f"`bincount` supports axis None, 0 or -1. Received: axis={axis}")
    if values.numel() and int(values.min()) < 0:
        raise errors.InvalidArgumentError(f"`arr` must be non-negative. Received: min={int(values.min())}")
    size = int(values.max()) + 1 if values.numel() else 0
    if minlength is not None:
        size = max(size, int(minlength))
    if maxlength is not None:
        size = min(size, int(maxlength))
    w = None if weights is None else to_tensor(weights, None, "weights", values.device)
    out_dtype = w.dtype if w is not None else dtypes.as_dtype(dtype)
    rows = values.reshape(1, -1) if axis in (None, 0) else values.reshape(-1, values.shape[-1])
    wrows = None if w is None else (w.reshape(1, -1) if axis in (None, 0) else w.reshape(rows.shape))
    out = torch.zeros(rows.shape[0], size, dtype=out_dtype, device=values.device)
    keep = rows < size
    src = torch.ones_like(rows, dtype=out_dtype) if wrows is None else wrows.to(out_dtype)
    out.scatter_add_(1, torch.where(keep, rows, torch.zeros_like(rows)), torch.where(keep, src, torch.zeros_like(src)))
    if binary_output:
        out = (out > 0).to(out_dtype)
    return out[0] if axis in (None, 0) else out.reshape(*values.shape[:-1], size)


def confusion_matrix(labels, predictions, num_classes=None, weights=None, dtype=torch.int32, name=None):
    """`tf.math.confusion_matrix`: `[num_classes, num_classes]` counts of (label, prediction) pairs (rows: labels).

    Raises:
        ValueError: labels and predictions of different sizes. tf.errors.InvalidArgumentError: negative values
            or values >= num_classes.
    """
    lab = to_tensor(labels, None, "labels").reshape(-1).to(torch.long)
    pred = to_tensor(predictions, None, "predictions", lab.device).reshape(-1).to(torch.long)
    if lab.numel() != pred.numel():
        raise ValueError(f"`labels` and `predictions` must have one size. Received: {lab.numel()} and {pred.numel()}")
    n = int(num_classes) if num_classes is not None else int(max(lab.max(), pred.max())) + 1 if lab.numel() else 0
    if lab.numel() and (int(min(lab.min(), pred.min())) < 0 or int(max(lab.max(), pred.max())) >= n):
        raise errors.InvalidArgumentError(f"labels and predictions must be in [0, {n}).")
    out_dtype = dtypes.as_dtype(dtype)
    w = torch.ones(lab.numel(), dtype=out_dtype, device=lab.device) if weights is None else to_tensor(
        weights, None, "weights", lab.device).reshape(-1).to(out_dtype)
    out = torch.zeros(n * n, dtype=out_dtype, device=lab.device)
    return out.index_add(0, lab * n + pred, w).reshape(n, n)


# TF's ragged dispatch: these ops run on a RaggedTensor's flat values (ragged/ragged_dispatch.py)
bessel_i0 = on_flat_values(bessel_i0)
bessel_i0e = on_flat_values(bessel_i0e)
bessel_i1 = on_flat_values(bessel_i1)
bessel_i1e = on_flat_values(bessel_i1e)
digamma = on_flat_values(digamma)
erfc = on_flat_values(erfc)
erfcinv = on_flat_values(erfcinv)
erfinv = on_flat_values(erfinv)
ndtri = on_flat_values(ndtri)
rint = on_flat_values(rint)
reciprocal_no_nan = on_flat_values(reciprocal_no_nan)
angle = on_flat_values(angle)
xlogy = on_flat_values_binary(xlogy)
xlog1py = on_flat_values_binary(xlog1py)
zeta = on_flat_values_binary(zeta)
nextafter = on_flat_values_binary(nextafter)

# TF's sparse dispatch: these zero-preserving ops map a SparseTensor's values (sparse/sparse_dispatch.py)
bessel_i0e = on_sparse_values(bessel_i0e)
bessel_i1e = on_sparse_values(bessel_i1e)
