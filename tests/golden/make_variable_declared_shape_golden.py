"""Writes tests/golden/variable_declared_shape.json: variable_declared_shape_cases.py under real TF 2.21.

    /work/tfvenv/bin/python tests/golden/make_variable_declared_shape_golden.py
"""

import json
import os
import sys

import tensorflow as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import variable_declared_shape_cases  # noqa: E402

results = variable_declared_shape_cases.run(tf)
with open(os.path.join(HERE, "variable_declared_shape.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
    f.write("\n")
print(json.dumps(results, indent=1))
