"""`keras.callbacks.ReduceLROnPlateau` (keras/src/callbacks/reduce_lr_on_plateau.py)."""

import math

import numpy as np

from keraslike._src.keras import keras_version
from keraslike._src.keras.callbacks.monitor_callback import MonitorCallback
from keraslike._src.keras.utils import io_utils


class ReduceLROnPlateau(MonitorCallback):
    """Reduce the learning rate when a metric has stopped improving.

    Adds `learning_rate` to the epoch logs (so it shows in `History`), as Keras 3 (`lr` under Keras 2).

    Args:
        monitor: quantity to monitor, default "val_loss".
        factor: new_lr = lr * factor; must be < 1.
        patience: epochs without improvement before reducing.
        verbose: 0 or 1.
        mode: "auto", "min" or "max".
        min_delta: threshold for measuring a new optimum, default 1e-4.
        cooldown: epochs to wait after a reduction before resuming normal operation.
        min_lr: lower bound on the learning rate.

    Raises:
        ValueError: if `factor >= 1.0`.
    """

    def __init__(self, monitor="val_loss", factor=0.1, patience=10, verbose=0, mode="auto", min_delta=1e-4,
                 cooldown=0, min_lr=0.0, **kwargs):
        if "epsilon" in kwargs:  # Keras 2's name of min_delta
            min_delta = kwargs.pop("epsilon")
        if kwargs:
            raise TypeError(f"ReduceLROnPlateau got unexpected keyword arguments {sorted(kwargs)}. "
                            f"Received: kwargs={kwargs}")
        super().__init__(monitor=monitor, mode=mode, min_delta=min_delta)
        if factor >= 1.0:
            raise ValueError(f"ReduceLROnPlateau does not support a factor >= 1.0. Received factor={factor}")
        self.factor = factor
        self.min_lr = min_lr
        self.patience = patience
        self.verbose = verbose
        self.cooldown = cooldown
        self.cooldown_counter = 0
        self.wait = 0
        self.best = None

    def _reset(self):
        self._set_monitor_op()
        self.best = math.inf if self._direction == "min" else -math.inf
        self.cooldown_counter = 0
        self.wait = 0

    def on_train_begin(self, logs=None):
        self._reset()

    def in_cooldown(self):
        return self.cooldown_counter > 0

    def on_epoch_end(self, epoch, logs=None):
        logs = logs if logs is not None else {}
        optimizer = self.model.optimizer
        logs["lr" if keras_version.legacy_keras() else "learning_rate"] = float(optimizer.learning_rate)  # Keras 2: lr
        current = self.get_monitor_value(logs)
        if current is None:
            return
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self._is_improvement(current, self.best):
            self.best = current
            self.wait = 0
        elif not self.in_cooldown():
            self.wait += 1
            if self.wait >= self.patience:
                old_lr = float(optimizer.learning_rate)
                if old_lr > float(_f32(self.min_lr)):
                    new_lr = max(old_lr * self.factor, self.min_lr)
                    optimizer.learning_rate = new_lr
                    if self.verbose > 0 and getattr(self.model.distribute_strategy, "is_chief", True):
                        io_utils.print_msg(f"\nEpoch {epoch + 1}: ReduceLROnPlateau reducing learning rate to "
                                           f"{new_lr}.")
                    self.cooldown_counter = self.cooldown
                    self.wait = 0


def _f32(value):
    return np.float32(value)
