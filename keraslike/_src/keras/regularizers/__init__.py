"""`keras.regularizers`: lookup by name (`"l2"`), class, config dict or callable."""

from keraslike._src.keras.regularizers.regularizers import (  # noqa: F401
    L1, L1L2, L2, OrthogonalRegularizer, Regularizer, l1, l1_l2, l2, orthogonal_regularizer,
)
from keraslike._src.keras.saving.namespace_lookup import NamespaceLookup

_NAMES = {"l1": L1, "l2": L2, "l1l2": L1L2, "l1_l2": L1L2, "orthogonal_regularizer": OrthogonalRegularizer}
_LOOKUP = NamespaceLookup("regularizer", "keras.regularizers", Regularizer, _NAMES)


def serialize(regularizer):
    """`regularizer`'s config dict (a registered class under its `"package>name"`)."""
    return _LOOKUP.serialize(regularizer)


def deserialize(config, custom_objects=None):
    """Build a regularizer from `serialize`'s dict: `custom_objects`, the active scopes, registered classes, then
    this namespace's classes.

    Raises:
        ValueError: for an unknown `class_name`.
    """
    return _LOOKUP.deserialize(config, custom_objects)


def get(identifier):
    """Resolve None, a name, a config dict, a class or a callable to a regularizer.

    Raises:
        ValueError: "Could not interpret regularizer identifier" listing valid names.
    """
    return _LOOKUP.get(identifier)
