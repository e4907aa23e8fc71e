"""`tf.train.CheckpointManager`: numbered checkpoints in a directory, keeping the newest `max_to_keep`."""

import contextlib
import glob
import os

from keraslike._src.keras.saving import file_io
from keraslike._src.train import checkpoint_state


class CheckpointManager:
    """Manage `directory/ckpt-<n>` checkpoints of a `tf.train.Checkpoint`.

    Args:
        checkpoint: the `tf.train.Checkpoint` to save and restore.
        directory: where checkpoints and the `checkpoint` state file live.
        max_to_keep: how many to keep (None keeps all); older ones are deleted.
        checkpoint_name: file prefix, default "ckpt".

    Raises:
        ValueError: if `directory` is empty.
    """

    def __init__(self, checkpoint, directory, max_to_keep, keep_checkpoint_every_n_hours=None,
                 checkpoint_name="ckpt", step_counter=None, checkpoint_interval=None, init_fn=None):
        if not directory:
            raise ValueError(f"Expected a checkpoint directory. Received: directory={directory!r}")
        self._checkpoint = checkpoint
        self._directory = os.fspath(directory)
        self._max_to_keep = max_to_keep
        self._prefix = os.path.join(self._directory, checkpoint_name)
        self._init_fn = init_fn
        latest, paths = checkpoint_state.read_state(self._directory)
        self._checkpoints = [p for p in paths if os.path.exists(p + ".index")]
        if latest is not None and latest not in self._checkpoints and os.path.exists(latest + ".index"):
            self._checkpoints.append(latest)

    @property
    def directory(self):
        return self._directory

    @property
    def checkpoints(self):
        """Paths of the kept checkpoints, oldest first."""
        return list(self._checkpoints)

    @property
    def latest_checkpoint(self):
        """Path of the newest checkpoint, or None."""
        return self._checkpoints[-1] if self._checkpoints else None

    def save(self, checkpoint_number=None, check_interval=True, options=None):
        """Write a new checkpoint (`ckpt-<save_counter>` or `ckpt-<checkpoint_number>`) and drop old ones.

        Returns:
            The path of the new checkpoint.
        """
        counter = self._checkpoint.save_counter
        counter.assign(int(counter) + 1)
        number = int(checkpoint_number) if checkpoint_number is not None else int(counter)
        os.makedirs(self._directory, exist_ok=True)
        path = self._checkpoint.write(f"{self._prefix}-{number}")
        self._checkpoints = [p for p in self._checkpoints if p != path] + [path]
        self._sweep()
        checkpoint_state.write_state(self._directory, path, self._checkpoints, self._checkpoint._model())
        return path

    def _sweep(self):
        if self._max_to_keep is None:
            return
        while len(self._checkpoints) > self._max_to_keep:
            old = self._checkpoints.pop(0)
            if file_io.is_chief(self._checkpoint._model()):
                for f in glob.glob(glob.escape(old) + ".*"):
                    with contextlib.suppress(OSError):
                        os.remove(f)

    def restore_or_initialize(self):
        """Restore the latest checkpoint if there is one (returns its path), else run `init_fn` (returns None)."""
        if self.latest_checkpoint is not None:
            self._checkpoint.restore(self.latest_checkpoint)
            return self.latest_checkpoint
        if self._init_fn is not None:
            self._init_fn()
        return None
