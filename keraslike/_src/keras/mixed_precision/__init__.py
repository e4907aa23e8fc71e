"""`keras.mixed_precision`: dtype policies, autocast in `fit`, dynamic loss scaling."""

from keraslike._src.keras.mixed_precision.loss_scale_optimizer import LossScaleOptimizer  # noqa: F401
from keraslike._src.keras.mixed_precision.policy import (  # noqa: F401
    Autocast, DTypePolicy, Policy, float32_outputs, global_policy, policy_scope, set_global_policy,
)
