"""The torch bridge both ways: a torchvision model in Keras `fit`, and a Keras model in a torch loop.

1. `keras.layers.TorchModuleWrapper(torchvision.models.resnet18(num_classes=10))` makes the torch
   module a Keras layer: `compile`/`fit`/`evaluate` train it, under MirroredStrategy here (the
   module's parameters are the layer's weights; DistributedDataParallel syncs them). The wrapper
   passes inputs unchanged, so the data stay NCHW, `(batch, 3, 32, 32)`, as torchvision expects.
2. The way back: a keraslike model IS a `torch.nn.Module`, so plain torch code trains it
   (`torch.optim.SGD(model.parameters())`, `model(x, training=True)`, `model.state_dict()`).
   Pass `training=True` for training behaviour (dropout, batch norm): Keras's flag, not
   `module.train()`, controls it.

Needs torchvision (`pip install "keraslike[vision]"`); without it the script says so and exits 0.

Run:
    python examples/torchvision_bridge.py                 # all GPUs, else 2 CPU replicas
    python examples/torchvision_bridge.py --replicas 1
    python examples/torchvision_bridge.py --quick         # or KERASLIKE_EXAMPLE_QUICK=1

Expected output of `--quick` on a 2-core machine without GPUs (times, and the values of
unseeded runs, differ from machine to machine and run to run):

    Number of devices: 2
    torchvision resnet18 as a Keras layer: 62 trainable weights, 11,191,262 parameters
    1/1 - 2s - 2s/step - accuracy: 0.0312 - loss: 2.5198
    evaluate [loss, accuracy]: [2.2801, 0.1562]
    keras model in a torch loop: loss 0.9239; state_dict keys ['hidden.bias', 'hidden.kernel', 'logits.b ...
"""

import argparse
import os

import numpy as np
import torch

import keraslike as tf

keras = tf.keras


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--samples", type=int, default=512)
    parser.add_argument("--replicas", type=int, default=2, help="CPU replicas when there is no GPU")
    parser.add_argument("--quick", action="store_true", default=os.environ.get("KERASLIKE_EXAMPLE_QUICK") == "1")
    args = parser.parse_args()
    args.size = 32
    if args.quick:
        args.epochs, args.samples, args.size = 1, 32, 16
    return args


def make_strategy(cpu_replicas):
    if tf.config.list_physical_devices("GPU"):
        return tf.distribute.MirroredStrategy()
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * cpu_replicas)
    return tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(cpu_replicas)])


def torchvision_in_keras(args, torchvision):
    rng = np.random.default_rng(0)
    y = rng.integers(0, 10, size=args.samples)
    x = rng.normal(size=(args.samples, 3, args.size, args.size)).astype("float32")       # NCHW
    x[np.arange(args.samples), y % 3, :8, :8] += 2.0                         # a learnable class signal
    strategy = make_strategy(args.replicas)
    print(f"Number of devices: {strategy.num_replicas_in_sync}")
    with strategy.scope():
        model = keras.Sequential([
            keras.Input(shape=(3, args.size, args.size)),
            keras.layers.TorchModuleWrapper(torchvision.models.resnet18(num_classes=10), name="resnet18"),
        ])
        model.compile(optimizer=keras.optimizers.Adam(1e-3), metrics=["accuracy"],
                      loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    print(f"torchvision resnet18 as a Keras layer: {len(model.trainable_weights)} trainable weights, "
          f"{model.count_params():,} parameters")
    model.fit(x, y, batch_size=32, epochs=args.epochs, verbose=2)
    print("evaluate [loss, accuracy]:", [round(v, 4) for v in model.evaluate(x, y, batch_size=32, verbose=0)])


def keras_in_torch(args):
    model = keras.Sequential([keras.Input(shape=(20,)), keras.layers.Dense(32, activation="relu", name="hidden"),
                              keras.layers.Dense(3, name="logits")])
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)       # Keras weights are torch Parameters
    generator = torch.Generator().manual_seed(0)
    x = torch.randn(256, 20, generator=generator)
    y = x[:, :3].argmax(dim=1)
    for _ in range(50 if not args.quick else 10):
        loss = torch.nn.functional.cross_entropy(model(x, training=True), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    print(f"keras model in a torch loop: loss {loss.item():.4f}; state_dict keys {sorted(model.state_dict())}")


def main():
    args = parse_args()
    try:
        import torchvision
    except ImportError:
        print("torchvision is not installed; skipping (pip install 'keraslike[vision]').")
        return
    tf.keras.utils.set_random_seed(0)
    torchvision_in_keras(args, torchvision)
    keras_in_torch(args)   # every replica process runs it; only the chief's stdout shows


if __name__ == "__main__":
    main()
