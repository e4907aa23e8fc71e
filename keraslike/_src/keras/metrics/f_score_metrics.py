"""F-beta and F1 scores (mirrors `keras/src/metrics/f_score_metrics.py`, Keras 3.15).

State: float32 `true_positives`, `false_positives`, `false_negatives` and `intermediate_weights` (the weighted
support of each class), shape `(num_classes,)` (scalars with `average="micro"`), created on the first
`update_state` and summed across replicas when `result()` is read. Updates are in-place adds on the
device: no host sync.
"""

import torch

from keraslike._src.keras.backend import config as keras_config
from keraslike._src.keras.metrics.metric import Metric

_COUNTS = ("true_positives", "false_positives", "false_negatives", "intermediate_weights")
_AVERAGES = (None, "micro", "macro", "weighted")


class FBetaScore(Metric):
    """`FBetaScore(average=None, beta=1.0, threshold=None, name="fbeta_score", dtype=None)`.

    `(1 + beta^2) * precision * recall / (beta^2 * precision + recall)` per class, from counts summed over
    every batch seen. Inputs are 2-D `(batch, num_classes)` (multi-class one-hot or multi-label).

    Args:
        average: None (one score per class, shape `(num_classes,)`), "micro" (scores from the counts summed
            over classes), "macro" (unweighted mean of the class scores) or "weighted" (mean weighted by each
            class's weighted support).
        beta: Python float > 0, the weight of recall.
        threshold: Python float in (0, 1]: `y_pred > threshold` is positive. None: the per-row maximum of
            `y_pred` (when not ~0) is positive.
        name, dtype: as for every metric.

    Raises:
        ValueError: for an unknown `average`, a non-float or non-positive `beta`, a non-float `threshold` or one
            outside (0, 1], or inputs that are not 2-D.
    """

    def __init__(self, average=None, beta=1.0, threshold=None, name="fbeta_score", dtype=None):
        super().__init__(name=name, dtype=dtype)
        if average not in _AVERAGES:
            raise ValueError("Invalid `average` argument value. Expected one of: {None, 'micro', 'macro', "
                             f"'weighted'}}. Received: average={average}")
        if not isinstance(beta, float):
            raise ValueError(f"Invalid `beta` argument value. It should be a Python float. Received: beta={beta} "
                             f"of type '{type(beta)}'")
        if beta <= 0.0:
            raise ValueError(f"Invalid `beta` argument value. It should be > 0. Received: beta={beta}")
        if threshold is not None:
            if not isinstance(threshold, float):
                raise ValueError("Invalid `threshold` argument value. It should be a Python float. "
                                 f"Received: threshold={threshold} of type '{type(threshold)}'")
            if threshold > 1.0 or threshold <= 0.0:
                raise ValueError("Invalid `threshold` argument value. It should verify 0 < threshold <= 1. "
                                 f"Received: threshold={threshold}")
        self.average, self.beta, self.threshold = average, beta, threshold
        self.axis = None if average == "micro" else 0
        self._built = False

    def _build(self, y_true_shape, y_pred_shape):
        if len(y_pred_shape) != 2 or len(y_true_shape) != 2:
            raise ValueError(f"{type(self).__name__} expects 2D inputs with shape (batch_size, output_dim). "
                             f"Received input shapes: y_pred.shape={tuple(y_pred_shape)} and "
                             f"y_true.shape={tuple(y_true_shape)}.")
        shape = () if self.average == "micro" else (int(y_pred_shape[-1]),)
        for count in _COUNTS:
            self.add_state(count, shape=shape)
        self._built = True

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Add this batch's counts.

        Args:
            y_true: `(batch, num_classes)` 0/1 labels.
            y_pred: `(batch, num_classes)` scores.
            sample_weight: optional `(batch,)` weights.
        """
        y_pred = torch.as_tensor(y_pred).float()
        y_true = torch.as_tensor(y_true, device=y_pred.device).float()
        if not self._built:
            self._build(y_true.shape, y_pred.shape)
        self._move_states(y_pred.device)
        if self.threshold is None:
            top = y_pred.amax(dim=-1, keepdim=True)
            y_pred = ((y_pred >= top) & (y_pred.abs() > 1e-9)).float()
        else:
            y_pred = (y_pred > self.threshold).float()
        if sample_weight is not None:
            sample_weight = torch.as_tensor(sample_weight, dtype=torch.float32, device=y_pred.device)
            if sample_weight.dim() == 1:
                sample_weight = sample_weight.unsqueeze(1)
        dims = (0,) if self.axis == 0 else tuple(range(y_pred.dim()))
        for count, value in zip(_COUNTS, (y_pred * y_true, y_pred * (1 - y_true), (1 - y_pred) * y_true, y_true)):
            if sample_weight is not None:
                value = value * sample_weight
            self.state(count).add_(value.sum(dim=dims))

    def _result_from(self, s):
        if not s:  # no batch seen yet
            return torch.zeros(() if self.average is not None else (0,), device=self._device)
        eps = keras_config.epsilon()
        tp = s["true_positives"]
        precision = tp / (tp + s["false_positives"] + eps)
        recall = tp / (tp + s["false_negatives"] + eps)
        b2 = self.beta ** 2
        score = precision * recall / (b2 * precision + recall + eps) * (1 + b2)
        if self.average == "weighted":
            support = s["intermediate_weights"]
            return (score * support / (support.sum() + eps)).sum()
        if self.average is not None:
            return score.mean()
        return score

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype, "average": self.average, "beta": self.beta,
                "threshold": self.threshold}


class F1Score(FBetaScore):
    """`F1Score(average=None, threshold=None, name="f1_score", dtype=None)`: `FBetaScore` with `beta=1.0`.

    `2 * precision * recall / (precision + recall)`; arguments and errors as `FBetaScore`.
    """

    def __init__(self, average=None, threshold=None, name="f1_score", dtype=None):
        super().__init__(average=average, beta=1.0, threshold=threshold, name=name, dtype=dtype)

    def get_config(self):
        config = super().get_config()
        del config["beta"]
        return config
