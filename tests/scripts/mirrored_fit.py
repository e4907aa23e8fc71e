"""Worker script for the multi-process fit tests.

Usage:
    python tests/scripts/mirrored_fit.py OUT.npz --replicas 2 [--fail-at-epoch 2 --fail-rank 1] [--partial P.json]
    torchrun --nproc_per_node=2 tests/scripts/mirrored_fit.py OUT.npz --replicas 0

Trains a small MLP with a fixed seed on 103 samples (global batch 16: the
last batch is partial, 7 rows) for 2 epochs and has the chief save the final
weights and History to OUT.npz. Every replica also saves its own weights to
OUT.rank<r>.npz so tests can check the replicas agree.

With `--partial P.json`, it then runs the partial-last-batch cases of
tests/golden/partial_batch_cases.py (fit, evaluate, predict, custom loops) under
the same strategy, with Keras 3 and then Keras 2 (`TF_USE_LEGACY_KERAS=1`), and
every replica writes P.json.rank<r>.json ({"keras3": ..., "keras2": ...}).
"""

import argparse
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden"))

from partial_batch_cases import run_all  # noqa: E402

import keraslike as tf  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--replicas", type=int, default=2, help="0: let the launcher decide")
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--fail-at-epoch", type=int, default=-1)
    parser.add_argument("--fail-rank", type=int, default=1)
    parser.add_argument("--shuffle", type=int, default=1)
    parser.add_argument("--partial", default=None)
    args = parser.parse_args()

    tf.keras.utils.set_random_seed(1234)
    rng = np.random.default_rng(0)
    x = rng.normal(size=(103, 12)).astype("float32")
    y = (x[:, :3].sum(axis=1) > 0).astype("int64") + (x[:, 3] > 1).astype("int64")

    if args.replicas == 0:
        strategy = tf.distribute.MirroredStrategy()
    elif args.replicas == 1:
        strategy = tf.distribute.OneDeviceStrategy("/cpu:0")
    else:
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * args.replicas)
        strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(args.replicas)])
    rank = strategy._rank

    class FailAt(tf.keras.callbacks.Callback):
        def on_epoch_begin(self, epoch, logs=None):
            if epoch == args.fail_at_epoch and rank == args.fail_rank:
                raise RuntimeError(f"deliberate failure on replica {rank} at epoch {epoch}")

    with strategy.scope():
        model = tf.keras.Sequential([
            tf.keras.Input(shape=(12,)),
            tf.keras.layers.Dense(16, activation="relu"),
            tf.keras.layers.Dense(3),
        ])
        model.compile(optimizer=tf.keras.optimizers.Adam(0.01),
                      loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    history = model.fit(x, y, batch_size=16, epochs=args.epochs, verbose=2, shuffle=bool(args.shuffle),
                        callbacks=[FailAt()])
    weights = {f"w{i}": w for i, w in enumerate(model.get_weights())}
    np.savez(f"{args.out}.rank{rank}.npz", **weights)
    if rank == 0:
        hist = {f"h_{k}": np.array(v) for k, v in history.history.items()}
        np.savez(args.out, replicas=strategy.num_replicas_in_sync, **weights, **hist)
    if args.partial:
        partial = {}
        for key, legacy in (("keras3", "0"), ("keras2", "1")):
            os.environ["TF_USE_LEGACY_KERAS"] = legacy
            partial[key] = run_all(tf, strategy)
        os.environ.pop("TF_USE_LEGACY_KERAS")
        with open(f"{args.partial}.rank{rank}.json", "w") as f:
            json.dump(partial, f)
    print(f"done on {strategy.num_replicas_in_sync} replica(s) pid={os.getpid()}")


if __name__ == "__main__":
    main()
