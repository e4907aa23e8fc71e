"""Goldens: TF 2.21's DeterministicRandomTestTool draws (Keras 2, TF_USE_LEGACY_KERAS=1).

Run under real TensorFlow: `TF_USE_LEGACY_KERAS=1 python tests/golden/make_deterministic_tool_golden.py`;
writes deterministic_tool.json next to this file.
"""

import json
import os

os.environ["TF_USE_LEGACY_KERAS"] = "1"
import tensorflow as tf  # noqa: E402

out = {}
with tf.compat.v1.keras.utils.DeterministicRandomTestTool().scope():
    out["constant_uniform"] = [tf.random.uniform([3]).numpy().tolist() for _ in range(2)]
with tf.compat.v1.keras.utils.DeterministicRandomTestTool(mode="num_random_ops").scope():
    out["num_random_ops_normal"] = [tf.random.normal([3]).numpy().tolist() for _ in range(2)]
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "deterministic_tool.json"), "w") as f:
    json.dump(out, f, indent=1)
