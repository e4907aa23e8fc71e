"""Golden for tests/compat/test_graph_sparse.py: graph_sparse_cases.run under real TF 2.21.

    /work/tfvenv/bin/python tests/golden/make_graph_sparse_golden.py
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

import graph_sparse_cases  # noqa: E402

with open(os.path.join(HERE, "graph_sparse.json"), "w") as f:
    json.dump(graph_sparse_cases.run(tf), f, indent=1)
