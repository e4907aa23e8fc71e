"""Model parallelism: one model split across two devices with `tf.device` scopes.

The first half of the network is built and run under `tf.device("/gpu:0")`, the second under
`tf.device("/gpu:1")`: each layer's weights are created where its first call runs. Activations
are torch tensors, so the hand-over between devices is an explicit `.to(device)` (TF copies
implicitly). On a machine with fewer GPUs, soft placement (TF2's default) puts the missing devices
on the CPU with a warning, and the script still trains.

Run:
    python examples/model_parallel.py
    python examples/model_parallel.py --quick     # or KERASLIKE_EXAMPLE_QUICK=1

Expected output of `--quick` on a 2-core machine without GPUs (times, and the values of
unseeded runs, differ from machine to machine and run to run):

    part1 weights on: cpu
    part2 weights on: cpu
    16/16 - 16s - 990ms/step - accuracy: 0.1846 - loss: 2.2289
    final accuracy: 0.1846
"""

import argparse
import os

import numpy as np

import keraslike as tf


class TwoDeviceModel(tf.keras.Model):
    """Dense stack split in two: `part1` on `devices[0]`, `part2` on `devices[1]`."""

    def __init__(self, devices, num_classes=10):
        super().__init__()
        self.devices = devices
        self.part1 = tf.keras.Sequential([tf.keras.layers.Dense(128, activation="relu"),
                                          tf.keras.layers.Dense(128, activation="relu")])
        self.part2 = tf.keras.Sequential([tf.keras.layers.Dense(64, activation="relu"),
                                          tf.keras.layers.Dense(num_classes)])

    def call(self, inputs, training=None):
        with tf.device(self.devices[0]):
            hidden = self.part1(inputs, training=training)                     # (batch, 128) on device 0
        with tf.device(self.devices[1]):
            if self.part2.built:
                hidden = hidden.to(self.part2.trainable_variables[0].device)     # hand over to device 1
            return self.part2(hidden, training=training)                       # (batch, 10) on device 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--quick", action="store_true", default=os.environ.get("KERASLIKE_EXAMPLE_QUICK") == "1")
    args = parser.parse_args()
    epochs = 1 if args.quick else args.epochs

    tf.keras.utils.set_random_seed(0)
    rng = np.random.default_rng(0)
    x = rng.normal(size=(1024, 32)).astype("float32")
    y = (x[:, :10].argmax(axis=1)).astype("int64")                   # learnable: index of the largest of 10

    model = TwoDeviceModel(["/gpu:0", "/gpu:1"])
    model(x[:2])                                                      # build each half under its scope
    print("part1 weights on:", model.part1.trainable_variables[0].device)
    print("part2 weights on:", model.part2.trainable_variables[0].device)
    model.compile(optimizer="adam", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    history = model.fit(x, y, batch_size=64, epochs=epochs, verbose=2)
    print(f"final accuracy: {history.history['accuracy'][-1]:.4f}")


if __name__ == "__main__":
    main()
