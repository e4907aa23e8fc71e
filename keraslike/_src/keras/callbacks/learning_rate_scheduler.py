"""`keras.callbacks.LearningRateScheduler` (keras/src/callbacks/learning_rate_scheduler.py)."""

import numbers

from keraslike._src.keras import keras_version
from keraslike._src.keras.callbacks.callback import Callback
from keraslike._src.keras.utils import io_utils


class LearningRateScheduler(Callback):
    """Set the learning rate at the start of each epoch from `schedule(epoch, lr)`.

    Args:
        schedule: `fn(epoch, lr) -> new_lr` (epoch 0-based), or the older `fn(epoch) -> new_lr`.
        verbose: 0 or 1.

    Adds the learning rate to the epoch logs (`History`) as `learning_rate` (Keras 3), `lr` under Keras 2.

    Raises:
        ValueError: if the schedule does not return a number.
    """

    def __init__(self, schedule, verbose=0):
        super().__init__()
        self.schedule = schedule
        self.verbose = verbose

    def on_epoch_begin(self, epoch, logs=None):
        optimizer = self.model.optimizer
        if not hasattr(optimizer, "learning_rate"):
            raise ValueError('Optimizer must have a "learning_rate" attribute. '
                             f"Received: optimizer={type(optimizer).__name__}")
        try:
            learning_rate = self.schedule(epoch, float(optimizer.learning_rate))
        except TypeError:
            learning_rate = self.schedule(epoch)
        if hasattr(learning_rate, "item") and getattr(learning_rate, "ndim", 0) == 0:
            learning_rate = learning_rate.item()
        if not isinstance(learning_rate, numbers.Real) or isinstance(learning_rate, bool):
            raise ValueError(f"The output of the `schedule` function should be a float. Got: {learning_rate}")
        optimizer.learning_rate = float(learning_rate)
        if self.verbose > 0 and getattr(self.model.distribute_strategy, "is_chief", True):
            io_utils.print_msg(f"\nEpoch {epoch + 1}: LearningRateScheduler setting learning rate to {learning_rate}.")

    def on_epoch_end(self, epoch, logs=None):
        if logs is not None:  # Keras 2 logs it as `lr` (`history.history["lr"]`)
            logs["lr" if keras_version.legacy_keras() else "learning_rate"] = float(self.model.optimizer.learning_rate)
