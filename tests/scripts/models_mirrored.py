"""Worker script: every model in models/ trains a few steps under MirroredStrategy.

Usage:
    python tests/scripts/models_mirrored.py OUT_PREFIX [--replicas 2]

Each builder runs at a small input size and width (where it takes `width`) on random data:
16 samples, global batch 8, one epoch (2 steps). Every replica writes OUT_PREFIX.rank<r>.json with,
per model, the History losses and a checksum of its trainable weights, so the test can check the
losses are finite and the replicas end with the same weights.
"""

import argparse
import json
import time

import numpy as np

import keraslike as tf
import models

CASES = {  # name: (input_shape, builder kwargs)
    "mlp": ((20,), {"hidden_units": (16, 16)}),
    "lenet5": ((28, 28, 1), {}),
    "alexnet": ((67, 67, 3), {"width": 1 / 16}),
    "vgg11": ((32, 32, 3), {"width": 1 / 16}),
    "vgg16": ((32, 32, 3), {"width": 1 / 16}),
    "googlenet": ((32, 32, 3), {"width": 1 / 8}),
    "resnet18": ((32, 32, 3), {"width": 1 / 8}),
    "resnet18_cifar": ((16, 16, 3), {"width": 1 / 8, "stem": "cifar"}),
    "resnet34": ((16, 16, 3), {"width": 1 / 16, "stem": "cifar"}),
    "resnet50": ((16, 16, 3), {"width": 1 / 16, "stem": "cifar"}),
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--replicas", type=int, default=2)
    args = parser.parse_args()
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * args.replicas)
    strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(args.replicas)])
    tf.keras.utils.set_random_seed(0)
    rng = np.random.default_rng(0)
    report = {"replicas": strategy.num_replicas_in_sync}
    for name, (shape, kwargs) in CASES.items():
        start = time.perf_counter()
        x = rng.normal(size=(16, *shape)).astype("float32")
        y = rng.integers(0, 5, size=(16,))
        with strategy.scope():
            model = models.BUILDERS[name.split("_")[0]](shape, 5, **kwargs)
            model.compile(optimizer=tf.keras.optimizers.SGD(0.01), loss="sparse_categorical_crossentropy",
                          metrics=["accuracy"])
        history = model.fit(x, y, batch_size=8, epochs=1, verbose=0)
        checksum = float(sum(float(w.detach().double().abs().sum()) for w in model.trainable_weights))
        report[name] = {"loss": history.history["loss"], "checksum": checksum,
                        "seconds": time.perf_counter() - start}
    with open(f"{args.out}.rank{strategy._rank}.json", "w") as f:
        json.dump(report, f)
    if strategy._rank == 0:
        print("models trained:", ", ".join(n for n in CASES))


if __name__ == "__main__":
    main()
