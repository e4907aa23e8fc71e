"""`keras.metrics.AUC` (keras/src/metrics/confusion_metrics.py).

Approximates the area under the ROC or PR curve with a Riemann sum over
`num_thresholds` thresholds (default 200: `-1e-7`, `i / 199` for
`i = 1..198`, `1 + 1e-7`). With `summation_method="interpolation"` ROC uses
trapezoids and PR uses Davis & Goadrich's interpolation, as Keras does.
State: float32 `true_positives`, `false_positives`, `true_negatives`,
`false_negatives` of shape `(num_thresholds,)` (or `(num_thresholds,
num_labels)` with `multi_label`), summed across replicas on `result()`.
"""

import torch

from keraslike._src.keras.backend import config as keras_config
from keraslike._src.keras.metrics.confusion_matrix import (
    confusion_counts, divide_no_nan, is_evenly_distributed,
)
from keraslike._src.keras.metrics.metric import Metric

_COUNTS = ("true_positives", "false_positives", "true_negatives", "false_negatives")
_SHORT = dict(zip(_COUNTS, ("tp", "fp", "tn", "fn")))


class AUC(Metric):
    """Area under the ROC (default) or PR curve.

    Args:
        num_thresholds: int > 1. Defaults to 200.
        curve: "ROC" or "PR".
        summation_method: "interpolation" (default), "minoring" or "majoring".
        name, dtype: as for every metric.
        thresholds: optional explicit thresholds in [0, 1] (then `num_thresholds` is ignored).
        multi_label: treat each label (last axis) separately and average their AUCs.
        num_labels: number of labels with `multi_label` (else taken from the first batch).
        label_weights: optional per-label weights.
        from_logits: apply a sigmoid to `y_pred` first.

    Raises:
        ValueError: for an unknown `curve`/`summation_method` or `num_thresholds <= 1`.
    """

    def __init__(self, num_thresholds=200, curve="ROC", summation_method="interpolation", name=None, dtype=None,
                 thresholds=None, multi_label=False, num_labels=None, label_weights=None, from_logits=False):
        super().__init__(name=name or "auc", dtype=dtype)
        curve = str(curve).upper()
        if curve not in ("ROC", "PR"):
            raise ValueError(f'Invalid `curve` argument value. Expected one of: ["ROC", "PR"]. Received: curve={curve}')
        summation_method = str(summation_method).lower()
        if summation_method not in ("interpolation", "minoring", "majoring"):
            raise ValueError("Invalid `summation_method` argument value. Expected one of: interpolation, minoring, "
                             f"majoring. Received: summation_method={summation_method}")
        self._init_from_thresholds = thresholds is not None
        if thresholds is not None:
            inner = sorted(float(t) for t in thresholds)
            self.num_thresholds = len(inner) + 2
            self._evenly = is_evenly_distributed([0.0] + inner + [1.0])
        else:
            if num_thresholds <= 1:
                raise ValueError(f"Argument `num_thresholds` must be an integer > 1. "
                                 f"Received: num_thresholds={num_thresholds}")
            self.num_thresholds = int(num_thresholds)
            inner = [(i + 1) * 1.0 / (num_thresholds - 1) for i in range(num_thresholds - 2)]
            self._evenly = True
        self._thresholds = [0.0 - keras_config.epsilon()] + inner + [1.0 + keras_config.epsilon()]
        self.curve, self.summation_method = curve, summation_method
        self.multi_label, self.num_labels, self._from_logits = multi_label, num_labels, from_logits
        self.label_weights = None if label_weights is None else torch.as_tensor(label_weights, dtype=torch.float32)
        self._built = False
        if not multi_label or num_labels is not None:
            self._build(num_labels)

    @property
    def thresholds(self):
        """The thresholds, including the two outer ones."""
        return list(self._thresholds)

    def _build(self, num_labels):
        shape = (self.num_thresholds, num_labels) if self.multi_label else (self.num_thresholds,)
        self.num_labels = num_labels
        for count in _COUNTS:
            self.add_state(count, shape=shape)
        self._built = True

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Add this batch's confusion counts at every threshold.

        Args:
            y_true: labels (non-zero is positive), shape like `y_pred`.
            y_pred: scores in [0, 1] (logits with `from_logits=True`).
            sample_weight: optional per-example weights.
        """
        y_pred = torch.as_tensor(y_pred).float()
        if not self._built:
            self._build(y_pred.shape[-1])
        if self._from_logits:
            y_pred = torch.sigmoid(y_pred)
        label_weights = None if self.multi_label or self.label_weights is None else self.label_weights
        counts = confusion_counts(y_true, y_pred, self._thresholds, sample_weight, multi_label=self.multi_label,
                                  label_weights=label_weights, evenly=self._evenly)
        self._move_states(y_pred.device)
        for count in _COUNTS:
            self.state(count).add_(counts[_SHORT[count]])

    def _average(self, by_label):
        if not self.multi_label:
            return by_label
        if self.label_weights is None:
            return by_label.mean()
        weights = self.label_weights.to(by_label.device)
        return divide_no_nan((by_label * weights).sum(), weights.sum())

    def _interpolate_pr_auc(self, s):
        n = self.num_thresholds
        tp, fp, fn = s["true_positives"], s["false_positives"], s["false_negatives"]
        dtp = tp[:n - 1] - tp[1:]
        p = tp + fp
        dp = p[:n - 1] - p[1:]
        prec_slope = divide_no_nan(dtp, dp.clamp_min(0))
        intercept = tp[1:] - prec_slope * p[1:]
        both_pos = (p[:n - 1] > 0) & (p[1:] > 0)
        safe_ratio = torch.where(both_pos, divide_no_nan(p[:n - 1], p[1:].clamp_min(0)), torch.ones_like(p[1:]))
        increment = divide_no_nan(prec_slope * (dtp + intercept * torch.log(safe_ratio)),
                                  (tp[1:] + fn[1:]).clamp_min(0))
        return self._average(increment.sum(0))

    def _result_from(self, s):
        if self.curve == "PR" and self.summation_method == "interpolation":
            return self._interpolate_pr_auc(s)
        tp, fp, tn, fn = (s[c] for c in _COUNTS)
        recall = divide_no_nan(tp, tp + fn)
        if self.curve == "ROC":
            x, y = divide_no_nan(fp, fp + tn), recall
        else:
            x, y = recall, divide_no_nan(tp, tp + fp)
        if self.summation_method == "interpolation":
            heights = (y[:-1] + y[1:]) / 2.0
        elif self.summation_method == "minoring":
            heights = torch.minimum(y[:-1], y[1:])
        else:
            heights = torch.maximum(y[:-1], y[1:])
        return self._average(((x[:-1] - x[1:]) * heights).sum(0))

    def get_config(self):
        config = {**super().get_config(), "num_thresholds": self.num_thresholds, "curve": self.curve,
                  "summation_method": self.summation_method, "multi_label": self.multi_label,
                  "num_labels": self.num_labels,
                  "label_weights": None if self.label_weights is None else self.label_weights.tolist(),
                  "from_logits": self._from_logits}
        if self._init_from_thresholds:
            config["thresholds"] = self._thresholds[1:-1]
        return config
