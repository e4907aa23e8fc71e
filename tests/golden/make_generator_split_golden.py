"""Goldens: TF 2.21's `tf.random.Generator.split` (Philox): the children's and the parent's next draws.

Run under real TensorFlow: `python tests/golden/make_generator_split_golden.py`; writes generator_split.json.
"""

import json
import os

import tensorflow as tf

out = {}
for seed in (1, 2024):
    g = tf.random.Generator.from_seed(seed)
    children = g.split(3)
    out[str(seed)] = {"children_normal": [c.normal([2]).numpy().tolist() for c in children],
                      "child_uniform_int": children[0].uniform([3], maxval=100, dtype=tf.int64).numpy().tolist(),
                      "parent_normal": g.normal([2]).numpy().tolist()}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "generator_split.json"), "w") as f:
    json.dump(out, f, indent=1)
