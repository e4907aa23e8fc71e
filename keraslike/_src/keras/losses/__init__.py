"""Loss lookup: `keras.losses.get("sparse_categorical_crossentropy")`."""

from keraslike._src.keras.losses.loss import Loss, LossFunctionWrapper, Reduction  # noqa: F401
from keraslike._src.keras.losses.losses import (  # noqa: F401
    BinaryCrossentropy, CategoricalCrossentropy, MeanAbsoluteError, MeanSquaredError,
    SparseCategoricalCrossentropy, binary_crossentropy, categorical_crossentropy, mean_absolute_error,
    mean_squared_error, sparse_categorical_crossentropy,
)
from keraslike._src.keras.utils.lookup import lookup

_BY_NAME = {
    "sparse_categorical_crossentropy": SparseCategoricalCrossentropy,
    "categorical_crossentropy": CategoricalCrossentropy,
    "binary_crossentropy": BinaryCrossentropy,
    "mean_squared_error": MeanSquaredError, "mse": MeanSquaredError, "MSE": MeanSquaredError,
    "mean_absolute_error": MeanAbsoluteError, "mae": MeanAbsoluteError, "MAE": MeanAbsoluteError,
}
_BY_CLASS = {cls.__name__: cls for cls in set(_BY_NAME.values())}


def register(name, cls):
    """Add a string name (used by the broader Keras loss set)."""
    _BY_NAME[name] = cls
    _BY_CLASS[cls.__name__] = cls


def get(identifier):
    """Resolve a loss name, class, instance, or `fn(y_true, y_pred)` to a `Loss`.

    Raises:
        ValueError: "Could not interpret loss identifier" listing valid names.
    """
    if isinstance(identifier, Loss):
        return identifier
    if isinstance(identifier, type) and issubclass(identifier, Loss):
        return identifier()
    if callable(identifier):
        return LossFunctionWrapper(identifier, name=getattr(identifier, "__name__", "loss"))
    return lookup("loss", identifier, {**_BY_NAME, **_BY_CLASS})()
