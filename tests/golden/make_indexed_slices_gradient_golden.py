"""Golden for tests/autodiff/test_indexed_slices_gradient.py: indexed_slices_gradient_cases.run under TF 2.21.

    /work/tfvenv/bin/python tests/golden/make_indexed_slices_gradient_golden.py
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

import indexed_slices_gradient_cases  # noqa: E402

with open(os.path.join(HERE, "indexed_slices_gradient.json"), "w") as f:
    json.dump(indexed_slices_gradient_cases.run(tf), f, indent=1)
