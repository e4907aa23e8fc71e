"""Worker script: `MirroredStrategy(["GPU:0", "GPU:1"])` on a machine without those GPUs.

Usage:
    python tests/scripts/soft_placed_gpus.py OUT.npz [--single]

As in tensorflow/docs site/en/guide/distributed_training.ipynb, a Dense model is compiled in the
strategy's scope and fit on a batched dataset. Without GPUs TF soft-places the two replicas on the
CPU; so does keraslike (two CPU replicas, with a warning). `--single` runs the same training on one
device, the reference. The chief writes the weights and the replica count to OUT.npz.
"""

import sys

import numpy as np
import torch

import keraslike as tf


def main():
    out, single = sys.argv[1], "--single" in sys.argv
    torch.set_num_threads(1)
    strategy = tf.distribute.OneDeviceStrategy("/cpu:0") if single else \
        tf.distribute.MirroredStrategy(["GPU:0", "GPU:1"])
    rng = np.random.default_rng(0)
    x = rng.normal(size=(90, 3)).astype("float32")
    y = (x @ np.array([[1.0], [-2.0], [0.5]], "float32")).astype("float32")
    dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(10)
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1, kernel_initializer="zeros")])
        model.compile(loss="mse", optimizer=tf.keras.optimizers.SGD(0.1))
    model.fit(dataset, epochs=2, verbose=0)
    if strategy.cluster_resolver is None or strategy.cluster_resolver.task_id == 0:
        np.savez(out, *model.get_weights(), replicas=np.array(strategy.num_replicas_in_sync))


if __name__ == "__main__":
    main()
