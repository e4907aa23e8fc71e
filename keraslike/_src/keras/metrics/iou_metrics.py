"""Intersection-over-union metrics (mirrors `keras/src/metrics/iou_metrics.py`, Keras 3.15).

State: one `(num_classes, num_classes)` confusion matrix `total_confusion_matrix` (rows: true class, columns:
predicted class), kept in float64 so pixel counts stay exact, accumulated on the device with `index_put_`
(no host sync) and summed across replicas when `result()` is read. As in Keras the default state dtype is
integer ("int"): sample weights are then truncated toward zero; pass `dtype="float32"` for fractional weights.
Labels or predictions outside `[0, num_classes)`, and `y_true == ignore_class`, are not counted.
"""

import warnings

import torch

from keraslike._src.keras.backend import config as keras_config
from keraslike._src.keras.metrics.metric import Metric


def _is_int(dtype):
    return "int" in str(dtype)


def _state_dtype(dtype):
    """The torch dtype of the metric's confusion matrix as Keras keeps it (`"int"` is int64)."""
    name = str(dtype).replace("torch.", "")
    if name == "int":
        return torch.int64
    value = getattr(torch, name, None)
    return value if isinstance(value, torch.dtype) else torch.float32


class _IoUBase(Metric):
    """Accumulates the confusion matrix shared by every IoU metric."""

    def __init__(self, num_classes, name=None, dtype=None, ignore_class=None, sparse_y_true=True,
                 sparse_y_pred=True, axis=-1):
        super().__init__(name=name, dtype=dtype or "int")
        self.num_classes = int(num_classes)
        self.ignore_class, self.sparse_y_true, self.sparse_y_pred, self.axis = (
            ignore_class, sparse_y_true, sparse_y_pred, axis)
        self.add_state("total_confusion_matrix", shape=(self.num_classes, self.num_classes), dtype=torch.float64)

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Add this batch to the confusion matrix.

        Args:
            y_true: class ids (any shape; flattened), or one-hot along `axis` when `sparse_y_true=False`.
            y_pred: class ids, or scores along `axis` (argmax taken) when `sparse_y_pred=False`.
            sample_weight: optional, broadcastable to the flattened labels (truncated to integers when the
                metric dtype is integer, as Keras casts them).

        Returns:
            The accumulated `(num_classes, num_classes)` confusion matrix in the metric's dtype (a copy), as
            Keras returns the updated state.
        """
        y_pred = torch.as_tensor(y_pred)
        y_true = torch.as_tensor(y_true, device=y_pred.device)
        if not self.sparse_y_true:
            y_true = (y_true.to(torch.uint8) if y_true.dtype == torch.bool else y_true).argmax(dim=self.axis)
        if not self.sparse_y_pred:
            y_pred = (y_pred.to(torch.uint8) if y_pred.dtype == torch.bool else y_pred).argmax(dim=self.axis)
        integer = _is_int(self.dtype)
        cast = torch.int64 if integer else torch.float32
        y_true, y_pred = y_true.to(cast).reshape(-1), y_pred.to(cast).reshape(-1)
        if sample_weight is None:
            weight = torch.ones_like(y_true, dtype=torch.float64)
        else:
            weight = torch.as_tensor(sample_weight, device=y_pred.device)
            if integer and weight.is_floating_point():  # dtype check only: no host sync
                warnings.warn("You are passing weight as `float`, but dtype is `int`. This may result in an incorrect "
                              "weight due to type casting. Consider using integer weights, or dtype='float32'.",
                              stacklevel=2)
            weight = (weight.to(torch.int64) if integer else weight.float()).reshape(-1).to(torch.float64)
            weight = weight.expand_as(y_true)
        n = self.num_classes
        mask = (y_true >= 0) & (y_true < n) & (y_pred >= 0) & (y_pred < n)
        if self.ignore_class is not None:
            mask = mask & (y_true != self.ignore_class)
        y_true = torch.where(mask, y_true, torch.zeros_like(y_true)).long()
        y_pred = torch.where(mask, y_pred, torch.zeros_like(y_pred)).long()
        weight = torch.where(mask, weight, torch.zeros_like(weight))
        self._move_states(y_pred.device)
        cm = self.state("total_confusion_matrix")
        cm.view(-1).index_add_(0, y_true * n + y_pred, weight)
        return cm.detach().to(_state_dtype(self.dtype), copy=True)

    def _result_from(self, states):
        raise NotImplementedError


class IoU(_IoUBase):
    """`IoU(num_classes, target_class_ids, name=None, dtype=None, ignore_class=None, sparse_y_true=True,
    sparse_y_pred=True, axis=-1)`: mean of `TP / (TP + FP + FN)` over `target_class_ids`.

    Classes whose `TP + FP + FN` is 0 are left out of the mean. Returns a float32 scalar.

    Raises:
        ValueError: when a target class id is `>= num_classes`.
    """

    def __init__(self, num_classes, target_class_ids, name=None, dtype=None, ignore_class=None, sparse_y_true=True,
                 sparse_y_pred=True, axis=-1):
        super().__init__(num_classes, name=name, dtype=dtype, ignore_class=ignore_class,
                         sparse_y_true=sparse_y_true, sparse_y_pred=sparse_y_pred, axis=axis)
        if max(target_class_ids) >= num_classes:
            raise ValueError(f"Target class id {max(target_class_ids)} is out of range, which is "
                             f"[0, {num_classes}). Received: target_class_ids={target_class_ids}")
        self.target_class_ids = list(target_class_ids)

    def _result_from(self, states):
        cm = states["total_confusion_matrix"]
        tp = torch.diagonal(cm)
        denominator = cm.sum(0) + cm.sum(1) - tp
        ids = torch.as_tensor(self.target_class_ids, dtype=torch.long, device=cm.device)
        tp, denominator = tp[ids].float(), denominator[ids].float()
        valid = denominator > 1e-9
        eps = keras_config.epsilon()
        iou = torch.where(valid, tp / (denominator + eps), torch.zeros_like(tp))
        return iou.sum(dim=-1) / (valid.float().sum() + eps)

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype, "num_classes": self.num_classes,
                "target_class_ids": self.target_class_ids, "ignore_class": self.ignore_class,
                "sparse_y_true": self.sparse_y_true, "sparse_y_pred": self.sparse_y_pred, "axis": self.axis}


class BinaryIoU(IoU):
    """`BinaryIoU(target_class_ids=(0, 1), threshold=0.5, name=None, dtype=None)`: IoU of the classes 0/1 with
    `y_pred >= threshold` predicted as 1."""

    def __init__(self, target_class_ids=(0, 1), threshold=0.5, name=None, dtype=None):
        super().__init__(num_classes=2, target_class_ids=target_class_ids, name=name, dtype=dtype)
        self.threshold = threshold

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Threshold `y_pred` (`>= threshold` is class 1), then count as `IoU`."""
        y_pred = torch.as_tensor(y_pred)
        y_true = torch.as_tensor(y_true, device=y_pred.device)
        if _is_int(self.dtype):
            y_true = y_true.to(torch.int64)  # Keras casts y_true to the metric dtype first
        return super().update_state(y_true, (y_pred.float() >= self.threshold).long(), sample_weight)

    def get_config(self):
        return {"target_class_ids": self.target_class_ids, "threshold": self.threshold, "name": self.name,
                "dtype": self.dtype}


