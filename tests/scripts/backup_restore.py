"""Worker script for the BackupAndRestore test.

Usage:
    python tests/scripts/backup_restore.py OUT.npz BACKUP_DIR [--kill-epoch 2 --kill-batch 3] [--save-freq N]

Trains a small seeded MLP with Adam on shuffled data for 4 epochs with
`BackupAndRestore(BACKUP_DIR)`. With `--kill-epoch`, the process SIGKILLs
itself in the middle of that epoch; running the same command again (without
the flag) resumes from the backup (`--save-freq N`: backed up every N batches, so it resumes
mid-epoch, as in the multi-worker tutorial). The final weights go to OUT.npz.
"""

import argparse
import os
import signal

import numpy as np
import torch

import keraslike as tf


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("backup_dir")
    parser.add_argument("--kill-epoch", type=int, default=-1)
    parser.add_argument("--kill-batch", type=int, default=3)
    parser.add_argument("--save-freq", type=int, default=None)
    args = parser.parse_args()
    torch.set_num_threads(1)
    tf.keras.utils.set_random_seed(7)
    rng = np.random.default_rng(0)
    x = rng.normal(size=(100, 6)).astype("float32")
    y = (x[:, 0] + x[:, 1] > 0).astype("int64")

    class KillAt(tf.keras.callbacks.Callback):
        def on_epoch_begin(self, epoch, logs=None):
            self.epoch = epoch

        def on_train_batch_end(self, batch, logs=None):
            if self.epoch == args.kill_epoch and batch == args.kill_batch:
                os.kill(os.getpid(), signal.SIGKILL)

    model = tf.keras.Sequential([tf.keras.Input(shape=(6,)), tf.keras.layers.Dense(8, activation="relu"),
                                 tf.keras.layers.Dense(2)])
    model.compile(optimizer=tf.keras.optimizers.Adam(0.01),
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    backup = tf.keras.callbacks.BackupAndRestore(args.backup_dir, save_freq=args.save_freq or "epoch")

    class CountBatches(tf.keras.callbacks.Callback):
        trained = 0

        def on_train_batch_end(self, batch, logs=None):
            CountBatches.trained += 1

    history = model.fit(x, y, batch_size=16, epochs=4, verbose=0, shuffle=True,
                        callbacks=[backup, KillAt(), CountBatches()])
    np.savez(args.out, *model.get_weights(), epochs=np.array(history.epoch),
             iterations=np.array(int(model.optimizer.iterations)), trained=np.array(CountBatches.trained))


if __name__ == "__main__":
    main()
