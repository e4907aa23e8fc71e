"""Writes tests/golden/ragged_rows.json: ragged_rows_cases.py under real TF 2.21.

    /work/tfvenv/bin/python tests/golden/make_ragged_rows_golden.py
"""

import json
import os
import sys

import tensorflow as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import ragged_rows_cases  # noqa: E402

results = ragged_rows_cases.run(tf)
with open(os.path.join(HERE, "ragged_rows.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
    f.write("\n")
print(len(results), "cases")
