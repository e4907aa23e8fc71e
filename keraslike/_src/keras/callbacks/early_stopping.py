"""`keras.callbacks.EarlyStopping` (keras/src/callbacks/early_stopping.py)."""

from keraslike._src.keras.callbacks.monitor_callback import MonitorCallback
from keraslike._src.keras.utils import io_utils


class EarlyStopping(MonitorCallback):
    """Stop training when a monitored metric has stopped improving.

    Every replica receives the same reduced epoch logs, so every replica takes
    the same decision at the same epoch; `fit` also OR-reduces
    `model.stop_training` across replicas.

    Args:
        monitor: quantity to monitor, default "val_loss".
        min_delta: minimum change that counts as an improvement, default 0.
        patience: epochs without improvement after which training stops, default 0.
        verbose: 0 or 1 (prints "Epoch N: early stopping" on the chief).
        mode: "auto", "min" or "max".
        baseline: training stops if the model does not improve over it within `patience` epochs.
        restore_best_weights: restore the weights of the best epoch at the end of training
            (if an improvement was seen; Keras 3 also restores when stopping did not trigger).
        start_from_epoch: epochs to wait before starting to monitor.

    Example:
        ```python
        cb = tf.keras.callbacks.EarlyStopping(monitor="loss", patience=3)
        history = model.fit(x, y, epochs=10, callbacks=[cb])
        ```
    """

    def __init__(self, monitor="val_loss", min_delta=0, patience=0, verbose=0, mode="auto", baseline=None,
                 restore_best_weights=False, start_from_epoch=0):
        super().__init__(monitor=monitor, mode=mode, baseline=baseline, min_delta=min_delta)
        self.patience = patience
        self.verbose = verbose
        self.restore_best_weights = restore_best_weights
        self.start_from_epoch = start_from_epoch
        self.wait = 0
        self.stopped_epoch = 0
        self.best = None
        self.best_weights = None
        self.best_epoch = 0

    def on_train_begin(self, logs=None):
        self.wait = 0
        self.stopped_epoch = 0
        self.best = None
        self.best_weights = None
        self.best_epoch = 0

    def on_epoch_end(self, epoch, logs=None):
        current = self.get_monitor_value(logs)
        if current is None or epoch < self.start_from_epoch:
            return
        if self.restore_best_weights and self.best_weights is None:
            self.best_weights = self.model.get_weights()
            self.best_epoch = epoch
        self.wait += 1
        if self._is_improvement(current, self.best):
            self.best = current
            self.best_epoch = epoch
            if self.restore_best_weights:
                self.best_weights = self.model.get_weights()
            if self.baseline is None or self._is_improvement(current, self.baseline):
                self.wait = 0
            return
        if self.wait >= self.patience and epoch > 0:
            self.stopped_epoch = epoch
            self.model.stop_training = True

    def on_train_end(self, logs=None):
        chief = getattr(getattr(self.model, "distribute_strategy", None), "_is_chief", True)
        if self.stopped_epoch > 0 and self.verbose > 0 and chief:
            io_utils.print_msg(f"Epoch {self.stopped_epoch + 1}: early stopping")
        if self.restore_best_weights and self.best_weights is not None:
            if self.verbose > 0 and chief:
                io_utils.print_msg(f"Restoring model weights from the end of the best epoch: {self.best_epoch + 1}.")
            self.model.set_weights(self.best_weights)
