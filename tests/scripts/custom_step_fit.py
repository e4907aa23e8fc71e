"""Worker script: fit with an overridden train_step (Keras 3 or TF 2 style) on 1 or 2 replicas.

Usage:
    python tests/scripts/custom_step_fit.py OUT.npz --replicas 2 --style tf2
    python tests/scripts/custom_step_fit.py OUT.npz --replicas 1 --style keras3

103 samples, global batch 16 (the last batch has 7 rows, split 4/3 on two
replicas), 2 epochs. The chief saves the final weights and History to OUT.npz;
every replica saves its weights to OUT.rank<r>.npz.
"""

import argparse

import numpy as np
import torch

import keraslike as tf

keras = tf.keras


class Net(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.hidden = keras.layers.Dense(16, activation="relu", kernel_regularizer=keras.regularizers.L2(1e-3))
        self.out = keras.layers.Dense(3)

    def call(self, inputs, training=None):
        return self.out(self.hidden(inputs))


class TF2Style(Net):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compiled_loss(y, y_pred, regularization_losses=self.losses)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.compiled_metrics.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


class Keras3Style(Net):
    def train_step(self, data):
        x, y = data
        self.zero_grad()
        y_pred = self(x, training=True)
        loss = self.compute_loss(y=y, y_pred=y_pred)
        loss.backward()
        weights = list(self.trainable_weights)
        with torch.no_grad():
            self.optimizer.apply([v.value.grad for v in weights], weights)
        for metric in self.metrics:
            metric.update_state(loss) if metric.name == "loss" else metric.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--replicas", type=int, default=2)
    parser.add_argument("--style", choices=["tf2", "keras3"], default="tf2")
    args = parser.parse_args()
    torch.set_num_threads(1)
    keras.utils.set_random_seed(1234)
    rng = np.random.default_rng(0)
    x = rng.normal(size=(103, 12)).astype("float32")
    y = (x[:, :3].sum(axis=1) > 0).astype("int64") + (x[:, 3] > 1).astype("int64")
    if args.replicas == 1:
        strategy = tf.distribute.OneDeviceStrategy("/cpu:0")
    else:
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * args.replicas)
        strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(args.replicas)])
    with strategy.scope():
        model = (TF2Style if args.style == "tf2" else Keras3Style)()
        model.build((None, 12))
        model.compile(optimizer=keras.optimizers.SGD(0.1),
                      loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    history = model.fit(x, y, batch_size=16, epochs=2, verbose=0, shuffle=True)
    weights = model.get_weights()
    np.savez(f"{args.out}.rank{strategy._rank}.npz", *weights)
    if strategy._rank == 0:
        np.savez(args.out, *weights, **{f"h_{k}": np.asarray(v) for k, v in history.history.items()})


if __name__ == "__main__":
    main()
