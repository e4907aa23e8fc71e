"""Worker script: Embedding updates from sparse gradients under MirroredStrategy (issue 21, item 11).

Usage:
    python tests/scripts/sparse_updates_fit.py OUT.npz --replicas 2

Fits the model of `tests/golden/sparse_optimizer_cases.py` (Embedding -> GlobalAveragePooling1D -> Dense) on its
12 rows, global batch 3 (2 + 1 rows per replica), unshuffled, with Adam, Adam(clipvalue), TF 2's legacy SGD
with momentum (rows present only) and with clipvalue (occurrences clipped), and tf_keras 2's Adam (duplicates
summed; TF_USE_LEGACY_KERAS=1 for that case): each replica's occurrence statistics are summed across replicas, so
the final weights equal real TF's one-device goldens. The chief saves them to OUT.npz.
"""

import argparse
import os
import sys

import numpy as np

import keraslike as tf

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden"))
import sparse_optimizer_cases as cases  # noqa: E402

CASES = {"model/adam": lambda: tf.keras.optimizers.Adam(0.1),
         "model/adam_clipvalue": lambda: tf.keras.optimizers.Adam(0.1, clipvalue=0.01),
         "legacy/sgd_momentum": lambda: tf.keras.optimizers.legacy.SGD(0.5, momentum=0.9),
         "legacy/sgd_clipvalue": lambda: tf.keras.optimizers.legacy.SGD(0.5, clipvalue=0.01),
         "keras2/adam": lambda: tf.keras.optimizers.Adam(0.1)}  # run under TF_USE_LEGACY_KERAS=1 (main)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--replicas", type=int, default=2)
    args = parser.parse_args()
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * args.replicas)
    strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(args.replicas)])
    x, y = cases.IDS.reshape(-1, cases.IDS.shape[-1]), cases.Y.reshape(-1, 1)
    out = {"replicas": strategy.num_replicas_in_sync}
    for name, make in CASES.items():
        os.environ["TF_USE_LEGACY_KERAS"] = "1" if name.startswith("keras2/") else "0"  # tf_keras 2's optimizers
        with strategy.scope():
            model = tf.keras.Sequential([tf.keras.Input((cases.IDS.shape[-1],), dtype="int32"),
                                         tf.keras.layers.Embedding(cases.VOCAB, cases.DIM),
                                         tf.keras.layers.GlobalAveragePooling1D(), tf.keras.layers.Dense(1)])
            model.set_weights(cases.initial_weights())
            model.compile(make(), "mse")
        model.fit(x, y, batch_size=3, epochs=1, shuffle=False, verbose=0)
        out[name] = np.concatenate([np.ravel(w) for w in model.get_weights()])
    if strategy._rank == 0:
        np.savez(args.out, **out)
    print(f"done on {strategy.num_replicas_in_sync} replica(s)")


if __name__ == "__main__":
    main()
