"""Worker script: a torch.nn.Module trained through TorchModuleWrapper under a strategy.

Usage:
    python tests/scripts/bridge_fit.py OUT --replicas 2    # MirroredStrategy on 2 CPU replicas
    python tests/scripts/bridge_fit.py OUT --replicas 1    # OneDeviceStrategy("/cpu:0"), the reference

Each replica seeds torch differently before building the module, so equal results show that the
wrapper broadcasts the chief's initial weights. Three jobs, each replica saving OUT.rank<r>.npz:
`fit_*`: a small torch CNN (NCHW, no batch norm) with `fit`, 2 epochs on 40 samples, global batch 16
(the last batch partial); `loop_*`: the same module in a GradientTape custom loop with
`strategy.run` and `compute_average_loss`; `resnet_*`: torchvision's resnet18 (when installed), one
epoch at 32x32.
"""

import argparse

import numpy as np
import torch

import keraslike as tf

keras = tf.keras


def small_cnn():
    return torch.nn.Sequential(
        torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
        torch.nn.Flatten(), torch.nn.Linear(8 * 4 * 4, 5),
    )


def make_strategy(replicas):
    if replicas == 1:
        return tf.distribute.OneDeviceStrategy("/cpu:0")
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * replicas)
    return tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(replicas)])


def fit_job(strategy, x, y, out):
    with strategy.scope():
        model = keras.Sequential([keras.Input(shape=(3, 8, 8)), keras.layers.TorchModuleWrapper(small_cnn())])
        model.compile(optimizer=keras.optimizers.SGD(0.1), metrics=["accuracy"],
                      loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    history = model.fit(x, y, batch_size=16, epochs=2, verbose=0, shuffle=False)
    out["fit_loss"] = np.array(history.history["loss"])
    for i, w in enumerate(model.get_weights()):
        out[f"fit_w{i}"] = w


def loop_job(strategy, x, y, out):
    global_batch = 16
    with strategy.scope():
        layer = keras.layers.TorchModuleWrapper(small_cnn())
        optimizer = keras.optimizers.SGD(0.1)
        loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="none")
    dataset = strategy.experimental_distribute_dataset(
        tf.data.Dataset.from_tensor_slices((x, y)).batch(global_batch))

    def step(inputs):
        images, labels = inputs
        with tf.GradientTape() as tape:
            loss = tf.nn.compute_average_loss(loss_fn(labels, layer(images, training=True)),
                                              global_batch_size=global_batch)
        grads = tape.gradient(loss, layer.trainable_variables)
        optimizer.apply_gradients(zip(grads, layer.trainable_variables))
        return loss

    losses = []
    for batch in dataset:
        losses.append(float(strategy.reduce("SUM", strategy.run(step, args=(batch,)), axis=None)))
    out["loop_loss"] = np.array(losses)
    for i, w in enumerate(layer.get_weights()):
        out[f"loop_w{i}"] = w


def resnet_job(strategy, out):
    try:
        import torchvision
    except ImportError:
        return
    rng = np.random.default_rng(1)
    x = rng.normal(size=(16, 3, 32, 32)).astype("float32")
    y = rng.integers(0, 10, size=(16,))
    with strategy.scope():
        model = keras.Sequential([keras.Input(shape=(3, 32, 32)),
                                  keras.layers.TorchModuleWrapper(torchvision.models.resnet18(num_classes=10))])
        model.compile(optimizer="adam", loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    history = model.fit(x, y, batch_size=8, epochs=1, verbose=0)
    out["resnet_loss"] = np.array(history.history["loss"])
    out["resnet_sum"] = np.array([float(w.detach().double().sum()) for w in model.trainable_weights])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--replicas", type=int, default=2)
    args = parser.parse_args()
    strategy = make_strategy(args.replicas)
    rng = np.random.default_rng(0)
    x = rng.normal(size=(40, 3, 8, 8)).astype("float32")
    y = rng.integers(0, 5, size=(40,))
    out = {"replicas": np.array(strategy.num_replicas_in_sync)}
    torch.manual_seed(100 + strategy._rank)  # deliberately different initial weights per replica
    fit_job(strategy, x, y, out)
    torch.manual_seed(200 + strategy._rank)
    loop_job(strategy, x, y, out)
    resnet_job(strategy, out)
    np.savez(f"{args.out}.rank{strategy._rank}.npz", **out)


if __name__ == "__main__":
    main()
