"""Worker script: the issue-10 streaming metrics under MirroredStrategy.

Usage:
    python tests/scripts/mirrored_new_metrics.py OUT.npz --replicas 2

Unseeded: fits a small classifier on 103 samples (shuffled, global batch 16, the last batch partial) for one
epoch, then `evaluate`s F1Score, FBetaScore, OneHotMeanIoU, R2Score and
PrecisionAtRecall on the same 103 samples. The chief saves
the final weights and the evaluate results to OUT.npz, so a test can recompute the metrics on one device.
"""

import argparse

import numpy as np

import keraslike as tf


def data():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(103, 12)).astype("float32")
    y = (x[:, :3].sum(axis=1) > 0).astype("int64") + (x[:, 3] > 1).astype("int64")
    return x, y


def metrics():
    return [tf.keras.metrics.F1Score(average="macro", name="f1"),
            tf.keras.metrics.FBetaScore(average="weighted", beta=2.0, threshold=0.3, name="fbeta"),
            tf.keras.metrics.OneHotMeanIoU(num_classes=3, name="miou"),
            tf.keras.metrics.R2Score(name="r2"),
            tf.keras.metrics.PrecisionAtRecall(0.5, class_id=1, name="p_at_r")]


def build():
    model = tf.keras.Sequential([tf.keras.Input(shape=(12,)), tf.keras.layers.Dense(16, activation="relu"),
                                 tf.keras.layers.Dense(3, activation="softmax")])
    model.compile(optimizer=tf.keras.optimizers.Adam(0.01), loss="categorical_crossentropy", metrics=metrics())
    return model


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--replicas", type=int, default=2)
    args = parser.parse_args()
    x, y = data()
    onehot = np.eye(3, dtype="float32")[y]
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * args.replicas)
    strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(args.replicas)])
    with strategy.scope():
        model = build()
    model.fit(x, onehot, batch_size=16, epochs=1, verbose=0, shuffle=True)
    results = model.evaluate(x, onehot, batch_size=16, verbose=0, return_dict=True)
    if strategy._rank == 0:
        np.savez(args.out, replicas=strategy.num_replicas_in_sync,
                 **{f"w{i}": w for i, w in enumerate(model.get_weights())},
                 **{f"r_{k}": np.asarray(v) for k, v in results.items()})
    print(f"done on {strategy.num_replicas_in_sync} replica(s)")


if __name__ == "__main__":
    main()
