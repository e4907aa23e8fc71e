"""Goldens: TF 2.21's eager random draws after random ops without an op seed ran inside a tf.function and a
Dataset.map (TF seeds those from the function's graph, so the eager sequence goes on as if they had not run).

Run under real TensorFlow: `python tests/golden/make_random_in_functions_golden.py`; writes
random_in_functions.json next to this file.
"""

import json
import os

import tensorflow as tf

out = {}
tf.random.set_seed(1)


@tf.function
def draw():
    return tf.random.normal([2])


draw()
draw()
out["after_function"] = tf.random.uniform([2]).numpy().tolist()
tf.random.set_seed(2)
for _ in tf.data.Dataset.range(4).map(lambda i: tf.random.uniform([])):
    pass
out["after_map"] = tf.random.uniform([2]).numpy().tolist()
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "random_in_functions.json"), "w") as f:
    json.dump(out, f, indent=1)
