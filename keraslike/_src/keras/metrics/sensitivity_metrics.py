"""Best value of one rate subject to a floor on another (mirrors `SensitivitySpecificityBase` and its four
subclasses in `keras/src/metrics/confusion_metrics.py`, Keras 3.15).

State: float32 `true_positives`, `false_positives`, `true_negatives`, `false_negatives` of shape
`(num_thresholds,)` over the thresholds `0, 1/(T-1), ..., 1` (`[0.5]` when `num_thresholds=1`), counted on the
device (Keras's bucketing for evenly spaced thresholds) and summed across replicas when `result()` is read.
`result()` is the largest dependent rate over the thresholds whose constrained rate is `>=` the target (0 when
none is).
"""

import torch

from keraslike._src.keras.metrics.confusion_matrix import confusion_counts, divide_no_nan
from keraslike._src.keras.metrics.metric import Metric

_COUNTS = ("true_positives", "false_positives", "true_negatives", "false_negatives")
_SHORT = dict(zip(_COUNTS, ("tp", "fp", "tn", "fn")))


class _SensitivitySpecificityBase(Metric):
    """Shared state and update for the four metrics; subclasses define `_rates(states)`."""

    _arg = "value"

    def __init__(self, value, num_thresholds=200, class_id=None, name=None, dtype=None):
        if value < 0 or value > 1:
            raise ValueError(f"Argument `{self._arg}` must be in the range [0, 1]. Received: {self._arg}={value}")
        if num_thresholds <= 0:
            raise ValueError(f"Argument `num_thresholds` must be an integer > 0. Received: "
                             f"num_thresholds={num_thresholds}")
        super().__init__(name=name, dtype=dtype)
        self.value, self.num_thresholds, self.class_id = value, num_thresholds, class_id
        if num_thresholds == 1:
            self.thresholds, self._evenly = [0.5], False
        else:
            inner = [(i + 1) * 1.0 / (num_thresholds - 1) for i in range(num_thresholds - 2)]
            self.thresholds, self._evenly = [0.0] + inner + [1.0], True
        for count in _COUNTS:
            self.add_state(count, shape=(len(self.thresholds),))

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Add this batch's counts.

        Args:
            y_true: labels (non-zero is positive), same shape as `y_pred`.
            y_pred: scores in [0, 1].
            sample_weight: optional weights broadcastable to `y_true`.
        """
        counts = confusion_counts(y_true, y_pred, self.thresholds, sample_weight, class_id=self.class_id,
                                  evenly=self._evenly)
        self._move_states(counts["tp"].device)
        for count in _COUNTS:
            self.state(count).add_(counts[_SHORT[count]])

    def _rates(self, s):
        raise NotImplementedError

    def _result_from(self, states):
        constrained, dependent = self._rates(states)
        feasible = constrained >= self.value
        return torch.where(feasible, dependent, torch.zeros_like(dependent)).amax().clamp_min(0.0)

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype, "class_id": self.class_id,
                "num_thresholds": self.num_thresholds, self._arg: self.value}


def _sensitivity(s):
    return divide_no_nan(s["true_positives"], s["true_positives"] + s["false_negatives"])


def _specificity(s):
    return divide_no_nan(s["true_negatives"], s["true_negatives"] + s["false_positives"])


def _precision(s):
    return divide_no_nan(s["true_positives"], s["true_positives"] + s["false_positives"])


class SensitivityAtSpecificity(_SensitivitySpecificityBase):
    """`SensitivityAtSpecificity(specificity, num_thresholds=200, class_id=None, name=None, dtype=None)`: best
    sensitivity (recall) at a specificity `>= specificity`.

    Raises:
        ValueError: for `specificity` outside [0, 1] or `num_thresholds <= 0`.
    """

    _arg = "specificity"

    def __init__(self, specificity, num_thresholds=200, class_id=None, name=None, dtype=None):
        super().__init__(specificity, num_thresholds=num_thresholds, class_id=class_id, name=name, dtype=dtype)
        self.specificity = specificity

    def _rates(self, s):
        return _specificity(s), _sensitivity(s)


class SpecificityAtSensitivity(_SensitivitySpecificityBase):
    """`SpecificityAtSensitivity(sensitivity, num_thresholds=200, class_id=None, name=None, dtype=None)`: best
    specificity at a sensitivity `>= sensitivity`.

    Raises:
        ValueError: for `sensitivity` outside [0, 1] or `num_thresholds <= 0`.
    """

    _arg = "sensitivity"

    def __init__(self, sensitivity, num_thresholds=200, class_id=None, name=None, dtype=None):
        super().__init__(sensitivity, num_thresholds=num_thresholds, class_id=class_id, name=name, dtype=dtype)
        self.sensitivity = sensitivity

    def _rates(self, s):
        return _sensitivity(s), _specificity(s)


class PrecisionAtRecall(_SensitivitySpecificityBase):
    """`PrecisionAtRecall(recall, num_thresholds=200, class_id=None, name=None, dtype=None)`: best precision at
    a recall `>= recall`.

    Raises:
        ValueError: for `recall` outside [0, 1] or `num_thresholds <= 0`.
    """

    _arg = "recall"

    def __init__(self, recall, num_thresholds=200, class_id=None, name=None, dtype=None):
        super().__init__(recall, num_thresholds=num_thresholds, class_id=class_id, name=name, dtype=dtype)
        self.recall = recall

    def _rates(self, s):
        return _sensitivity(s), _precision(s)


class RecallAtPrecision(_SensitivitySpecificityBase):
    """`RecallAtPrecision(precision, num_thresholds=200, class_id=None, name=None, dtype=None)`: best recall at
    a precision `>= precision`.

    Raises:
        ValueError: for `precision` outside [0, 1] or `num_thresholds <= 0`.
    """

    _arg = "precision"

    def __init__(self, precision, num_thresholds=200, class_id=None, name=None, dtype=None):
        super().__init__(precision, num_thresholds=num_thresholds, class_id=class_id, name=name, dtype=dtype)
        self.precision = precision

    def _rates(self, s):
        return _precision(s), _sensitivity(s)
