"""Golden for tests/ops/test_py_function_outputs.py: run under TF 2.21 (`python make_py_function_outputs.py`)."""

import json
import os
import sys

import tensorflow as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from py_function_outputs_cases import cases, outcome  # noqa: E402

tf.autograph.set_verbosity(0)
out = {name: outcome(fn) for name, fn in cases(tf).items()}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "py_function_outputs.json"), "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
