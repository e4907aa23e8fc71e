"""Worker: a script with the nondeterministic top-level code users write, run as 2 replicas (issue 9 item 5).

Usage:
    python tests/scripts/one_program.py OUTDIR

Before the strategy: `tempfile.mkdtemp()`, `NamedTemporaryFile`, `TemporaryDirectory`, `uuid4`, `time.time`
and unseeded `random` / `numpy.random` / `default_rng()` / `torch.rand` draws. Then a ModelCheckpoint into the
temp dir, `load_model` of it on every replica, `model.save` / `save_weights` into the other temp paths and
loading them back. Every replica writes OUTDIR/rank<r>.json with what it saw.
"""

import json
import os
import random
import sys
import tempfile
import time
import uuid
from pathlib import Path

import numpy as np
import torch

import keraslike as tf

out = Path(sys.argv[1])
tmp = tempfile.mkdtemp()
named = tempfile.NamedTemporaryFile(suffix=".keras", delete=False)
named.close()
tdir = tempfile.TemporaryDirectory()
values = {
    "mkdtemp": tmp, "named": named.name, "tempdir": tdir.name, "uuid": str(uuid.uuid4()), "time": time.time(),
    "random": random.random(), "np": float(np.random.rand()), "rng": float(np.random.default_rng().random()),
    "torch": float(torch.rand(())),
}
x = np.random.normal(size=(30, 4)).astype("float32")  # unseeded data drawn before the strategy
y = (x[:, 0] + x[:, 1] > 0).astype("int64")

cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(8, activation="relu"),
                                 tf.keras.layers.Dense(2)])
    model.compile("adam", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
ckpt = os.path.join(tmp, "best.keras")
model.fit(x, y, batch_size=8, epochs=2, verbose=0, callbacks=[tf.keras.callbacks.ModelCheckpoint(ckpt)])
values["x_sum"] = float(x.sum())
values["ckpt_pred"] = tf.keras.models.load_model(ckpt).predict(x[:5], verbose=0).tolist()  # every replica
model.save(named.name)
values["named_pred"] = tf.keras.models.load_model(named.name).predict(x[:5], verbose=0).tolist()
weights = os.path.join(tdir.name, "w.weights.h5")
model.save_weights(weights)
model.load_weights(weights)
values["pred"] = model.predict(x[:5], verbose=0).tolist()
values["rank"] = strategy._rank
(out / f"rank{strategy._rank}.json").write_text(json.dumps(values))
tdir.cleanup()  # the chief removes its directory; a replica's view of it never does
