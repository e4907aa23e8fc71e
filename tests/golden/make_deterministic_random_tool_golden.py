"""Writes tests/golden/deterministic_random_tool.json under real TF 2.21: `tf.random` ops drawn inside
`tf.compat.v1.keras.utils.DeterministicRandomTestTool(mode=...).scope()` (TF's patched `get_seed`), both modes.

    TF_USE_LEGACY_KERAS=1 /work/tfvenv/bin/python tests/golden/make_deterministic_random_tool_golden.py
"""

import json
import os

import numpy as np

os.environ["TF_USE_LEGACY_KERAS"] = "1"
import tensorflow as tf  # noqa: E402

out = {}
for mode in ("num_random_ops", "constant"):
    tool = tf.compat.v1.keras.utils.DeterministicRandomTestTool(mode=mode)
    with tool.scope():
        draws = [tf.random.uniform([3]), tf.random.normal([2]), tf.random.truncated_normal([2]),
                 tf.random.uniform([2, 2], -1.0, 1.0, seed=7), tf.random.uniform([3], maxval=10, dtype=tf.int32)]
    out[mode] = {"draws": [np.asarray(d).tolist() for d in draws], "operation_seed": tool.operation_seed}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "deterministic_random_tool.json"), "w") as f:
    json.dump(out, f, indent=1)
print(out)
