"""`tf.keras.optimizers` (and `optimizers.legacy`, which applies TF 2's `decay`; `optimizers.schedules`)."""

from keraslike._src.keras.optimizers import (  # noqa: F401
    SGD, Adadelta, Adafactor, Adagrad, Adam, Adamax, AdamW, Ftrl, Lamb, Lion, MultiOptimizer, Muon, Nadam, Optimizer,
    OptimizerMap, RMSprop, ScheduleFreeAdamW, deserialize, get, serialize,
)
from keraslike._src.keras.mixed_precision.loss_scale_optimizer import LossScaleOptimizer  # noqa: F401
from keraslike.keras.optimizers import legacy, schedules  # noqa: F401
