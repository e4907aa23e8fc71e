"""Metric lookup, including Keras's resolution of `"accuracy"` from the loss and shapes.

String names resolve as in Keras 3 (`keras/src/metrics/__init__.py`): class
names, their snake_case (`"auc"`, `"top_k_categorical_accuracy"`) and the
aliases `mse`, `mae`, `mape`, `msle`, `bce`. As in `compile`, a metric given
by a string is named after that string (`metrics=["mse"]` logs `"mse"`).
"""

from keraslike._src.keras import keras_version
from keraslike._src.keras.backend.naming import to_snake_case
from keraslike._src.keras.losses.classification_losses import categorical_focal_crossentropy  # noqa: F401
from keraslike._src.keras.losses.hinge_losses import categorical_hinge, hinge, squared_hinge  # noqa: F401
from keraslike._src.keras.losses.losses import (  # noqa: F401
    binary_crossentropy, categorical_crossentropy, mean_absolute_error, mean_squared_error,
    sparse_categorical_crossentropy,
)
from keraslike._src.keras.losses.probabilistic_losses import (  # noqa: F401
    binary_focal_crossentropy, kl_divergence, kullback_leibler_divergence, poisson,
)
from keraslike._src.keras.losses.regression_losses import (  # noqa: F401
    huber, log_cosh, mean_absolute_percentage_error, mean_squared_logarithmic_error,
)
from keraslike._src.keras.metrics.accuracy_metrics import (  # noqa: F401
    Accuracy, BinaryAccuracy, CategoricalAccuracy, SparseCategoricalAccuracy, SparseTopKCategoricalAccuracy,
    TopKCategoricalAccuracy, accuracy, binary_accuracy, categorical_accuracy, sparse_categorical_accuracy,
    sparse_top_k_categorical_accuracy, top_k_categorical_accuracy,
)
from keraslike._src.keras.metrics.auc import AUC
from keraslike._src.keras.metrics.confusion_metrics import (
    FalseNegatives, FalsePositives, Precision, Recall, TrueNegatives, TruePositives,
)
from keraslike._src.keras.metrics.correlation_metrics import (  # noqa: F401
    ConcordanceCorrelation, PearsonCorrelation, concordance_correlation, pearson_correlation,
)
from keraslike._src.keras.metrics.f_score_metrics import F1Score, FBetaScore
from keraslike._src.keras.metrics.iou_metrics import IoU, BinaryIoU, MeanIoU, OneHotIoU, OneHotMeanIoU
from keraslike._src.keras.metrics.metric import Metric, sync_results  # noqa: F401
from keraslike._src.keras.metrics.probabilistic_metrics import (
    BinaryCrossentropy, CategoricalCrossentropy, CategoricalHinge, Hinge, KLDivergence, Poisson,
    SparseCategoricalCrossentropy, SquaredHinge,
)
from keraslike._src.keras.metrics.reduction_metrics import Mean, MeanMetricWrapper, Sum  # noqa: F401
from keraslike._src.keras.metrics.regression_metrics import (  # noqa: F401
    CosineSimilarity, LogCoshError, MeanAbsoluteError, MeanAbsolutePercentageError, MeanSquaredError,
    MeanSquaredLogarithmicError, R2Score, RootMeanSquaredError, cosine_similarity,
)
from keraslike._src.keras.metrics.sensitivity_metrics import (
    PrecisionAtRecall, RecallAtPrecision, SensitivityAtSpecificity, SpecificityAtSensitivity,
)
from keraslike._src.keras.saving.namespace_lookup import NamespaceLookup

mse = MSE = mean_squared_error
mae = MAE = mean_absolute_error
mape = MAPE = mean_absolute_percentage_error
msle = MSLE = mean_squared_logarithmic_error
logcosh = log_cosh
kld = KLD = kl_divergence

