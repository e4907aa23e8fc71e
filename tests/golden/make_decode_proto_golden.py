"""Run under real TF 2.21 from the repository root: writes tests/golden/decode_proto.json, what
`tf.io.decode_proto` gives for tests/golden/decode_proto_cases.py.

    /work/tfvenv/bin/python tests/golden/make_decode_proto_golden.py
"""

import json
import os
import sys

import tensorflow as tf

sys.path.insert(0, os.path.dirname(__file__))
from decode_proto_cases import run  # noqa: E402

if __name__ == "__main__":
    path = os.path.join(os.path.dirname(__file__), "decode_proto.json")
    with open(path, "w") as f:
        json.dump(run(tf), f, indent=0, sort_keys=True)
    print(f"wrote {path}")
