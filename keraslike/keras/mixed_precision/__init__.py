"""`tf.keras.mixed_precision`."""

from keraslike._src.keras.mixed_precision import (  # noqa: F401
    DTypePolicy, LossScaleOptimizer, Policy, global_policy, set_global_policy,
)
