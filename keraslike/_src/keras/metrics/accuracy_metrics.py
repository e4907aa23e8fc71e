"""Accuracy metrics (keras/src/metrics/accuracy_metrics.py); functions give per-sample 0/1 floats."""

import torch

from keraslike._src.keras.losses.loss import squeeze_or_expand_to_same_rank, with_tensor_args
from keraslike._src.keras.metrics.reduction_metrics import MeanMetricWrapper


@with_tensor_args
def accuracy(y_true, y_pred):
    """Exact equality, averaged over the last axis when ranks > 1."""
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    matches = (y_true == y_pred.to(y_true.dtype)).float()
    return matches.mean(dim=-1) if matches.dim() > 1 else matches


@with_tensor_args
def binary_accuracy(y_true, y_pred, threshold=0.5):
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    matches = (y_true.float() == (y_pred > threshold).float()).float()
    return matches.mean(dim=-1) if matches.dim() > 1 else matches


def _argmax(x, dim=-1):
    """`x.argmax(dim)`, bool tensors included (one-hot targets built with `dtype=bool`: TF's argmax takes them,
    torch's does not)."""
    return (x.to(torch.uint8) if x.dtype == torch.bool else x).argmax(dim=dim)


@with_tensor_args
def categorical_accuracy(y_true, y_pred):
    return (_argmax(y_true) == _argmax(y_pred)).float()


@with_tensor_args
def sparse_categorical_accuracy(y_true, y_pred):
    if y_true.dim() == y_pred.dim() and y_true.shape[-1] == 1:
        y_true = y_true.squeeze(-1)
    return (_argmax(y_pred) == y_true.long()).float()


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

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Add this batch's hits and count (fit's hot path: tensors on one device, no weights, two in-place
        adds of the hit count, no float per-sample values)."""
        if sample_weight is not None or not isinstance(y_true, torch.Tensor) or not isinstance(
                y_pred, torch.Tensor) or y_true.device != y_pred.device or hasattr(y_pred, "_keras_mask"):
            return super().update_state(y_true, y_pred, sample_weight)
        if y_true.dim() == y_pred.dim() and y_true.shape[-1] == 1:
            y_true = y_true.squeeze(-1)
        hits = _argmax(y_pred) == (y_true if y_true.dtype == torch.int64 else y_true.long())
        self._move_states(hits.device)
        self.state("total").add_(hits.sum())
        self.state("count").add_(hits.numel())


def _in_top_k(targets, predictions, k):
    """True where the target's score is at least the k-th largest score (ties count as in, like TF)."""
    kth = torch.topk(predictions, min(k, predictions.shape[-1]), dim=-1).values[..., -1:]
    target_score = predictions.gather(-1, targets.long().unsqueeze(-1))
    return (target_score >= kth).squeeze(-1)


@with_tensor_args
def top_k_categorical_accuracy(y_true, y_pred, k=5):
    """1.0 where the argmax of one-hot `y_true` is among the top `k` of `y_pred` `(batch, classes)`."""
    return sparse_top_k_categorical_accuracy(_argmax(y_true), y_pred, k=k)


@with_tensor_args
def sparse_top_k_categorical_accuracy(y_true, y_pred, k=5, from_sorted_ids=False):
    """1.0 where integer `y_true` `(batch,)` is among the top `k` of `y_pred`.

    With `from_sorted_ids=True`, `y_pred` holds class ids sorted by score, best first.
    """
    shape = y_true.shape
    if y_true.dim() == y_pred.dim() and y_true.shape[-1] == 1:
        shape = y_true.shape[:-1]
    targets = y_true.reshape(-1)
    preds = y_pred.reshape(-1, y_pred.shape[-1])
    if from_sorted_ids:
        matches = (preds[:, :k] == targets.to(preds.dtype).unsqueeze(1)).any(dim=1)
    else:
        matches = _in_top_k(targets, preds, k)
    return matches.float().reshape(shape)


class TopKCategoricalAccuracy(MeanMetricWrapper):
    """`TopKCategoricalAccuracy(k=5)` for one-hot labels."""

    def __init__(self, k=5, name="top_k_categorical_accuracy", dtype=None):
        super().__init__(top_k_categorical_accuracy, name=name, dtype=dtype, k=k)


class SparseTopKCategoricalAccuracy(MeanMetricWrapper):
    """`SparseTopKCategoricalAccuracy(k=5, from_sorted_ids=False)` for integer labels."""

    def __init__(self, k=5, name="sparse_top_k_categorical_accuracy", dtype=None, from_sorted_ids=False):
        super().__init__(sparse_top_k_categorical_accuracy, name=name, dtype=dtype, k=k,
                         from_sorted_ids=from_sorted_ids)
