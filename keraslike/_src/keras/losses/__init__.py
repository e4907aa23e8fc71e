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


def serialize(loss):
    """`{"module", "class_name", "config", "registered_name"}` for a Loss, as Keras writes it (a registered class
    under its `"package>name"`)."""
    return _LOOKUP.serialize(loss)


def deserialize(config, custom_objects=None):
    """Build a Loss from `serialize`'s dict: `custom_objects`, the active scopes, registered classes, then
    keraslike's own.

    Raises:
        ValueError: for an unknown `class_name` (lists the known ones).
    """
    return _LOOKUP.deserialize(config, custom_objects)


def get(identifier):
    """Resolve a loss name, class, config dict, instance, or `fn(y_true, y_pred)` to a `Loss`.

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
