"""Counting, ranking and ordering ops: `tf.math.bincount`, `confusion_matrix`, `in_top_k`, `zero_fraction`,
`invert_permutation`, `is_non_decreasing`, `is_strictly_increasing`, `polyval`, `accumulate_n`
(tensorflow/python/ops/{bincount_ops,confusion_matrix,nn_ops,math_ops,check_ops}.py).
"""

import torch

from keraslike._src.errors import InvalidArgumentError
from keraslike._src.ops import dtypes
from keraslike._src.ops.conversion import to_tensor


def bincount(arr, weights=None, minlength=None, maxlength=None, dtype=torch.int32, name=None, axis=None,
             binary_output=False):
    """`tf.math.bincount(arr, weights=None, minlength=None, maxlength=None, dtype=tf.int32, axis=None,
    binary_output=False)`: counts (or summed weights) of each non-negative int value.

    The output length is `max(arr) + 1`, at least `minlength` and at most `maxlength` (larger values are
    dropped). `axis=-1` counts each row of a 2-D `arr` separately; `binary_output` gives 1 where a value
    occurs. With `weights` the result has the weights' dtype.

    Raises:
        tf.errors.InvalidArgumentError: for negative values; ValueError for another axis.
    """
    x = to_tensor(arr, None, "arr").to(torch.int64)
    if axis not in (None, 0, -1):
        raise ValueError(f"Unsupported axis value {axis}. Only 0 and -1 are currently supported.")
    if x.numel() and int(x.min()) < 0:
        raise InvalidArgumentError(None, None, f"Input arr must be non-negative! Received: min={int(x.min())}")
    length = int(x.max()) + 1 if x.numel() else 0
    if minlength is not None:
        length = max(length, int(minlength))
    if maxlength is not None:
        length = min(length, int(maxlength))
    w = None if weights is None else to_tensor(weights, None, "weights")
    out_dtype = w.dtype if w is not None else dtypes.as_dtype(dtype)
    rows = x.reshape(1, -1) if axis in (None, 0) else x.reshape(-1, x.shape[-1])
    wrows = None if w is None else (w.reshape(1, -1) if axis in (None, 0) else w.reshape(rows.shape))
    out = torch.zeros((rows.shape[0], length), dtype=torch.float64 if w is not None else torch.int64,
                      device=x.device)
    keep = rows < length
    r = torch.arange(rows.shape[0], device=x.device).reshape(-1, 1).expand(rows.shape)[keep]
    values = torch.ones_like(rows[keep], dtype=out.dtype) if wrows is None or binary_output else \
        wrows[keep].to(out.dtype)
    out.index_put_((r, rows[keep]), values, accumulate=True)
    if binary_output:
        out = (out > 0).to(out.dtype)
    out = out.to(out_dtype)
    return out[0] if axis in (None, 0) else out


def confusion_matrix(labels, predictions, num_classes=None, weights=None, dtype=torch.int32, name=None):
    """`tf.math.confusion_matrix(labels, predictions, num_classes=None, weights=None, dtype=tf.int32)`:
    `[num_classes, num_classes]` counts, rows the labels, columns the predictions.

    Raises:
        tf.errors.InvalidArgumentError: for negative values or values >= `num_classes`.
    """
    y = to_tensor(labels, None, "labels").to(torch.int64).reshape(-1)
    p = to_tensor(predictions, None, "predictions").to(torch.int64).reshape(-1)
    if y.shape != p.shape:
        raise ValueError(f"`labels` and `predictions` must have the same size. Received: labels.shape="
                         f"{list(y.shape)}, predictions.shape={list(p.shape)}")
    if (y.numel() and int(y.min()) < 0) or (p.numel() and int(p.min()) < 0):
        raise InvalidArgumentError(None, None, "`labels` and `predictions` must be non-negative.")
    n = int(num_classes) if num_classes is not None else (int(torch.maximum(y.max(), p.max())) + 1 if y.numel()
                                                         else 0)
    if y.numel() and (int(y.max()) >= n or int(p.max()) >= n):
        raise InvalidArgumentError(None, None, f"`labels` and `predictions` must be < num_classes={n}.")
    w = torch.ones_like(y, dtype=torch.float64) if weights is None else \
        to_tensor(weights, None, "weights").reshape(-1).to(torch.float64)
    out = torch.zeros((n, n), dtype=torch.float64, device=y.device).index_put_((y, p), w, accumulate=True)
    return out.to(dtypes.as_dtype(dtype))


