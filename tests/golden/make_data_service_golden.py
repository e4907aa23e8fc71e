"""Writes tests/golden/data_service.json: data_service_cases.py under real TF 2.21 (its servers in this process).

    /work/tfvenv/bin/python tests/golden/make_data_service_golden.py
"""

import json
import os
import sys

import tensorflow as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import data_service_cases  # noqa: E402

results = data_service_cases.run(tf)
with open(os.path.join(HERE, "data_service.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
    f.write("\n")
print(json.dumps(results))
