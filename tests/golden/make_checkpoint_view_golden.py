"""Run under real TF 2.21 from the repository root: writes tests/golden/checkpoint_view.json, what
tf.train.CheckpointView / TrackableView give for tests/golden/checkpoint_view_cases.py.

    /work/tfvenv/bin/python tests/golden/make_checkpoint_view_golden.py
"""

import json
import os
import sys
import tempfile

import tensorflow as tf

sys.path.insert(0, os.path.dirname(__file__))
from checkpoint_view_cases import run  # noqa: E402

if __name__ == "__main__":
    path = os.path.join(os.path.dirname(__file__), "checkpoint_view.json")
    with tempfile.TemporaryDirectory() as folder, open(path, "w") as f:
        json.dump(run(tf, folder), f, indent=0)
    print(f"wrote {path}")
