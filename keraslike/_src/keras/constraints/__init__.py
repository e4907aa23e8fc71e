"""`keras.constraints`: lookup by name (`"max_norm"`, `"non_neg"`), class, config dict or callable."""

from keraslike._src.keras.constraints.constraints import (  # noqa: F401
    Constraint, MaxNorm, MinMaxNorm, NonNeg, UnitNorm, max_norm, min_max_norm, non_neg, unit_norm,
)
from keraslike._src.keras.utils.lookup import lookup

_BY_NAME = {"max_norm": MaxNorm, "non_neg": NonNeg, "unit_norm": UnitNorm, "min_max_norm": MinMaxNorm}
_BY_CLASS = {cls.__name__: cls for cls in (MaxNorm, NonNeg, UnitNorm, MinMaxNorm)}


def serialize(constraint):
    return {"module": "keras.constraints", "class_name": type(constraint).__name__,
            "config": constraint.get_config(), "registered_name": None}


def deserialize(config, custom_objects=None):
    """Build a constraint from `serialize`'s dict.

    Raises:
        ValueError: for an unknown `class_name`.
    """
    table = {**_BY_NAME, **_BY_CLASS, **(custom_objects or {})}
    return lookup("constraint", config["class_name"], table).from_config(config.get("config", {}))


def get(identifier):
    """Resolve None, a name, a config dict, a class or a callable to a constraint.

    Raises:
        ValueError: "Could not interpret constraint identifier" listing valid names.
    """
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, type) and issubclass(identifier, Constraint):
        return identifier()
    if callable(identifier):
        return identifier
    return lookup("constraint", identifier, {**_BY_NAME, **_BY_CLASS})()
