"""Writes tests/golden/issue25_function.json (the cases of issue25_function_cases.py under real TF 2.21):

    /work/tfvenv/bin/python tests/golden/make_issue25_function_golden.py
"""

import json
import os
import sys

import tensorflow as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import issue25_function_cases  # noqa: E402

results = issue25_function_cases.run(tf)
with open(os.path.join(HERE, "issue25_function.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
    f.write("\n")
print(json.dumps(results, indent=1))
