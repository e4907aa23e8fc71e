"""Worker for tests/distribute/test_keras_distribution_torchrun.py: keras.distribution under torchrun.

Usage:
    torchrun --standalone --nproc_per_node=2 tests/scripts/keras_distribution_torchrun.py OUT

torchrun started the processes: `list_devices()` is the job's (no logical devices configured), the
distributions join instead of launching. `ModelParallel` on mesh (1, 2) trains the worker of
keras_distribution_fit.py's phase 3 (seed 7); each process writes OUT.rank<r>.npz with the devices, its blocks'
shapes, the losses and the full weights.
"""

import sys

import numpy as np

import keraslike as tf
from keras_distribution_fit import data, mlp, train

dist = tf.keras.distribution


def main(out):
    devices = dist.list_devices()
    mesh = dist.DeviceMesh((1, 2), ["batch", "model"], devices)
    layout_map = dist.LayoutMap(mesh)
    layout_map["mp_hidden/kernel"] = (None, "model")
    layout_map["mp_hidden/bias"] = ("model",)
    layout_map["mp_out/kernel"] = ("model", None)
    distribution = dist.ModelParallel(layout_map=layout_map)
    dist.set_distribution(distribution)
    x, y = data(42)
    tf.keras.utils.set_random_seed(7)
    model = mlp("mp")
    rec = {"devices": np.array(devices), "loss": np.array(train(model, x, y)),
           "shapes": np.array([tuple(v.shape) + (0,) * (2 - v.dim()) for v in model.weights]),
           "processes": distribution.num_processes}
    for i, w in enumerate(model.get_weights()):
        rec[f"w{i}"] = w
    np.savez(f"{out}.rank{distribution.process_id}.npz", **rec)


if __name__ == "__main__":
    main(sys.argv[1])
