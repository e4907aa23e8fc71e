"""`keras.constraints`: lookup by name (`"max_norm"`, `"non_neg"`), class, config dict or callable."""

from keraslike._src.keras.constraints.constraints import (  # noqa: F401
    Constraint, MaxNorm, MinMaxNorm, NonNeg, UnitNorm, max_norm, min_max_norm, non_neg, unit_norm,
)
from keraslike._src.keras.saving.namespace_lookup import NamespaceLookup

_NAMES = {"max_norm": MaxNorm, "non_neg": NonNeg, "unit_norm": UnitNorm, "min_max_norm": MinMaxNorm}
_LOOKUP = NamespaceLookup("constraint", "keras.constraints", Constraint, _NAMES)


def serialize(constraint):
    """`constraint`'s config dict (a registered class under its `"package>name"`)."""
    return _LOOKUP.serialize(constraint)


def deserialize(config, custom_objects=None):
    """Build a constraint from `serialize`'s dict: `custom_objects`, the active scopes, registered classes, then
    this namespace's classes.

    Raises:
        ValueError: for an unknown `class_name`.
    """
    return _LOOKUP.deserialize(config, custom_objects)


def get(identifier):
    """Resolve None, a name, a config dict, a class or a callable to a constraint.

    Raises:
        ValueError: "Could not interpret constraint identifier" listing valid names.
    """
    return _LOOKUP.get(identifier)
