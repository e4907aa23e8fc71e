"""Write goldens for RaggedTensor's Python operators.

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_ragged_operator_golden.py

It runs each case of `ragged_operator_cases.py` and writes `tests/golden/ragged_operators.json`
(`{case: {"ok": described value} | {"error": exception type name}}`); `tests/ragged/test_ragged_operators.py`
runs the same cases on keraslike and compares.
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ragged_operator_cases import CASES, SETUP  # noqa: E402
from ragged_shape_cases import write_golden  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ragged_operators.json")

if __name__ == "__main__":
    write_golden(tf, SETUP, CASES, OUT)
