"""Metric lookup, including Keras's resolution of `"accuracy"` from the loss and shapes."""

from keraslike._src.keras.metrics.accuracy_metrics import (  # noqa: F401
    Accuracy, BinaryAccuracy, CategoricalAccuracy, SparseCategoricalAccuracy, accuracy, binary_accuracy,
    categorical_accuracy, sparse_categorical_accuracy,
)
from keraslike._src.keras.metrics.metric import Metric, sync_results  # noqa: F401
from keraslike._src.keras.metrics.reduction_metrics import Mean, MeanMetricWrapper, Sum  # noqa: F401
from keraslike._src.keras.utils.lookup import lookup

_BY_NAME = {
    "binary_accuracy": BinaryAccuracy, "categorical_accuracy": CategoricalAccuracy,
    "sparse_categorical_accuracy": SparseCategoricalAccuracy,
}
_BY_CLASS = {"Accuracy": Accuracy, "BinaryAccuracy": BinaryAccuracy, "CategoricalAccuracy": CategoricalAccuracy,
             "SparseCategoricalAccuracy": SparseCategoricalAccuracy, "Mean": Mean, "Sum": Sum}


def register(name, cls):
    _BY_NAME[name] = cls
    _BY_CLASS[cls.__name__] = cls


def get(identifier, y_true=None, y_pred=None, loss=None):
    """Resolve a metric spec to a `Metric`.

    `"accuracy"`/`"acc"` becomes binary, sparse-categorical or categorical
    accuracy (named as given), chosen like Keras from the loss and the shapes
    of `y_true`/`y_pred` (tensors of the first batch).

    Raises:
        ValueError: for an unknown name (lists valid names).
    """
    if isinstance(identifier, Metric):
        return identifier
    if isinstance(identifier, type) and issubclass(identifier, Metric):
        return identifier()
    if identifier in ("accuracy", "acc"):
        return MeanMetricWrapper(_accuracy_fn(y_true, y_pred, loss), name=identifier)
    if callable(identifier):
        return MeanMetricWrapper(identifier, name=getattr(identifier, "__name__", "metric"))
    return lookup("metric", identifier, {**_BY_NAME, **_BY_CLASS, "accuracy": None, "acc": None})()


def _accuracy_fn(y_true, y_pred, loss):
    loss_name = getattr(loss, "name", "") or ""
    if "binary_crossentropy" in loss_name:
        return binary_accuracy
    if "sparse_categorical" in loss_name:
        return sparse_categorical_accuracy
    if "categorical_crossentropy" in loss_name:
        return categorical_accuracy
    if y_pred is None:
        return sparse_categorical_accuracy
    y_p_last = y_pred.shape[-1] if y_pred.dim() else 1
    if y_p_last == 1:
        return binary_accuracy
    if y_true is not None and (y_true.dim() < y_pred.dim() or (y_true.dim() and y_true.shape[-1] == 1)):
        return sparse_categorical_accuracy
    return categorical_accuracy
