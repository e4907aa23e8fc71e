"""Worker script: callbacks under 2 replicas make the same decisions and only the chief writes files.

Usage:
    python tests/scripts/callbacks_replicas.py OUT_DIR --replicas 2

Each replica records every file it writes through keraslike (atomic writes) in
OUT_DIR/writes.rank<r>.txt and its History / EarlyStopping state in
OUT_DIR/state.rank<r>.json.
"""

import argparse
import json
import os

import numpy as np

import keraslike as tf
from keraslike._src.keras.saving import file_io


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--replicas", type=int, default=2)
    args = parser.parse_args()
    tf.keras.utils.set_random_seed(3)
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * args.replicas)
    strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(args.replicas)])
    rank = strategy._rank
    writes = []
    original = file_io.atomic_write

    def recording(path, write_fn, binary=True):
        writes.append(os.path.abspath(path))
        return original(path, write_fn, binary)

    file_io.atomic_write = recording
    rng = np.random.default_rng(0)
    x = rng.normal(size=(90, 5)).astype("float32")
    y = (x[:, 0] > 0).astype("int64")
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(8, activation="relu"),
                                     tf.keras.layers.Dense(2)])
        model.compile(optimizer=tf.keras.optimizers.SGD(0.5),
                      loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    stop = tf.keras.callbacks.EarlyStopping(monitor="val_loss", min_delta=0.02, patience=1, restore_best_weights=True)
    callbacks = [
        tf.keras.callbacks.ModelCheckpoint(os.path.join(args.out, "best-{epoch:02d}.keras"), save_best_only=True),
        tf.keras.callbacks.CSVLogger(os.path.join(args.out, "log.csv")),
        tf.keras.callbacks.ReduceLROnPlateau(factor=0.5, patience=1, min_delta=0.05),
        stop,
    ]
    history = model.fit(x, y, batch_size=16, epochs=12, verbose=0, validation_split=0.2, callbacks=callbacks)
    model.save(os.path.join(args.out, "final.keras"))
    model.save_weights(os.path.join(args.out, "final.weights.h5"))
    with open(os.path.join(args.out, f"writes.rank{rank}.txt"), "w") as f:
        f.write("\n".join(writes))
    with open(os.path.join(args.out, f"state.rank{rank}.json"), "w") as f:
        json.dump({"epochs": history.epoch, "history": history.history, "stopped_epoch": stop.stopped_epoch,
                   "best_epoch": stop.best_epoch, "lr": float(model.optimizer.learning_rate),
                   "weights": [w.tolist() for w in model.get_weights()]}, f)


if __name__ == "__main__":
    main()
