"""`keras.regularizers`: lookup by name (`"l2"`), class, config dict or callable."""

from keraslike._src.keras.regularizers.regularizers import (  # noqa: F401
    L1, L1L2, L2, OrthogonalRegularizer, Regularizer, l1, l1_l2, l2, orthogonal_regularizer,
)
from keraslike._src.keras.utils.lookup import lookup

_BY_NAME = {"l1": L1, "l2": L2, "l1_l2": L1L2, "orthogonal_regularizer": OrthogonalRegularizer}
_BY_CLASS = {cls.__name__: cls for cls in (L1, L2, L1L2, OrthogonalRegularizer)}


def serialize(regularizer):
    return {"module": "keras.regularizers", "class_name": type(regularizer).__name__,
            "config": regularizer.get_config(), "registered_name": None}


def deserialize(config, custom_objects=None):
    """Build a regularizer from `serialize`'s dict.

    Raises:
        ValueError: for an unknown `class_name`.
    """
    table = {**_BY_NAME, **_BY_CLASS, **(custom_objects or {})}
    return lookup("regularizer", config["class_name"], table).from_config(config.get("config", {}))


def get(identifier):
    """Resolve None, a name (`"l1"`, `"l2"`, `"l1_l2"`, class names), a config dict or a callable.

    Raises:
        ValueError: "Could not interpret regularizer identifier" listing valid names.
    """
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, type) and issubclass(identifier, Regularizer):
        return identifier()
    if callable(identifier):
        return identifier
    return lookup("regularizer", identifier, {**_BY_NAME, **_BY_CLASS})()