_CLASSES = (
    Accuracy, BinaryAccuracy, CategoricalAccuracy, SparseCategoricalAccuracy, TopKCategoricalAccuracy,
    SparseTopKCategoricalAccuracy, Mean, Sum, AUC, Precision, Recall, TruePositives, FalsePositives,
    TrueNegatives, FalseNegatives, MeanSquaredError, MeanAbsoluteError, MeanAbsolutePercentageError,
    MeanSquaredLogarithmicError, RootMeanSquaredError, CosineSimilarity, LogCoshError, BinaryCrossentropy,
    CategoricalCrossentropy, SparseCategoricalCrossentropy, KLDivergence, Poisson, Hinge, SquaredHinge,
    CategoricalHinge, F1Score, FBetaScore, R2Score, IoU, MeanIoU, BinaryIoU, OneHotIoU, OneHotMeanIoU,
    PearsonCorrelation, ConcordanceCorrelation, PrecisionAtRecall, RecallAtPrecision, SensitivityAtSpecificity,
    SpecificityAtSensitivity,
)
# Keras's snake-case names and short aliases; the classes are found by their class names too.
_NAMES = {to_snake_case(cls.__name__): cls for cls in _CLASSES if cls is not Accuracy}
_NAMES.update({
    "mse": MeanSquaredError, "MSE": MeanSquaredError, "mae": MeanAbsoluteError, "MAE": MeanAbsoluteError,
    "mape": MeanAbsolutePercentageError, "MAPE": MeanAbsolutePercentageError,
    "msle": MeanSquaredLogarithmicError, "MSLE": MeanSquaredLogarithmicError,
    "bce": BinaryCrossentropy, "BCE": BinaryCrossentropy, "auc": AUC, "logcosh": LogCoshError,
    "log_cosh": LogCoshError, "kld": KLDivergence, "kl_divergence": KLDivergence,
})


_LOOKUP = NamespaceLookup("metric", "keras.metrics", Metric, _NAMES, classes=_CLASSES)

# What tf_keras's `metrics.get` returns for a function's name under TF_USE_LEGACY_KERAS=1: the function (one
# value per sample), where Keras 3 makes a Metric.
_KERAS2_FUNCTIONS = {fn.__name__: fn for fn in (
    accuracy, binary_accuracy, categorical_accuracy, sparse_categorical_accuracy, top_k_categorical_accuracy,
    sparse_top_k_categorical_accuracy, mean_squared_error, mean_absolute_error, mean_absolute_percentage_error,
    mean_squared_logarithmic_error, binary_crossentropy, categorical_crossentropy, sparse_categorical_crossentropy,
    hinge, squared_hinge, categorical_hinge, poisson, log_cosh)}
_KERAS2_FUNCTIONS.update({
    "acc": accuracy, "mse": mean_squared_error, "MSE": mean_squared_error, "mae": mean_absolute_error,
    "MAE": mean_absolute_error, "mape": mean_absolute_percentage_error, "MAPE": mean_absolute_percentage_error,
    "msle": mean_squared_logarithmic_error, "MSLE": mean_squared_logarithmic_error,
    "kullback_leibler_divergence": kl_divergence, "logcosh": log_cosh,
})


def serialize(metric):
    """`{"module", "class_name", "config", "registered_name"}` for a Metric, as Keras writes it (a registered class
    under its `"package>name"`)."""
    return _LOOKUP.serialize(metric)


def deserialize(config, custom_objects=None):
    """Build a Metric from `serialize`'s dict: `custom_objects`, the active scopes, registered classes, then
    keraslike's own.

    Raises:
        ValueError: for an unknown `class_name` (lists the known ones).
    """
    return _LOOKUP.deserialize(config, custom_objects)


def get(identifier):
    """`keras.metrics.get`: a name gives a new instance of its Metric under the metric's own name (`"accuracy"` is
    `Accuracy`, `"mae"` is `MeanAbsoluteError` named `mean_absolute_error`), a class an instance, a config dict its
    Metric, None None, and a callable itself.

    Raises:
        ValueError: "Could not interpret metric identifier" (with the closest names) for anything else.
    """
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str):
        if keras_version.legacy_keras() and identifier in _KERAS2_FUNCTIONS:  # tf_keras: the metric function
            return _KERAS2_FUNCTIONS[identifier]
        return _LOOKUP.resolve(identifier, extra={"accuracy": Accuracy})()
    if isinstance(identifier, type):
        return identifier()
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret metric identifier: {identifier!r}. Received: identifier={identifier!r}")


def to_metric(identifier, y_true=None, y_pred=None, loss=None):
    """The `Metric` `compile` uses for a metric spec.

    `"accuracy"`/`"acc"` becomes binary, sparse-categorical or categorical
    accuracy (named as given), chosen like Keras from the loss and the shapes
    of `y_true`/`y_pred` (tensors of the first batch). Other strings give the
    metric named after the string, as `compile` does.

    Raises:
        ValueError: for an unknown name (lists valid names).
    """
    if isinstance(identifier, Metric):
        return identifier
    if isinstance(identifier, type) and issubclass(identifier, Metric):
        return identifier()
    if identifier in ("accuracy", "acc"):
        return MeanMetricWrapper(_accuracy_fn(y_true, y_pred, loss), name=identifier)
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if callable(identifier):
        return MeanMetricWrapper(identifier, name=getattr(identifier, "__name__", "metric"))
    metric = _LOOKUP.resolve(identifier, extra={"accuracy": None, "acc": None})()
    metric.name = identifier
    return metric


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
