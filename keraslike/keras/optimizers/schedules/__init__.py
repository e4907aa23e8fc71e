"""`tf.keras.optimizers.schedules`."""

from keraslike._src.keras.optimizers.schedules import (  # noqa: F401
    CosineDecay, CosineDecayRestarts, ExponentialDecay, InverseTimeDecay, LearningRateSchedule,
    PiecewiseConstantDecay, PolynomialDecay, deserialize, serialize,
)
