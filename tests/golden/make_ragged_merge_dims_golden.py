"""Writes tests/golden/ragged_merge_dims.json: ragged_merge_dims_cases.py under real TF 2.21.

    /work/tfvenv/bin/python tests/golden/make_ragged_merge_dims_golden.py
"""

import json
import os
import sys

import tensorflow as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import ragged_merge_dims_cases  # noqa: E402

results = ragged_merge_dims_cases.run(tf)
with open(os.path.join(HERE, "ragged_merge_dims.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
    f.write("\n")
print(len(results), "cases")
