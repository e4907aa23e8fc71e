"""Worker script: `compile(steps_per_execution=4)` under N replicas (fit, evaluate, predict).

Usage:
    python tests/scripts/steps_per_execution_fit.py OUT_DIR --replicas 2

46 samples, global batch 8: 6 steps per epoch, so every epoch ends with a group cut short (steps 4-5).
A callback records every batch hook with the loss it reads from the logs (a collective under replicas)
and asks to stop at the end of epoch 1's first group. Each replica writes OUT_DIR/state.rank<r>.json.
"""

import argparse
import json
import os

import numpy as np

import keraslike as tf


class Record(tf.keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.calls = []
        self.epoch = None

    def on_epoch_begin(self, epoch, logs=None):
        self.epoch = epoch

    def on_train_batch_begin(self, batch, logs=None):
        self.calls.append(["b", batch, int(self.model.optimizer.iterations)])

    def on_train_batch_end(self, batch, logs=None):
        self.calls.append(["e", batch, int(self.model.optimizer.iterations), float(logs["loss"])])
        if self.epoch == 1 and batch == 3:
            self.model.stop_training = True

    def on_test_batch_begin(self, batch, logs=None):
        self.calls.append(["tb", batch])

    def on_test_batch_end(self, batch, logs=None):
        self.calls.append(["te", batch, float(logs["loss"])])

    def on_predict_batch_begin(self, batch, logs=None):
        self.calls.append(["pb", batch])

    def on_predict_batch_end(self, batch, logs=None):
        self.calls.append(["pe", batch, int(logs["outputs"].shape[0])])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--replicas", type=int, default=2)
    args = parser.parse_args()
    tf.keras.utils.set_random_seed(5)
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * args.replicas)
    strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(args.replicas)])
    rng = np.random.default_rng(0)
    x = rng.normal(size=(46, 5)).astype("float32")
    y = (x[:, 0] + x[:, 1] > 0).astype("int64")
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(8, activation="relu"),
                                     tf.keras.layers.Dense(2)])
        model.compile(optimizer=tf.keras.optimizers.SGD(0.3), steps_per_execution=4,
                      loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    record = Record()
    history = model.fit(x, y, batch_size=8, epochs=3, verbose=0, shuffle=True, callbacks=[record])
    evaluated = model.evaluate(x, y, batch_size=8, verbose=0, callbacks=[record], return_dict=True)
    predicted = model.predict(x, batch_size=8, verbose=0, callbacks=[record])
    with open(os.path.join(args.out, f"state.rank{strategy._rank}.json"), "w") as f:
        json.dump({"calls": record.calls, "history": history.history, "evaluate": evaluated,
                   "iterations": int(model.optimizer.iterations), "predicted": predicted.tolist(),
                   "weights": [w.tolist() for w in model.get_weights()]}, f)


if __name__ == "__main__":
    main()
