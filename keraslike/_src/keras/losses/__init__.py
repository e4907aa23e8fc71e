"""Loss lookup: `keras.losses.get("sparse_categorical_crossentropy")`, `serialize`, `deserialize`.

Names resolve as in Keras 3 (`keras/src/losses/__init__.py`): class names,
function names and the short aliases (`mse`, `mae`, `mape`, `msle`, `kld`, `bce`).
"""

from keraslike._src.keras.losses.classification_losses import (  # noqa: F401
    CategoricalFocalCrossentropy, CategoricalGeneralizedCrossEntropy, categorical_focal_crossentropy,
    categorical_generalized_cross_entropy,
)
from keraslike._src.keras.losses.hinge_losses import (  # noqa: F401
    CategoricalHinge, Hinge, SquaredHinge, categorical_hinge, hinge, squared_hinge,
)
from keraslike._src.keras.losses.loss import Loss, LossFunctionWrapper, Reduction  # noqa: F401
from keraslike._src.keras.losses.losses import (  # noqa: F401
    MAE, MSE, BinaryCrossentropy, CategoricalCrossentropy, MeanAbsoluteError, MeanSquaredError,
    SparseCategoricalCrossentropy, binary_crossentropy, categorical_crossentropy, mae, mean_absolute_error,
    mean_squared_error, mse, sparse_categorical_crossentropy,
)
from keraslike._src.keras.losses.overlap_losses import Dice, Tversky, dice, tversky  # noqa: F401
from keraslike._src.keras.losses.probabilistic_losses import (  # noqa: F401
    KLD, BinaryFocalCrossentropy, KLDivergence, Poisson, binary_focal_crossentropy, kl_divergence, kld,
    kullback_leibler_divergence, poisson,
)
from keraslike._src.keras.losses.regression_losses import (  # noqa: F401
    MAPE, MSLE, CosineSimilarity, Huber, LogCosh, MeanAbsolutePercentageError, MeanSquaredLogarithmicError,
    cosine_similarity, huber, log_cosh, logcosh, mape, mean_absolute_percentage_error,
    mean_squared_logarithmic_error, msle,
)
from keraslike._src.keras.losses.sequence_losses import CTC, ctc  # noqa: F401
from keraslike._src.keras.losses.similarity_losses import Circle, circle  # noqa: F401
from keraslike._src.keras.saving.namespace_lookup import NamespaceLookup

_NAMES = {  # Keras's function names and short aliases; class names are found too
    "sparse_categorical_crossentropy": SparseCategoricalCrossentropy,
    "categorical_crossentropy": CategoricalCrossentropy,
    "binary_crossentropy": BinaryCrossentropy, "bce": BinaryCrossentropy, "BCE": BinaryCrossentropy,
    "binary_focal_crossentropy": BinaryFocalCrossentropy,
    "mean_squared_error": MeanSquaredError, "mse": MeanSquaredError, "MSE": MeanSquaredError,
    "mean_absolute_error": MeanAbsoluteError, "mae": MeanAbsoluteError, "MAE": MeanAbsoluteError,
    "mean_absolute_percentage_error": MeanAbsolutePercentageError, "mape": MeanAbsolutePercentageError,
    "MAPE": MeanAbsolutePercentageError,
    "mean_squared_logarithmic_error": MeanSquaredLogarithmicError, "msle": MeanSquaredLogarithmicError,
    "MSLE": MeanSquaredLogarithmicError,
    "kl_divergence": KLDivergence, "kld": KLDivergence, "KLD": KLDivergence,
    "kullback_leibler_divergence": KLDivergence,
    "poisson": Poisson, "huber": Huber, "huber_loss": Huber, "log_cosh": LogCosh, "logcosh": LogCosh,
    "cosine_similarity": CosineSimilarity, "hinge": Hinge, "squared_hinge": SquaredHinge,
    "categorical_hinge": CategoricalHinge,
    "categorical_focal_crossentropy": CategoricalFocalCrossentropy,
    "categorical_generalized_cross_entropy": CategoricalGeneralizedCrossEntropy,
    "circle": Circle, "ctc": CTC, "dice": Dice, "tversky": Tversky,
}
_LOOKUP = NamespaceLookup("loss", "keras.losses", Loss, _NAMES)


