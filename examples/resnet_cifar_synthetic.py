"""ResNet-18 from models/ on synthetic CIFAR-shaped data, with Keras fit under MirroredStrategy.

`models.build_resnet18((32, 32, 3), 10, stem="cifar")` (He et al. 2016, with the 3x3 stem used
for 32x32 images). The data are random 32x32x3 images whose class shifts the mean of one colour
channel in one quadrant, so the accuracy rises within an epoch or two; swap in
`keras.datasets.cifar10.load_data()` for the real thing. `--width` scales every layer's channels
(1.0 is the paper's network; the default 0.25 keeps a CPU run short).

Run:
    python examples/resnet_cifar_synthetic.py                   # all GPUs, else 2 CPU replicas
    python examples/resnet_cifar_synthetic.py --replicas 1 --width 1.0 --samples 10000
    python examples/resnet_cifar_synthetic.py --quick           # or KERASLIKE_EXAMPLE_QUICK=1

Expected output of `--quick` on a 2-core machine without GPUs (times, and the values of
unseeded runs, differ from machine to machine and run to run):

    Number of devices: 2
    ResNet-18 (width 0.125): 178,202 parameters
    4/4 - 2s - 345ms/step - accuracy: 0.2852 - loss: 2.0266
    Test accuracy: 0.3125
    Wall time: 37.7s with 2 replica(s)
"""

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # the repository root, for `models`

import keraslike as tf  # noqa: E402
from models import build_resnet18  # noqa: E402


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--samples", type=int, default=2048)
    parser.add_argument("--width", type=float, default=0.25)
    parser.add_argument("--batch-size", type=int, default=64, help="global batch size")
    parser.add_argument("--replicas", type=int, default=2, help="CPU replicas when there is no GPU")
    parser.add_argument("--quick", action="store_true", default=os.environ.get("KERASLIKE_EXAMPLE_QUICK") == "1")
    args = parser.parse_args()
    if args.quick:
        args.epochs, args.samples, args.width = 1, 256, 0.125
    return args


def make_strategy(cpu_replicas):
    if tf.config.list_physical_devices("GPU"):
        return tf.distribute.MirroredStrategy()
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * cpu_replicas)
    return tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(cpu_replicas)])


def synthetic_cifar(n, seed=0):
    """`(n, 32, 32, 3)` float32 images in [0, 1] and int labels in [0, 10)."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 10, size=n)
    x = rng.uniform(0.0, 0.6, size=(n, 32, 32, 3)).astype("float32")
    for label in range(10):
        rows, cols = (label // 2 % 2) * 16, (label % 2) * 16
        x[y == label, rows:rows + 16, cols:cols + 16, label % 3] += 0.4
    return x, y.astype("int64")


def main():
    args = parse_args()
    start = time.time()
    tf.keras.utils.set_random_seed(0)
    x, y = synthetic_cifar(args.samples)
    x_test, y_test = synthetic_cifar(max(args.samples // 4, 64), seed=1)
    strategy = make_strategy(args.replicas)
    print(f"Number of devices: {strategy.num_replicas_in_sync}")
    with strategy.scope():
        model = build_resnet18((32, 32, 3), 10, stem="cifar", width=args.width)
        model.compile(optimizer=tf.keras.optimizers.SGD(0.05, momentum=0.9),
                      loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    print(f"ResNet-18 (width {args.width}): {model.count_params():,} parameters")
    model.fit(x, y, batch_size=args.batch_size, epochs=args.epochs, verbose=2)
    loss, accuracy = model.evaluate(x_test, y_test, batch_size=args.batch_size, verbose=0)
    print(f"Test accuracy: {accuracy:.4f}")
    print(f"Wall time: {time.time() - start:.1f}s with {strategy.num_replicas_in_sync} replica(s)")


if __name__ == "__main__":
    main()
