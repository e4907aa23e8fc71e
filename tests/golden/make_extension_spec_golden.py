"""Writes tests/golden/extension_spec.json (the cases of extension_spec_cases.py under real TF 2.21):

    /work/tfvenv/bin/python tests/golden/make_extension_spec_golden.py
"""

import json
import os
import sys

import tensorflow as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import extension_spec_cases  # noqa: E402

results = extension_spec_cases.run(tf)
with open(os.path.join(HERE, "extension_spec.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
    f.write("\n")
print(json.dumps(results, indent=1))