# What Keras's `losses.get` returns for a name that is not a class name: the loss function (per-sample values),
# under Keras 3's names and aliases and Keras 2's (`huber_loss`, `logcosh`, `kullback_leibler_divergence`).
_FUNCTIONS = {fn.__name__: fn for fn in (
    binary_crossentropy, binary_focal_crossentropy, categorical_crossentropy, categorical_focal_crossentropy,
    categorical_hinge, circle, cosine_similarity, ctc, dice, hinge, huber, kl_divergence, log_cosh,
    mean_absolute_error, mean_absolute_percentage_error, mean_squared_error, mean_squared_logarithmic_error, poisson,
    sparse_categorical_crossentropy, squared_hinge, tversky, categorical_generalized_cross_entropy)}
_FUNCTIONS.update({
    "bce": binary_crossentropy, "BCE": binary_crossentropy, "kld": kl_divergence, "KLD": kl_divergence,
    "mae": mean_absolute_error, "MAE": mean_absolute_error, "mse": mean_squared_error, "MSE": mean_squared_error,
    "mape": mean_absolute_percentage_error, "MAPE": mean_absolute_percentage_error,
    "msle": mean_squared_logarithmic_error, "MSLE": mean_squared_logarithmic_error,
    "huber_loss": huber, "logcosh": log_cosh, "kullback_leibler_divergence": kl_divergence,
})


def serialize(loss):
    """`{"module", "class_name", "config", "registered_name"}` for a Loss, as Keras writes it (a registered class
    under its `"package>name"`); a loss function as Keras writes a function (`"class_name": "function"`)."""
    if not isinstance(loss, Loss) and _FUNCTIONS.get(getattr(loss, "__name__", None)) is loss:
        return {"module": "builtins", "class_name": "function", "config": loss.__name__,
                "registered_name": "function"}
    return _LOOKUP.serialize(loss)


def deserialize(config, custom_objects=None):
    """Build a Loss from `serialize`'s dict: `custom_objects`, the active scopes, registered classes, then
    keraslike's own; a function's dict (or a function's name as `class_name`) gives the function.

    Raises:
        ValueError: for an unknown `class_name` (lists the known ones).
    """
    if isinstance(config, dict):
        name = config.get("config") if config.get("class_name") == "function" else config.get("class_name")
        if isinstance(name, str) and name in _FUNCTIONS and not (custom_objects and name in custom_objects):
            return _FUNCTIONS[name]
    return _LOOKUP.deserialize(config, custom_objects)


def get(identifier):
    """`keras.losses.get`: a loss function's name gives the function (`get("mse")(y_true, y_pred)` is one loss per
    sample), a class name or class an instance, a config dict its Loss, None None, and a callable itself.

    Raises:
        ValueError: "Could not interpret loss identifier" (with the closest names) for anything else.
    """
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str):
        if identifier in _FUNCTIONS:
            return _FUNCTIONS[identifier]
        return _LOOKUP.resolve(identifier)()
    if isinstance(identifier, type):
        return identifier()
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret loss identifier: {identifier!r}. Received: identifier={identifier!r}")


def to_loss(identifier):
    """The `Loss` `compile` uses for `identifier` (a name, class, config dict, instance, or `fn(y_true, y_pred)`
    wrapped): reduced to a scalar, unlike `get`'s functions.

    Raises:
        ValueError: "Could not interpret loss identifier" listing valid names.
    """
    if isinstance(identifier, Loss):
        return identifier
    if isinstance(identifier, type) and issubclass(identifier, Loss):
        return identifier()
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if callable(identifier):
        return LossFunctionWrapper(identifier, name=getattr(identifier, "__name__", "loss"))
    return _LOOKUP.resolve(identifier)()
