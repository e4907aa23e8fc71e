"""`keras.callbacks.BackupAndRestore` (keras/src/callbacks/backup_and_restore.py).

At the end of every epoch (or every `save_freq` batches) the weights AND the
optimizer state (slots, iterations) go to `backup_dir/latest.weights.h5`,
written atomically (a temp file, then a rename: a kill during a backup keeps
the previous one). The same file holds the epoch and step to resume at and the
training state (`trainers/training_state.py`): Python/NumPy/torch generator
states (every replica's in-step stream under replicas), keraslike's global
`tf.random.Generator`, and the data position (the shuffle seed of arrays, of a
PyDataset, the shuffle seeds of a Dataset pipeline) at the start of the epoch
and at the backup. `training_metadata.json` records `{"epoch", "batch"}` as
Keras does. The chief writes; every replica restores.

A run killed at any point (even by SIGKILL) restarts from the last backup: at
the beginning of the interrupted epoch, or with `save_freq=N` at the step after
the last backed-up one, with the same data position (the epoch's pipeline is
replayed up to that step, its batches read and dropped): the rest of the epoch
sees exactly the batches, and draws the random numbers, an uninterrupted run
would have, seeded or not (Keras 3 replays the whole interrupted epoch).
"""

import json
import os
import shutil

from keraslike._src.keras.callbacks.callback import Callback
from keraslike._src.keras.saving import file_io
from keraslike._src.lazy_module import LazyModule

h5py = LazyModule("h5py")  # imported on first use: ~25 ms of CPU that `import keraslike` need not pay

_STATE_KEY = "keraslike_training_state"


class BackupAndRestore(Callback):
    """Back up training state every epoch (or N batches) and resume from it after an interruption.

    Args:
        backup_dir: directory for the backup (must not be shared between runs). Removed at the end of a
            successful `fit` when `delete_checkpoint` is True.
        save_freq: "epoch" (back up at the end of every epoch) or an int N (every N training batches).
        double_checkpoint: also keep the previous backup (`latest.weights.h5.bkp`, and its metadata); when the
            latest cannot be read (an I/O error, a corrupted file) training restores the previous one.
        delete_checkpoint: delete the backup when training finishes, default True.

    Raises:
        ValueError: if `backup_dir` is empty or `save_freq` is neither "epoch" nor a positive int; at `fit`
            time, if the model is not built.
    """

    _saves_training_state = True  # fit keeps the epoch's start state for this callback's backups

    def __init__(self, backup_dir, save_freq="epoch", double_checkpoint=False, delete_checkpoint=True):
        super().__init__()
        if not backup_dir:
            raise ValueError(f"Empty `backup_dir` argument passed. Received: backup_dir={backup_dir!r}")
        if save_freq != "epoch" and (not isinstance(save_freq, int) or isinstance(save_freq, bool) or save_freq < 1):
            raise ValueError("Invalid value for argument `save_freq`. Expected either 'epoch' or a positive integer "
                             f"value. Received: save_freq={save_freq!r}")
        self.backup_dir = os.fspath(backup_dir)
        self.save_freq = save_freq
        self.double_checkpoint = bool(double_checkpoint)
        self.delete_checkpoint = delete_checkpoint
        self._current_epoch = 0
        self._batches_since_save = 0
        self._last_batch_seen = -1
        if save_freq != "epoch":  # only then does fit dispatch per-batch hooks to this callback
            self.on_train_batch_end = self._on_train_batch_end
        self._weights_path = os.path.join(self.backup_dir, "latest.weights.h5")
        self._training_metadata_path = os.path.join(self.backup_dir, "training_metadata.json")
        self._prev_weights_path = self._weights_path + ".bkp"
        self._prev_training_metadata_path = self._training_metadata_path + ".bkp"

    def on_train_begin(self, logs=None):
        if not self.model.built:
            raise ValueError("To use the BackupAndRestore callback, your model must be built before you call "
                             "`fit()`. Received: an unbuilt model")
        self._batches_since_save, self._last_batch_seen = 0, -1
        try:
            self._load(self._weights_path, self._training_metadata_path)
        except (OSError, ValueError):  # unreadable: I/O error, truncated or corrupted file
            if not (self.double_checkpoint and os.path.exists(self._prev_weights_path)):
                raise
            self._load(self._prev_weights_path, self._prev_training_metadata_path)

    def _load(self, weights_path, metadata_path):
        if not os.path.exists(weights_path):
            return
        self.model.load_weights(weights_path)
        with h5py.File(weights_path, "r") as f:
            epoch = f.attrs.get("keraslike_next_epoch")
            step = f.attrs.get("keraslike_next_step")
            state = bytes(f[_STATE_KEY][()].tobytes()) if _STATE_KEY in f else None
        if epoch is None and os.path.exists(metadata_path):
            with open(metadata_path, encoding="utf-8") as f:
                epoch = json.load(f)["epoch"]
        if epoch is not None:
            self.model._initial_epoch = int(epoch)
            self._current_epoch = int(epoch)
        if step:
            self.model._initial_step = int(step)  # fit replays the epoch's data up to here, then trains
        if state is not None:
            self.model._resume_state = json.loads(state.decode("utf-8"))

    def on_epoch_begin(self, epoch, logs=None):
        self._current_epoch = epoch

    def _on_train_batch_end(self, batch, logs=None):
        # Keras 3's count: batch numbers jump by steps_per_execution; a smaller one starts a new epoch
        self._batches_since_save += batch + 1 if batch <= self._last_batch_seen else batch - self._last_batch_seen
        self._last_batch_seen = batch
        if self._batches_since_save >= self.save_freq:
            self._batches_since_save = 0
            self._save(batch=batch, next_step=batch + 1)

    def on_epoch_end(self, epoch, logs=None):
        self._current_epoch = epoch + 1
        self._last_batch_seen = -1
        if self.save_freq == "epoch":
            self._save()

    def _save(self, batch=0, next_step=0):
        """Write the weights, optimizer and training state with the position to resume at, then Keras's metadata."""
        state = json.dumps(self.model._training_state()).encode("utf-8")  # collective under replicas
        chief = file_io.is_chief(self.model)
        if chief and self.double_checkpoint:
            for src, dst in ((self._weights_path, self._prev_weights_path),
                             (self._training_metadata_path, self._prev_training_metadata_path)):
                if os.path.exists(src):
                    file_io.atomic_write(dst, lambda tmp, src=src: shutil.copyfile(src, tmp))
        self.model.save_weights(self._weights_path, overwrite=True,
                                _extra_attrs={"keraslike_next_epoch": self._current_epoch,
                                              "keraslike_next_step": next_step,
                                              _STATE_KEY: state})
        if chief:
            file_io.atomic_write_text(self._training_metadata_path,
                                      json.dumps({"epoch": self._current_epoch, "batch": batch}))

    def on_train_end(self, logs=None):
        if self.delete_checkpoint and file_io.is_chief(self.model) and os.path.exists(self.backup_dir):
            shutil.rmtree(self.backup_dir, ignore_errors=True)
