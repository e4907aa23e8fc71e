"""Seed 000 ("TensorFlow与多GPU并行计算", section 3.2.1): OneDeviceStrategy on "/gpu:0".

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
"""

import numpy as np

import keraslike as tf

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
