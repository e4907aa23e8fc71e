"""`tf.keras.mixed_precision`."""

from keraslike._src.keras.mixed_precision import (  # noqa: F401
    DTypePolicy, LossScaleOptimizer, Policy, global_policy, set_global_policy,
)
from keraslike._src.keras.mixed_precision import global_policy as dtype_policy  # noqa: F401,E402  (Keras 3 names)
from keraslike._src.keras.mixed_precision import set_global_policy as set_dtype_policy  # noqa: F401,E402
