"""Writes tests/golden/save_options.json (the cases of save_options_cases.py under real TF 2.21):

    /work/tfvenv/bin/python tests/golden/make_save_options_golden.py
"""

import json
import os
import sys
import tempfile

import tensorflow as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import save_options_cases  # noqa: E402

with tempfile.TemporaryDirectory() as directory:
    results = save_options_cases.run(tf, directory)
    results.update(save_options_cases.run_load(tf, directory))
with open(os.path.join(HERE, "save_options.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
    f.write("\n")
print(json.dumps(results, indent=1))
