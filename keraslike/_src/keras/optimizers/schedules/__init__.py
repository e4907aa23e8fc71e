"""`keras.optimizers.schedules`: learning-rate schedules and their (de)serialization."""

from keraslike._src.keras.optimizers.schedules.learning_rate_schedule import (
    CosineDecay, CosineDecayRestarts, ExponentialDecay, InverseTimeDecay, LearningRateSchedule,
    PiecewiseConstantDecay, PolynomialDecay,
)
from keraslike._src.keras.utils.lookup import lookup

_BY_CLASS = {cls.__name__: cls for cls in (CosineDecay, CosineDecayRestarts, ExponentialDecay, InverseTimeDecay,
                                           PiecewiseConstantDecay, PolynomialDecay)}


def serialize(learning_rate_schedule):
    """`{"module", "class_name", "config"}` for a schedule, as Keras writes it."""
    return {"module": "keras.optimizers.schedules", "class_name": type(learning_rate_schedule).__name__,
            "config": learning_rate_schedule.get_config(), "registered_name": None}


def deserialize(config, custom_objects=None):
    """Build a schedule from `serialize`'s dict.

    Raises:
        ValueError: for an unknown `class_name` (lists the known ones).
    """
    table = {**_BY_CLASS, **(custom_objects or {})}
    return lookup("learning rate schedule", config["class_name"], table).from_config(config.get("config", {}))
