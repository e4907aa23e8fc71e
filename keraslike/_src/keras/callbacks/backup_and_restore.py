"""`keras.callbacks.BackupAndRestore` (keras/src/callbacks/backup_and_restore.py).

At the end of every epoch (or every `save_freq` batches) the weights AND the
optimizer state go to `backup_dir/latest.weights.h5` (written atomically, with
the next epoch and step stored inside the same file), and
`training_metadata.json` records `{"epoch", "batch"}` as Keras does. A run
killed at any point (even by SIGKILL) restarts from the last backup: at the
beginning of the interrupted epoch, or with `save_freq=N` at the batch after
the last backed-up one (the epoch's first batches are skipped, as TF 2's
tf.keras did; Keras 3 replays the whole epoch). With a seeded run
(`keras.utils.set_random_seed`) the shuffle of each epoch is a function of the
epoch index, so the restarted run ends with the same weights as an
uninterrupted one.
"""

import json
import os
import shutil

import h5py

from keraslike._src.keras.callbacks.callback import Callback
from keraslike._src.keras.saving import file_io


class BackupAndRestore(Callback):
    """Back up training state every epoch and resume from it after an interruption.

    Args:
        backup_dir: directory for the backup (must not be shared between runs). Removed at the end of a
            successful `fit` when `delete_checkpoint` is True.
        save_freq: "epoch" (back up at the end of every epoch) or an int N (every N training batches).
        delete_checkpoint: delete the backup when training finishes, default True.

    Raises:
        ValueError: if `backup_dir` is empty or `save_freq` is neither "epoch" nor a positive int; at `fit`
            time, if the model is not built.
    """

    def __init__(self, backup_dir, save_freq="epoch", double_checkpoint=False, delete_checkpoint=True):
        super().__init__()
        if not backup_dir:
            raise ValueError(f"Empty `backup_dir` argument passed. Received: backup_dir={backup_dir!r}")
        if save_freq != "epoch" and (not isinstance(save_freq, int) or isinstance(save_freq, bool) or save_freq < 1):
            raise ValueError("Invalid value for argument `save_freq`. Expected either 'epoch' or a positive integer "
                             f"value. Received: save_freq={save_freq!r}")
        if double_checkpoint:
            raise ValueError("BackupAndRestore(double_checkpoint=True) is not needed here: every backup is written "
                             "atomically, so the previous one stays intact until the new one is complete. "
                             "Received: double_checkpoint=True")
        self.backup_dir = os.fspath(backup_dir)
        self.save_freq = save_freq
        self.delete_checkpoint = delete_checkpoint
        self._current_epoch = 0
        self._batches_since_save = 0
        if save_freq != "epoch":  # only then does fit dispatch per-batch hooks to this callback
            self.on_train_batch_end = self._on_train_batch_end
        self._weights_path = os.path.join(self.backup_dir, "latest.weights.h5")
        self._training_metadata_path = os.path.join(self.backup_dir, "training_metadata.json")

    def on_train_begin(self, logs=None):
        if not self.model.built:
            raise ValueError("To use the BackupAndRestore callback, your model must be built before you call "
                             "`fit()`. Received: an unbuilt model")
        if not os.path.exists(self._weights_path):
            return
        self.model.load_weights(self._weights_path)
        with h5py.File(self._weights_path, "r") as f:
            epoch = f.attrs.get("keraslike_next_epoch")
            step = f.attrs.get("keraslike_next_step")
        if epoch is None and os.path.exists(self._training_metadata_path):
            with open(self._training_metadata_path, encoding="utf-8") as f:
                epoch = json.load(f)["epoch"]
        if epoch is not None:
            self.model._initial_epoch = int(epoch)
        if step:
            self.model._initial_step = int(step)  # fit skips the batches of this epoch already trained on

    def on_epoch_begin(self, epoch, logs=None):
        self._current_epoch = epoch

    def _on_train_batch_end(self, batch, logs=None):
        self._batches_since_save += 1
        if self._batches_since_save >= self.save_freq:
            self._batches_since_save = 0
            self._save(batch=batch, next_step=batch + 1)

    def on_epoch_end(self, epoch, logs=None):
        self._current_epoch = epoch + 1
        if self.save_freq == "epoch":
            self._save()

    def _save(self, batch=0, next_step=0):
        """Write the weights with the position to resume at (`_current_epoch`, `next_step`), then Keras's metadata."""
        self.model.save_weights(self._weights_path, overwrite=True,
                                _extra_attrs={"keraslike_next_epoch": self._current_epoch,
                                              "keraslike_next_step": next_step})
        if file_io.is_chief(self.model):
            file_io.atomic_write_text(self._training_metadata_path,
                                      json.dumps({"epoch": self._current_epoch, "batch": batch}))

    def on_train_end(self, logs=None):
        if self.delete_checkpoint and file_io.is_chief(self.model) and os.path.exists(self.backup_dir):
            shutil.rmtree(self.backup_dir, ignore_errors=True)
