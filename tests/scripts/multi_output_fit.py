"""Worker script: a two-output model (weighted losses, a per-output metric) fit and evaluated under N replicas.

Usage:
    python tests/scripts/multi_output_fit.py OUT.npz --replicas N

21 rows, global batch 8 (a partial last batch), 2 epochs, seeded; N=1 runs under `OneDeviceStrategy`. The chief
saves the final weights, the History (`h_<key>`, key order in `keys`) and `evaluate`'s logs (`e_<key>`) to OUT.npz
(tests/keras/trainers/test_multi_output.py).
"""

import argparse

import numpy as np
import torch

import keraslike as tf

keras = tf.keras


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--replicas", type=int, default=2)
    args = parser.parse_args()
    torch.set_num_threads(1)
    rng = np.random.default_rng(0)
    x = rng.normal(size=(21, 4)).astype("float32")
    ya = rng.normal(size=(21, 1)).astype("float32")
    yb = rng.integers(0, 3, size=21).astype("int64")
    if args.replicas == 1:
        strategy = tf.distribute.OneDeviceStrategy("/cpu:0")
    else:
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * args.replicas)
        strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(args.replicas)])
    with strategy.scope():
        keras.utils.set_random_seed(0)
        inp = keras.Input((4,))
        h = keras.layers.Dense(8, activation="relu", name="hidden")(inp)
        model = keras.Model(inp, [keras.layers.Dense(1, name="a")(h), keras.layers.Dense(3, name="b")(h)])
        model.compile(optimizer=keras.optimizers.SGD(0.1),
                      loss={"a": "mse", "b": keras.losses.SparseCategoricalCrossentropy(from_logits=True)},
                      loss_weights={"a": 2.0, "b": 0.5}, metrics={"b": "accuracy"})
    history = model.fit(x, {"a": ya, "b": yb}, batch_size=8, epochs=2, verbose=0)
    logs = model.evaluate(x, [ya, yb], batch_size=8, verbose=0, return_dict=True)
    if getattr(strategy, "_rank", 0) == 0:
        np.savez(args.out, *model.get_weights(), keys=np.array(list(history.history)),
                 **{"h_" + k: v for k, v in history.history.items()}, **{"e_" + k: v for k, v in logs.items()})


if __name__ == "__main__":
    main()
