"""Run under real TF 2.21 from the repository root: writes tests/golden/partitioners.json, what
tf.distribute.experimental.partitioners give for tests/golden/partitioner_cases.py.

    /work/tfvenv/bin/python tests/golden/make_partitioners_golden.py
"""

import json
import os
import sys

import tensorflow as tf

sys.path.insert(0, os.path.dirname(__file__))
from partitioner_cases import CASES  # noqa: E402

if __name__ == "__main__":
    out = []
    for name, kwargs, shape, dtype, axis in CASES:
        partitioner = getattr(tf.distribute.experimental.partitioners, name)(**kwargs)
        out.append(partitioner(tf.TensorShape(shape), tf.as_dtype(dtype), axis=axis))
    path = os.path.join(os.path.dirname(__file__), "partitioners.json")
    with open(path, "w") as f:
        json.dump(out, f)
    print(f"wrote {len(out)} cases to {path}")
