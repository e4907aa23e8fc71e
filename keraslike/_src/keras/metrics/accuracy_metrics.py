"""Accuracy metrics (keras/src/metrics/accuracy_metrics.py); functions give per-sample 0/1 floats."""


from keraslike._src.keras.losses.loss import squeeze_or_expand_to_same_rank
from keraslike._src.keras.metrics.reduction_metrics import MeanMetricWrapper


def accuracy(y_true, y_pred):
    """Exact equality, averaged over the last axis when ranks > 1."""
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    matches = (y_true == y_pred.to(y_true.dtype)).float()
    return matches.mean(dim=-1) if matches.dim() > 1 else matches


def binary_accuracy(y_true, y_pred, threshold=0.5):
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    matches = (y_true.float() == (y_pred > threshold).float()).float()
    return matches.mean(dim=-1) if matches.dim() > 1 else matches


def categorical_accuracy(y_true, y_pred):
    return (y_true.argmax(dim=-1) == y_pred.argmax(dim=-1)).float()


def sparse_categorical_accuracy(y_true, y_pred):
    if y_true.dim() == y_pred.dim() and y_true.shape[-1] == 1:
        y_true = y_true.squeeze(-1)
    return (y_pred.argmax(dim=-1) == y_true.long()).float()


class Accuracy(MeanMetricWrapper):
    def __init__(self, name="accuracy", dtype=None):
        super().__init__(accuracy, name=name, dtype=dtype)


class BinaryAccuracy(MeanMetricWrapper):
    def __init__(self, name="binary_accuracy", dtype=None, threshold=0.5):
        super().__init__(binary_accuracy, name=name, dtype=dtype, threshold=threshold)


class CategoricalAccuracy(MeanMetricWrapper):
    def __init__(self, name="categorical_accuracy", dtype=None):
        super().__init__(categorical_accuracy, name=name, dtype=dtype)


class SparseCategoricalAccuracy(MeanMetricWrapper):
    def __init__(self, name="sparse_categorical_accuracy", dtype=None):
        super().__init__(sparse_categorical_accuracy, name=name, dtype=dtype)
