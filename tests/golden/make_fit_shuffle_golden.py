"""Writes tests/golden/fit_shuffle.json under real TF 2.21: the sample order of `fit(shuffle=True)` on in-memory
arrays after `keras.utils.set_random_seed`, and the losses of a small seeded model trained that way.

Keras 3 (TF backend) shuffles every epoch with a fresh `tf.random.shuffle` kernel seeded from the global seed (the
same order each epoch); tf_keras (run in a child process under `TF_USE_LEGACY_KERAS=1`) draws one order per epoch
from one kernel. Each case: seed, samples, batch size, initial_epoch, and per `fit` call the orders of its epochs.

    /work/tfvenv/bin/python tests/golden/make_fit_shuffle_golden.py
"""

import json
import os
import subprocess
import sys

import numpy as np

LEGACY = os.environ.get("TF_USE_LEGACY_KERAS") == "1"
HERE = os.path.dirname(os.path.abspath(__file__))

import tensorflow as tf  # noqa: E402,F401

if LEGACY:
    import tf_keras as keras  # noqa: E402
else:
    import keras  # noqa: E402

CASES = [(1, 20, 7, 0), (0, 23, 5, 1), (42, 203, 32, 0)]


def orders(seed, n, batch_size, initial_epoch):
    keras.utils.set_random_seed(seed)
    seen = []

    class Recorder(keras.Model):
        def train_step(self, data):
            seen.append([int(v) for v in np.asarray(data[1])])
            return {"n": 0.0}

    inp = keras.Input((1,))
    model = Recorder(inp, keras.layers.Dense(1)(inp))
    model.compile(optimizer="sgd", loss="mse", run_eagerly=True)
    x = np.arange(n, dtype="float32")[:, None]
    steps = -(-n // batch_size)
    fits = []
    for _ in range(2):
        seen.clear()
        model.fit(x, np.arange(n), batch_size=batch_size, epochs=initial_epoch + 2, initial_epoch=initial_epoch,
                  verbose=0)
        fits.append([sum(seen[e * steps:(e + 1) * steps], []) for e in range(2)])
    return fits


def losses():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(203, 8)).astype("float32")
    y = (x[:, :2].sum(1) > 0).astype("int64")
    keras.utils.set_random_seed(1)
    inp = keras.Input((8,))
    h = keras.layers.Dense(16, activation="relu")(inp)
    h = keras.layers.Dropout(0.3)(h)
    model = keras.Model(inp, keras.layers.Dense(2, activation="softmax")(h))
    model.compile(optimizer=keras.optimizers.Adam(1e-2), loss="sparse_categorical_crossentropy")
    history = model.fit(x, y, batch_size=32, epochs=3, validation_split=0.2, verbose=0)
    return {k: [float(v) for v in vs] for k, vs in history.history.items()}


def main():
    result = {"cases": [[*case, orders(*case)] for case in CASES], "losses": losses()}
    if LEGACY:
        json.dump(result, sys.stdout)
        return
    child = subprocess.run([sys.executable, __file__], env={**os.environ, "TF_USE_LEGACY_KERAS": "1"},
                           check=True, capture_output=True, text=True)
    golden = {"keras3": result, "keras2": json.loads(child.stdout), "tf": tf.__version__}
    path = os.path.join(HERE, "fit_shuffle.json")
    with open(path + ".tmp", "w") as f:
        json.dump(golden, f)
    os.replace(path + ".tmp", path)


if __name__ == "__main__":
    main()
