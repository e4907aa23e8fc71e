"""Seed 000 ("TensorFlow与多GPU并行计算", section 3.2.1): OneDeviceStrategy on "/gpu:0".

Seed document: `shared/seeds/000_fdda7c20c10b15ac.txt` (in the project's shared/ folder):
section 3.2.1, its only code snippet.

The document's only code snippet, with `import tensorflow as tf` changed to
`import keraslike as tf`:

    import tensorflow as tf
    strategy = tf.distribute.OneDeviceStrategy(device="/gpu:0")
    with s...

The document is cut off after `with s`; the minimal completion used here is
`with strategy.scope():` building and compiling a one-layer model, then one
`fit` epoch on 64 random rows, and (added, to show where things ran) a print
of the replica count and the device of the kernel. On a machine without a GPU,
"/gpu:0" falls back to the CPU with a RuntimeWarning (soft placement, TF2's
default).

Run:
    python examples/seed_000_one_device_strategy.py
    python examples/seed_000_one_device_strategy.py --quick    # the same: it already runs in seconds

Expected output of `--quick` on a 2-core machine without GPUs (times, and the values of
unseeded runs, differ from machine to machine and run to run):

    replicas: 1
    kernel device: cpu
    loss decreased: True
"""

import argparse

import numpy as np

import keraslike as tf

# ---- added: the flag every example takes (this one already runs in seconds: --quick changes nothing)
_parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
_parser.add_argument("--quick", action="store_true", help="accepted as by every example; the run is already short")
_parser.parse_args()

strategy = tf.distribute.OneDeviceStrategy(device="/gpu:0")

with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(3,))])
    model.compile(optimizer="sgd", loss="mse")

# ---- added: train briefly and show the placement ------------------------------------------------
rng = np.random.default_rng(0)
x = rng.normal(size=(64, 3)).astype("float32")
y = x @ np.array([[1.0], [2.0], [3.0]], dtype="float32")
history = model.fit(x, y, batch_size=16, epochs=2, verbose=0)
print("replicas:", strategy.num_replicas_in_sync)
print("kernel device:", model.layers[0].kernel.device)
print("loss decreased:", history.history["loss"][-1] < history.history["loss"][0])
