"""Pearson and concordance correlation (mirrors `keras/src/metrics/correlation_metrics.py`, Keras 3.15).

The functions return one value per sample (reduced over `axis`); the classes are running (weighted) means of
them, like every `MeanMetricWrapper`.
"""

import torch

from keraslike._src.keras.backend import config as keras_config
from keraslike._src.keras.losses.loss import squeeze_or_expand_to_same_rank
from keraslike._src.keras.metrics.reduction_metrics import MeanMetricWrapper


def _pair(y_true, y_pred):
    y_pred = torch.as_tensor(y_pred)
    if not y_pred.is_floating_point():
        y_pred = y_pred.float()
    y_true = torch.as_tensor(y_true, device=y_pred.device).to(y_pred.dtype)
    return squeeze_or_expand_to_same_rank(y_true, y_pred)


def pearson_correlation(y_true, y_pred, axis=-1):
    """Pearson correlation of `y_true` and `y_pred` along `axis` (population standard deviations).

    Returns: a tensor with `axis` removed; NaN where either input is constant along `axis`, as in Keras.
    """
    y_true, y_pred = _pair(y_true, y_pred)
    t = y_true - y_true.mean(dim=axis, keepdim=True)
    p = y_pred - y_pred.mean(dim=axis, keepdim=True)
    t = t / t.std(dim=axis, keepdim=True, unbiased=False)
    p = p / p.std(dim=axis, keepdim=True, unbiased=False)
    return (t * p).mean(dim=axis)


def concordance_correlation(y_true, y_pred, axis=-1):
    """Lin's concordance correlation along `axis`, computed as Keras 3.15 computes it:
    `mean(2 * (y_true - mean(y_pred)) * (y_pred - mean(y_pred)) / (var(y_true) + var(y_pred) +
    (mean(y_true) - mean(y_pred))^2 + epsilon))` (population variances).

    Returns: a tensor with `axis` removed.
    """
    y_true, y_pred = _pair(y_true, y_pred)
    true_mean = y_true.mean(dim=axis, keepdim=True)
    pred_mean = y_pred.mean(dim=axis, keepdim=True)
    true_var = (y_true - true_mean).var(dim=axis, keepdim=True, unbiased=False)
    pred_var = (y_pred - pred_mean).var(dim=axis, keepdim=True, unbiased=False)
    covar = (y_true - pred_mean) * (y_pred - pred_mean)
    norm = true_var + pred_var + torch.square(true_mean - pred_mean)
    return (2 * covar / (norm + keras_config.epsilon())).mean(dim=axis)


class PearsonCorrelation(MeanMetricWrapper):
    """`PearsonCorrelation(name="pearson_correlation", dtype=None, axis=-1)`: running mean of
    `pearson_correlation` per sample."""

    def __init__(self, name="pearson_correlation", dtype=None, axis=-1):
        super().__init__(pearson_correlation, name=name, dtype=dtype, axis=axis)
        self.axis = axis


class ConcordanceCorrelation(MeanMetricWrapper):
    """`ConcordanceCorrelation(name="concordance_correlation", dtype=None, axis=-1)`: running mean of
    `concordance_correlation` per sample."""

    def __init__(self, name="concordance_correlation", dtype=None, axis=-1):
        super().__init__(concordance_correlation, name=name, dtype=dtype, axis=axis)
        self.axis = axis
