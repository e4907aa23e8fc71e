"""`keras.optimizers.schedules`: learning-rate schedules and their (de)serialization."""

from keraslike._src.keras.optimizers.schedules.learning_rate_schedule import (
    CosineDecay, CosineDecayRestarts, ExponentialDecay, InverseTimeDecay, LearningRateSchedule,
    PiecewiseConstantDecay, PolynomialDecay,
)
from keraslike._src.keras.saving.namespace_lookup import NamespaceLookup

_LOOKUP = NamespaceLookup("learning rate schedule", "keras.optimizers.schedules", LearningRateSchedule, {},
                          classes=(CosineDecay, CosineDecayRestarts, ExponentialDecay, InverseTimeDecay,
                                   PiecewiseConstantDecay, PolynomialDecay))


def serialize(learning_rate_schedule):
    """`{"module", "class_name", "config", "registered_name"}` for a schedule, as Keras writes it (a registered
    class under its `"package>name"`, a user's class under its own module)."""
    return _LOOKUP.serialize(learning_rate_schedule)


def deserialize(config, custom_objects=None):
    """Build a schedule from `serialize`'s dict: `custom_objects`, the active scopes, registered classes, then
    keraslike's schedules.

    Raises:
        ValueError: for an unknown `class_name` (lists the known ones).
    """
    return _LOOKUP.deserialize(config, custom_objects)
