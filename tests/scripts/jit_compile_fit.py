"""Worker script: `compile(jit_compile=True)` under N replicas, the steps traced by dynamo.

Usage:
    python tests/scripts/jit_compile_fit.py OUT_PREFIX --replicas 2 [--jit] [--backend eager|inductor]

Each replica writes OUT_PREFIX.rank<r>.json: History, weights, predictions and the compile warnings seen.
"""

import argparse
import json
import warnings

import numpy as np
import torch

import keraslike as tf
from keraslike._src.autodiff import jit


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--replicas", type=int, default=2)
    parser.add_argument("--jit", action="store_true")
    parser.add_argument("--backend", default="eager", help='"eager": dynamo tracing without code generation')
    args = parser.parse_args()
    original = jit._torch_compile
    if args.backend != "inductor":
        jit._torch_compile = lambda fn: torch.compile(fn, backend=args.backend, dynamic=False)
    try:
        run(args)
    finally:  # run in turn with other scripts (tests/scripts/in_turn.py): they get torch.compile as it was
        jit._torch_compile = original


def run(args):
    tf.keras.utils.set_random_seed(5)
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * args.replicas)
    strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(args.replicas)])
    rng = np.random.default_rng(0)
    x = rng.normal(size=(46, 5)).astype("float32")
    y = (x[:, 0] > 0).astype("int64")
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(8, activation="relu"),
                                     tf.keras.layers.Dense(2)])
        model.compile(optimizer=tf.keras.optimizers.SGD(0.3), jit_compile=args.jit, metrics=["accuracy"],
                      loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        history = model.fit(x, y, batch_size=8, epochs=3, verbose=0, validation_data=(x, y))
        predicted = model.predict(x, batch_size=8, verbose=0)
    with open(f"{args.out}.rank{strategy._rank}.json", "w") as f:
        json.dump({"history": history.history, "weights": [w.tolist() for w in model.get_weights()],
                   "predicted": predicted.tolist(),
                   "warnings": [str(w.message) for w in caught if "torch.compile" in str(w.message)]}, f)


if __name__ == "__main__":
    main()
