"""`keras.callbacks.TensorBoard`: scalars via `torch.utils.tensorboard` (keras/src/callbacks/tensorboard.py).

Writes Keras's layout: `log_dir/train` and `log_dir/validation` event files
with `epoch_loss`, `epoch_accuracy`, ... (and `batch_*` with an integer
`update_freq`), plus `epoch_learning_rate`. Only the chief writes.
Requires the `tensorboard` package (`pip install tensorboard`).
"""

import os

from keraslike._src.keras.callbacks.callback import Callback
from keraslike._src.keras.saving import file_io


def _summary_writer_class():
    try:
        import tensorboard  # noqa: F401  (optional dependency, the `tensorboard` extra)
        from torch.utils.tensorboard import SummaryWriter  # needs tensorboard, so only when the callback is used
    except ImportError as e:
        raise ImportError(
            "The TensorBoard callback writes event files with torch.utils.tensorboard, which needs the "
            "`tensorboard` package. Install it with `pip install tensorboard` "
            "(or `pip install keraslike[tensorboard]`)."
        ) from e
    return SummaryWriter


class TensorBoard(Callback):
    """Log epoch (and optionally batch) scalars for TensorBoard.

    Args:
        log_dir: directory of the event files, default "logs".
        histogram_freq, write_graph, write_images, write_steps_per_second, profile_batch,
        embeddings_freq, embeddings_metadata: accepted for compatibility (only scalars are written).
        update_freq: "epoch", "batch" or an int N (write `batch_*` scalars every N batches).

    Raises:
        ImportError: if the `tensorboard` package is not installed (tells how to install it).
    """

    def __init__(self, log_dir="logs", histogram_freq=0, write_graph=True, write_images=False,
                 write_steps_per_second=False, update_freq="epoch", profile_batch=0, embeddings_freq=0,
                 embeddings_metadata=None):
        super().__init__()
        self._writer_class = _summary_writer_class()
        self.log_dir = os.fspath(log_dir)
        self.update_freq = 1 if update_freq == "batch" else update_freq
        self._writers = {}
        self._global_step = 0
        if self.update_freq != "epoch":
            # batch scalars are only written when asked for: keep fit's no-sync fast path otherwise
            self.on_train_batch_end = self._on_train_batch_end

    def _writer(self, name):
        if name not in self._writers:
            self._writers[name] = self._writer_class(os.path.join(self.log_dir, name))
        return self._writers[name]

    def _chief(self):
        return file_io.is_chief(self.model)

    def on_train_begin(self, logs=None):
        self._global_step = 0

    def _on_train_batch_end(self, batch, logs=None):
        self._global_step += 1
        if self._global_step % int(self.update_freq):
            return
        values = dict(logs or {})
        if self._chief():
            writer = self._writer("train")
            for key, value in values.items():
                writer.add_scalar("batch_" + key, float(value), self._global_step)

    def on_epoch_end(self, epoch, logs=None):
        if not self._chief():
            return
        logs = dict(logs or {})
        optimizer = getattr(self.model, "optimizer", None)
        if optimizer is not None and "learning_rate" not in logs:
            lr = optimizer.learning_rate
            if callable(lr) and not hasattr(lr, "numpy"):  # a legacy optimizer's schedule, as TF logs it
                lr = lr(optimizer.iterations)
            logs["learning_rate"] = float(lr)
        for key, value in logs.items():
            if key.startswith("val_"):
                self._writer("validation").add_scalar("epoch_" + key[4:], float(value), epoch)
            else:
                self._writer("train").add_scalar("epoch_" + key, float(value), epoch)
        for writer in self._writers.values():
            writer.flush()

    def on_test_end(self, logs=None):
        pass

    def on_train_end(self, logs=None):
        for writer in self._writers.values():
            writer.close()
        self._writers = {}