def in_top_k(targets, predictions, k, name=None):
    """`tf.math.in_top_k(targets, predictions, k)`: whether `targets[i]` is among the `k` largest of
    `predictions[i]`; ties at the k-th value count as in (TF's rule); rows with non-finite values give False."""
    y = to_tensor(targets, None, "targets").to(torch.int64)
    p = to_tensor(predictions, None, "predictions")
    target_score = p.gather(1, y.reshape(-1, 1)).squeeze(1)
    larger = (p > target_score.unsqueeze(1)).sum(1)
    finite = torch.isfinite(p).all(1)
    valid = (y >= 0) & (y < p.shape[1])
    return (larger < int(k)) & finite & valid


def zero_fraction(value, name=None):
    """`tf.math.zero_fraction(value)`: the fraction of zeros, a float32 scalar."""
    x = to_tensor(value, None, "value")
    return (x == 0).to(torch.float32).mean() if x.numel() else torch.tensor(float("nan"))


def invert_permutation(x, name=None):
    """`tf.math.invert_permutation(x)`: `y` with `y[x[i]] = i`.

    Raises:
        tf.errors.InvalidArgumentError: if `x` is not a permutation of `0..n-1`.
    """
    p = to_tensor(x, None, "x")
    flat = p.to(torch.int64).reshape(-1)
    if p.dim() != 1 or not torch.equal(torch.sort(flat).values, torch.arange(flat.numel(), device=flat.device)):
        raise InvalidArgumentError(None, None, f"x must be a 1-D permutation of 0..n-1. Received: x={flat.tolist()}")
    out = torch.empty_like(flat)
    out[flat] = torch.arange(flat.numel(), device=flat.device)
    return out.to(p.dtype)


def is_non_decreasing(x, name=None):
    """`tf.math.is_non_decreasing(x)`: True if each element of the flattened `x` is >= the one before it."""
    t = to_tensor(x, None, "x").reshape(-1)
    return torch.tensor(bool((t[1:] >= t[:-1]).all()))


def is_strictly_increasing(x, name=None):
    """`tf.math.is_strictly_increasing(x)`: True if each element of the flattened `x` is > the one before it."""
    t = to_tensor(x, None, "x").reshape(-1)
    return torch.tensor(bool((t[1:] > t[:-1]).all()))


def polyval(coeffs, x, name=None):
    """`tf.math.polyval(coeffs, x)`: `coeffs[0] * x**(n-1) + ... + coeffs[n-1]` by Horner's rule (`coeffs` a list)."""
    t = to_tensor(x, None, "x")
    if not isinstance(coeffs, (list, tuple)):
        raise ValueError(f"Argument coeffs must be list type found {type(coeffs)}.")
    out = torch.zeros_like(t)
    for c in coeffs:
        out = out * t + to_tensor(c, t.dtype, "coeffs")
    return out


def accumulate_n(inputs, shape=None, tensor_dtype=None, name=None):
    """`tf.math.accumulate_n(inputs)`: the element-wise sum of a list of same-shaped tensors.

    Raises:
        ValueError: for an empty list, shapes that differ, or a `shape`/`tensor_dtype` that does not match.
    """
    if not inputs:
        raise ValueError("inputs must be a list of at least one Tensor with the same dtype and shape.")
    tensors = [to_tensor(t, None, "inputs") for t in inputs]
    if any(t.shape != tensors[0].shape or t.dtype != tensors[0].dtype for t in tensors):
        raise ValueError("inputs must be a list of at least one Tensor with the same dtype and shape.")
    if shape is not None and tuple(shape) != tuple(tensors[0].shape):
        raise ValueError(f"Shape of inputs {list(tensors[0].shape)} does not match shape={list(shape)}")
    if tensor_dtype is not None and dtypes.as_dtype(tensor_dtype) != tensors[0].dtype:
        raise ValueError(f"dtype of inputs {tensors[0].dtype} does not match tensor_dtype={tensor_dtype}")
    return torch.stack(tensors).sum(0)
