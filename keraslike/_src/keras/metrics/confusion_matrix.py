"""Confusion-matrix counting shared by Precision, Recall, AUC (keras/src/metrics/metrics_utils.py).

`confusion_counts` returns the true/false positive/negative counts of one
batch for every threshold, as float32 tensors of shape `(num_thresholds,)`
(or `(num_thresholds, num_labels)` with `multi_label=True`), on the device
of `y_pred`, without a host sync. A prediction is positive when
`y_pred > threshold`. For evenly spaced thresholds (AUC's default) it uses
Keras's bucketing (`ceil(p * (T - 1)) - 1`) so the counts match Keras even
for predictions that sit exactly on a threshold.
"""

import numpy as np
import torch

from keraslike._src.keras.backend import config as keras_config
from keraslike._src.keras.losses.loss import squeeze_or_expand_to_same_rank

NEG_INF = -1e10


def is_evenly_distributed(thresholds):
    """True when `thresholds` are `i / (T - 1)` for `T >= 3` (Keras's test)."""
    thresholds = np.asarray(thresholds, dtype="float64")
    if len(thresholds) < 3:
        return False
    even = np.arange(len(thresholds), dtype=np.float32) / (len(thresholds) - 1)
    return bool(np.allclose(thresholds, even, atol=keras_config.epsilon()))


def divide_no_nan(num, den):
    return torch.where(den != 0, num / torch.where(den != 0, den, torch.ones_like(den)), torch.zeros_like(num))


def filter_top_k(x, k):
    """Keep the `k` largest entries of the last axis (ties: the lower index, as TF's top_k); set the others
    to -1e10."""
    idx = torch.sort(x, dim=-1, descending=True, stable=True).indices[..., :k]  # torch.topk orders ties arbitrarily
    mask = torch.zeros_like(x).scatter_(-1, idx, 1.0)
    return x * mask + NEG_INF * (1.0 - mask)


def _prepare(y_true, y_pred, sample_weight, top_k, class_id):
    y_pred = torch.as_tensor(y_pred).float()
    y_true = torch.as_tensor(y_true, device=y_pred.device).float()
    y_pred, y_true = squeeze_or_expand_to_same_rank(y_pred, y_true)
    if sample_weight is not None:
        sample_weight = torch.as_tensor(sample_weight, dtype=torch.float32, device=y_pred.device).unsqueeze(-1)
        _, sample_weight = squeeze_or_expand_to_same_rank(y_true, sample_weight, expand_rank_1=False)
    if top_k is not None:
        y_pred = filter_top_k(y_pred, top_k)
    if class_id is not None:
        if y_pred.dim() == 1:
            raise ValueError("When class_id is provided, y_pred must be a 2D array with shape (num_samples, "
                             f"num_classes). Received: y_pred.shape={tuple(y_pred.shape)}")
        y_true, y_pred = y_true[..., class_id:class_id + 1], y_pred[..., class_id:class_id + 1]
    weights = torch.ones_like(y_pred) if sample_weight is None else sample_weight.expand_as(y_pred)
    return y_true, y_pred, weights


def confusion_counts(y_true, y_pred, thresholds, sample_weight=None, top_k=None, class_id=None,
                     multi_label=False, label_weights=None, evenly=False):
    """Counts `{"tp", "fp", "tn", "fn"}` of one batch for each threshold.

    Args:
        y_true: labels, cast to bool (non-zero is positive); same shape as `y_pred`
            up to a trailing axis of size 1.
        y_pred: scores, shape `(batch, ...)`.
        thresholds: list of floats, sorted.
        sample_weight: optional, broadcastable to `y_true`.
        top_k, class_id: as in `keras.metrics.Precision`.
        multi_label: count each label (last axis) separately.
        label_weights: optional per-label weights, shape `(num_labels,)`.
        evenly: thresholds are evenly spaced on [0, 1] (possibly widened by epsilon).

    Returns:
        dict of float32 tensors `(T,)`, or `(T, num_labels)` with `multi_label`.
    """
    y_true, y_pred, weights = _prepare(y_true, y_pred, sample_weight, top_k, class_id)
    if label_weights is not None:
        weights = weights * torch.as_tensor(label_weights, dtype=torch.float32, device=y_pred.device)
    num_labels = y_pred.shape[-1] if multi_label else 1
    y_true = (y_true != 0).float().reshape(-1, num_labels)
    y_pred, weights = y_pred.reshape(-1, num_labels), weights.reshape(-1, num_labels)
    true_w, false_w = y_true * weights, (1.0 - y_true) * weights
    n = len(thresholds)
    if evenly:
        with_epsilon = thresholds[0] < 0.0 or thresholds[-1] > 1.0
        buckets = torch.ceil(y_pred.clamp(0.0, 1.0) * (n - 1)) - 1
        if with_epsilon:
            buckets = buckets.clamp_min(0)
        index = (buckets + 1).long()  # bucket -1 (dropped by Keras's segment_sum) lands in row 0
        tp = torch.zeros(n + 1, num_labels, device=y_pred.device).scatter_add_(0, index, true_w)[1:]
        fp = torch.zeros(n + 1, num_labels, device=y_pred.device).scatter_add_(0, index, false_w)[1:]
        tp = tp.flip(0).cumsum(0).flip(0)
        fp = fp.flip(0).cumsum(0).flip(0)
    else:
        thr = torch.as_tensor(thresholds, dtype=torch.float32, device=y_pred.device).view(n, 1, 1)
        pred_pos = (y_pred.unsqueeze(0) > thr).float()  # (T, M, L)
        tp = (pred_pos * true_w).sum(1)
        fp = (pred_pos * false_w).sum(1)
    out = {"tp": tp, "fp": fp, "tn": false_w.sum(0) - fp, "fn": true_w.sum(0) - tp}
    return out if multi_label else {k: v.squeeze(-1) for k, v in out.items()}
