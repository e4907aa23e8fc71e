"""BackupAndRestore in a process where Keras's global seed generator exists (any `keras.random` draw without a seed).

Keras 3's own BackupAndRestore docstring example (interrupted at epoch 4, then resumed): the resumed fit runs the 6
remaining epochs (TF 2.21 / Keras 3 gives `len(history.history['loss']) == 6`, as the docstring states). keraslike
raised RecursionError when it captured the generators' states for the backup while the global generator existed.
"""

import numpy as np
import pytest

import keraslike as tf
from keraslike import keras


class _Interrupt(keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        if epoch == 4:
            raise RuntimeError("Interrupting!")


def test_backup_and_restore_with_global_seed_generator(tmp_path):
    keras.random.normal((2,))  # creates Keras's global SeedGenerator
    callback = keras.callbacks.BackupAndRestore(backup_dir=str(tmp_path / "backup"))
    model = keras.models.Sequential([keras.layers.Dense(10)])
    model.compile(keras.optimizers.SGD(), loss="mse")
    model.build(input_shape=(None, 20))
    x, y = np.arange(100).reshape(5, 20), np.zeros(5)
    with pytest.raises(RuntimeError, match="Interrupting"):
        model.fit(x, y, epochs=10, batch_size=1, callbacks=[callback, _Interrupt()], verbose=0)
    history = model.fit(x, y, epochs=10, batch_size=1, callbacks=[callback], verbose=0)
    assert len(history.history["loss"]) == 6
    assert tf.is_tensor(keras.random.normal((2,)))  # the global generator still draws
