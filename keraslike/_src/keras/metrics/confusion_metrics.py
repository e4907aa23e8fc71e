"""Precision, Recall and the raw confusion counts (keras/src/metrics/confusion_metrics.py).

State is float32 count tensors of shape `(num_thresholds,)` created with
`add_state`, so `result()` sums them across replicas before dividing.
"""

from keraslike._src.keras.metrics.confusion_matrix import NEG_INF, confusion_counts, divide_no_nan
from keraslike._src.keras.metrics.metric import Metric


def _thresholds(thresholds, default):
    values = [default] if thresholds is None else (
        list(thresholds) if isinstance(thresholds, (list, tuple)) else [thresholds])
    for t in values:
        if t is None or not 0 <= t <= 1 and t != NEG_INF:
            raise ValueError(f"Threshold values must be in [0, 1]. Received: thresholds={thresholds}")
    return [float(t) for t in values]


class _ConfusionMetric(Metric):
    """Accumulates the counts named in `_counts` for each threshold."""

    _counts = ()

    def __init__(self, thresholds=None, top_k=None, class_id=None, name=None, dtype=None, default=0.5):
        super().__init__(name=name, dtype=dtype)
        self.init_thresholds, self.top_k, self.class_id = thresholds, top_k, class_id
        self.thresholds = _thresholds(thresholds, default if top_k is None else NEG_INF)
        for count in self._counts:
            self.add_state(count, shape=(len(self.thresholds),))

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Add this batch's counts.

        Args:
            y_true: labels (cast to bool), same shape as `y_pred`.
            y_pred: scores in [0, 1].
            sample_weight: optional per-example weights.
        """
        counts = confusion_counts(y_true, y_pred, self.thresholds, sample_weight, self.top_k, self.class_id)
        self._move_states(counts["tp"].device)
        for count in self._counts:
            self.state(count).add_(counts[_SHORT[count]])

    def _value(self, states):
        raise NotImplementedError

    def _result_from(self, states):
        value = self._value(states)
        return value[0] if len(self.thresholds) == 1 else value

    def get_config(self):
        return {**super().get_config(), "thresholds": self.init_thresholds, "top_k": self.top_k,
                "class_id": self.class_id}


_SHORT = {"true_positives": "tp", "false_positives": "fp", "true_negatives": "tn", "false_negatives": "fn"}


class Precision(_ConfusionMetric):
    """`Precision(thresholds=None, top_k=None, class_id=None)`: `tp / (tp + fp)` (0 when undefined).

    Returns a scalar for one threshold, else one value per threshold.
    """

    _counts = ("true_positives", "false_positives")

    def __init__(self, thresholds=None, top_k=None, class_id=None, name="precision", dtype=None):
        super().__init__(thresholds, top_k, class_id, name=name, dtype=dtype)

    def _value(self, s):
        return divide_no_nan(s["true_positives"], s["true_positives"] + s["false_positives"])


class Recall(_ConfusionMetric):
    """`Recall(thresholds=None, top_k=None, class_id=None)`: `tp / (tp + fn)` (0 when undefined)."""

    _counts = ("true_positives", "false_negatives")

    def __init__(self, thresholds=None, top_k=None, class_id=None, name="recall", dtype=None):
        super().__init__(thresholds, top_k, class_id, name=name, dtype=dtype)

    def _value(self, s):
        return divide_no_nan(s["true_positives"], s["true_positives"] + s["false_negatives"])


def _count_metric(class_name, count, snake):
    class _Count(_ConfusionMetric):
        _counts = (count,)

        def __init__(self, thresholds=None, name=snake, dtype=None):
            super().__init__(thresholds, name=name, dtype=dtype)

        def _value(self, s):
            return s[count].clone()

        def get_config(self):
            return {"name": self.name, "dtype": self.dtype, "thresholds": self.init_thresholds}

    _Count.__name__ = _Count.__qualname__ = class_name
    _Count.__doc__ = f"`{class_name}(thresholds=None)`: weighted count of {count.replace('_', ' ')}."
    return _Count


TruePositives = _count_metric("TruePositives", "true_positives", "true_positives")
FalsePositives = _count_metric("FalsePositives", "false_positives", "false_positives")
TrueNegatives = _count_metric("TrueNegatives", "true_negatives", "true_negatives")
FalseNegatives = _count_metric("FalseNegatives", "false_negatives", "false_negatives")
