"""Write `tests/golden/serialize_python_values.json` under real TensorFlow 2.21:

    /work/tfvenv/bin/python tests/golden/make_serialize_python_values_golden.py

Cases: `tests/golden/serialize_python_values_cases.py`; compared by `tests/io/test_serialize_python_values.py`.
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow as tf  # noqa: E402

import serialize_python_values_cases  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "serialize_python_values.json")

if __name__ == "__main__":
    with open(OUT, "w") as f:
        json.dump(serialize_python_values_cases.run(tf), f, indent=1, sort_keys=True)
    print("wrote", OUT)
