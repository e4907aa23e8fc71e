"""Writes tests/golden/dataset_repr.json: dataset_repr_cases.py under real TF 2.21.

    /work/tfvenv/bin/python tests/golden/make_dataset_repr_golden.py
"""

import json
import os
import sys

import tensorflow as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import dataset_repr_cases  # noqa: E402

results = dataset_repr_cases.run(tf)
with open(os.path.join(HERE, "dataset_repr.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
    f.write("\n")
print(len(results), "cases")
