"""Writes tests/golden/failed_loads.json under real TF 2.21: the error each failed load raises.

- `load_weights` of a file whose second layer does not match (Keras 3 `.weights.h5`).
- `load_model` of a `.keras` file whose functional config has `"layers": "..."` (a string).
- `tf.train.Checkpoint.read` of a value whose shape differs from the variable's.

    /work/tfvenv/bin/python tests/golden/make_failed_load_golden.py
"""

import json
import os
import tempfile
import zipfile

import keras
import numpy as np
import tensorflow as tf

out = {}
d = tempfile.mkdtemp()
saved = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), keras.layers.Dense(1)])
saved.save_weights(os.path.join(d, "w.weights.h5"))
target = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), keras.layers.Dense(4)])
try:
    target.load_weights(os.path.join(d, "w.weights.h5"))
except Exception as err:  # noqa: BLE001 - recording what TF raises
    out["load_weights_mismatch"] = {"type": type(err).__name__, "message": str(err)[:300]}

a = keras.Input((3,))
model = keras.Model(a, keras.layers.Dense(2)(a))
model.save(os.path.join(d, "m.keras"))
with zipfile.ZipFile(os.path.join(d, "m.keras")) as zin, zipfile.ZipFile(os.path.join(d, "bad.keras"), "w") as zout:
    for name in zin.namelist():
        data = zin.read(name)
        if name == "config.json":
            config = json.loads(data)
            config["config"]["layers"] = "..."
            data = json.dumps(config)
        zout.writestr(name, data)
try:
    keras.models.load_model(os.path.join(d, "bad.keras"))
except Exception as err:  # noqa: BLE001
    out["layers_string"] = {"type": type(err).__name__, "message": str(err)[:300]}

prefix = tf.train.Checkpoint(v=tf.Variable(np.ones((3,), "float32"))).write(os.path.join(d, "ck"))
try:
    tf.train.Checkpoint(v=tf.Variable(np.zeros((2, 3), "float32"))).read(prefix)
except Exception as err:  # noqa: BLE001
    out["checkpoint_shape"] = {"type": type(err).__name__, "message": str(err)[:300]}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "failed_loads.json"), "w") as f:
    json.dump(out, f, indent=1)
print(json.dumps(out, indent=1))
