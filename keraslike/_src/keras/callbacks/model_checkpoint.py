"""`keras.callbacks.ModelCheckpoint` (keras/src/callbacks/model_checkpoint.py)."""

import os
import warnings

from keraslike._src.keras.callbacks.monitor_callback import MonitorCallback
from keraslike._src.keras.utils import io_utils


class ModelCheckpoint(MonitorCallback):
    """Save the model (or its weights) at some frequency.

    The decision to save (best or not) is taken on every replica from the same
    reduced logs; only the chief writes the file (other replicas write to a
    throw-away temporary directory), atomically.

    Args:
        filepath: str or PathLike; may contain `{epoch:02d}`, `{batch}` and any log key such as
            `{val_loss:.2f}`. `.keras` (whole model) or `.weights.h5` (weights) in Keras 3; other
            suffixes are accepted (TF 2 code) and written in the same formats.
        monitor: metric name, default "val_loss".
        verbose: 0 or 1.
        save_best_only: only save when the monitored quantity improves.
        save_weights_only: save `model.save_weights(filepath)` instead of `model.save(filepath)`.
        mode: "auto", "min" or "max".
        save_freq: "epoch" or an int: save every that many batches.
        initial_value_threshold: initial "best" value for `save_best_only`.

    Raises:
        ValueError: for a bad `save_freq`.
        KeyError: when `filepath` names a key absent from the logs.
    """

    def __init__(self, filepath, monitor="val_loss", verbose=0, save_best_only=False, save_weights_only=False,
                 mode="auto", save_freq="epoch", initial_value_threshold=None, options=None):
        super().__init__(monitor=monitor, mode=mode)
        self.filepath = os.fspath(filepath)
        self.verbose = verbose
        self.save_best_only = save_best_only
        self.save_weights_only = save_weights_only
        self.save_freq = save_freq
        if self.save_freq != "epoch" and (not isinstance(self.save_freq, int) or isinstance(self.save_freq, bool)
                                          or self.save_freq <= 0):
            raise ValueError(f"Unrecognized save_freq: {save_freq}. Expected save_freq to be 'epoch' or a positive "
                             f"integer. Received: save_freq={save_freq!r}")
        self.best = initial_value_threshold
        self._batches_seen_since_last_saving = 0
        self._current_epoch = 0

    def on_train_batch_end(self, batch, logs=None):
        if self.save_freq == "epoch":
            return
        self._batches_seen_since_last_saving += 1
        if self._batches_seen_since_last_saving >= self.save_freq:
            self._batches_seen_since_last_saving = 0
            self._save_model(self._current_epoch, batch, dict(logs or {}))

    def on_epoch_begin(self, epoch, logs=None):
        self._current_epoch = epoch

    def on_epoch_end(self, epoch, logs=None):
        if self.save_freq == "epoch":
            self._save_model(epoch, None, logs)

    def _save_model(self, epoch, batch, logs):
        logs = dict(logs or {})
        filepath = self._get_file_path(epoch, batch, logs)
        if self.save_best_only:
            current = logs.get(self.monitor)
            if current is None:
                warnings.warn(f"Can save best model only with {self.monitor} available, skipping.", stacklevel=2)
                return
            current = float(current)
            previous = "None" if self.best is None else f"{self.best:.5f}"  # Keras 3.15's wording
            if not self._is_improvement(current, self.best):
                if self.verbose > 0:
                    self._print(f"\nEpoch {epoch + 1}: {self.monitor} did not improve from {previous}")
                return
            if self.verbose > 0:
                self._print(f"\nEpoch {epoch + 1}: {self.monitor} improved from {previous} to {current:.5f}, "
                            f"saving model to {filepath}")
            self.best = current
        elif self.verbose > 0:
            self._print(f"\nEpoch {epoch + 1}: saving model to {filepath}")
        directory = os.path.dirname(filepath)
        if directory and self._chief():
            os.makedirs(directory, exist_ok=True)
        if self.save_weights_only:
            self.model.save_weights(filepath, overwrite=True)
        else:
            self.model.save(filepath, overwrite=True)
        if self.verbose > 0:
            self._print(f"\nEpoch {epoch + 1}: finished saving model to {filepath}")

    def _chief(self):
        return getattr(getattr(self.model, "distribute_strategy", None), "_is_chief", True)

    def _print(self, text):
        if self._chief():
            io_utils.print_msg(text)

    def _get_file_path(self, epoch, batch, logs):
        try:
            if batch is None or "batch" in logs:
                return self.filepath.format(epoch=epoch + 1, **logs)
            return self.filepath.format(epoch=epoch + 1, batch=batch + 1, **logs)
        except KeyError as e:
            raise KeyError(f'Failed to format this callback filepath: "{self.filepath}". Reason: {e}. '
                           f"Received: logs with keys {sorted(logs)}") from e