class MeanIoU(IoU):
    """`MeanIoU(num_classes, name=None, dtype=None, ignore_class=None, sparse_y_true=True, sparse_y_pred=True,
    axis=-1)`: `IoU` over every class."""

    def __init__(self, num_classes, name=None, dtype=None, ignore_class=None, sparse_y_true=True,
                 sparse_y_pred=True, axis=-1):
        super().__init__(num_classes, list(range(num_classes)), name=name, dtype=dtype, ignore_class=ignore_class,
                         sparse_y_true=sparse_y_true, sparse_y_pred=sparse_y_pred, axis=axis)

    def get_config(self):
        return {"num_classes": self.num_classes, "name": self.name, "dtype": self.dtype,
                "ignore_class": self.ignore_class, "sparse_y_true": self.sparse_y_true,
                "sparse_y_pred": self.sparse_y_pred, "axis": self.axis}


class OneHotIoU(IoU):
    """`OneHotIoU(num_classes, target_class_ids, name=None, dtype=None, ignore_class=None, sparse_y_pred=False,
    axis=-1)`: `IoU` with one-hot `y_true` (and by default score `y_pred`)."""

    def __init__(self, num_classes, target_class_ids, name=None, dtype=None, ignore_class=None, sparse_y_pred=False,
                 axis=-1):
        super().__init__(num_classes, target_class_ids, name=name, dtype=dtype, ignore_class=ignore_class,
                         sparse_y_true=False, sparse_y_pred=sparse_y_pred, axis=axis)

    def get_config(self):
        return {"num_classes": self.num_classes, "target_class_ids": self.target_class_ids, "name": self.name,
                "dtype": self.dtype, "ignore_class": self.ignore_class, "sparse_y_pred": self.sparse_y_pred,
                "axis": self.axis}


class OneHotMeanIoU(MeanIoU):
    """`OneHotMeanIoU(num_classes, name=None, dtype=None, ignore_class=None, sparse_y_pred=False, axis=-1)`:
    `MeanIoU` with one-hot `y_true`."""

    def __init__(self, num_classes, name=None, dtype=None, ignore_class=None, sparse_y_pred=False, axis=-1):
        super().__init__(num_classes, name=name, dtype=dtype, ignore_class=ignore_class, sparse_y_true=False,
                         sparse_y_pred=sparse_y_pred, axis=axis)

    def get_config(self):
        return {"num_classes": self.num_classes, "name": self.name, "dtype": self.dtype,
                "ignore_class": self.ignore_class, "sparse_y_pred": self.sparse_y_pred, "axis": self.axis}
