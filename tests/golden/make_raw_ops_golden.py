"""Writes tests/golden/raw_ops_signatures.json under real TF 2.21: the argument names and defaults of the
`tf.raw_ops` keraslike provides (tests/ops/test_raw_ops.py checks keraslike's faces against them).

    /work/tfvenv/bin/python tests/golden/make_raw_ops_golden.py
"""

import inspect
import json
import os

import tensorflow as tf

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "raw_ops_names.txt")) as f:
    names = [line.strip() for line in f if line.strip()]
out = {}
for name in names:
    sig = inspect.signature(getattr(tf.raw_ops, name))
    out[name] = [[p.name, None if p.default is inspect.Parameter.empty else repr(p.default)]
                 for p in sig.parameters.values()]
with open(os.path.join(HERE, "raw_ops_signatures.json"), "w") as f:
    json.dump(out, f, indent=0, sort_keys=True)
print(len(out), "ops")
