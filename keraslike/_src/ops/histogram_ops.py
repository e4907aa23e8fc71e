"""Counting values into equal-width bins: `histogram_fixed_width`, `histogram_fixed_width_bins`.

Mirrors `tensorflow/python/ops/histogram_ops.py`. With `value_range = [lo, hi]` and `nbins` bins, a value v
falls in bin `floor(nbins * (v - lo) / (hi - lo))`, clipped to `[0, nbins - 1]` (values below `lo` count in
the first bin, values at or above `hi` in the last).

Example:
    >>> tf.histogram_fixed_width([-1.0, 0.0, 1.5, 2.0, 5.0, 15], [0.0, 5.0], nbins=5)   # int32 [2 1 1 0 2]
"""

import torch

from keraslike._src.ops import dtypes
from keraslike._src.ops.conversion import to_tensor


def _bins(values, value_range, nbins, dtype, op_name):
    x = to_tensor(values, None, "values")
    bounds = to_tensor(value_range, None, "value_range").to(torch.float64).reshape(-1)
    out = dtypes.as_dtype(dtype)
    if bounds.numel() != 2 or not bool(bounds[1] > bounds[0]):
        raise ValueError(f"`value_range` must be [lo, hi] with lo < hi. Received: value_range={bounds.tolist()}")
    nbins = int(to_tensor(nbins, None, "nbins").reshape(()))
    if nbins < 1:
        raise ValueError(f"`nbins` must be positive. Received: nbins={nbins}")
    if out not in (torch.int32, torch.int64):
        raise TypeError(f"`dtype` must be tf.int32 or tf.int64 in `{op_name}`. Received: dtype={dtype!r}")
    lo, hi = bounds[0].to(x.device), bounds[1].to(x.device)
    scaled = (x.to(torch.float64) - lo) / (hi - lo)
    return torch.floor(scaled * nbins).clamp(0, nbins - 1).to(torch.long), nbins, out


def histogram_fixed_width_bins(values, value_range, nbins=100, dtype=torch.int32, name=None):
    """`tf.histogram_fixed_width_bins`: the bin index of each value (same shape as `values`).

    Args:
        values: numeric tensor. value_range: `[lo, hi]`, lo < hi. nbins: number of bins (>= 1).
        dtype: tf.int32 (default) or tf.int64.

    Raises:
        ValueError: a bad `value_range` or `nbins`. TypeError: another `dtype`.
    """
    index, _, out = _bins(values, value_range, nbins, dtype, "tf.histogram_fixed_width_bins")
    return index.to(out)


def histogram_fixed_width(values, value_range, nbins=100, dtype=torch.int32, name=None):
    """`tf.histogram_fixed_width`: a 1-D `[nbins]` tensor counting the values in each bin (args as `_bins`)."""
    index, nbins, out = _bins(values, value_range, nbins, dtype, "tf.histogram_fixed_width")
    return torch.bincount(index.reshape(-1), minlength=nbins).to(out)
