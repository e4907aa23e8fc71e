"""Write goldens for Keras 2's `keras.Input(type_spec=...)`: models taking extension types and ragged tensors.

Run under real TensorFlow 2.21 with tf_keras (not keraslike), from the repository root:

    TF_USE_LEGACY_KERAS=1 /work/tfvenv/bin/python tests/golden/make_input_type_spec_golden.py

It runs each case of `input_type_spec_cases.py` and writes `tests/golden/input_type_spec.json`
(`{case: {"ok": described value} | {"error": exception type name}}`); `tests/keras/test_input_type_spec.py`
runs the same cases on keraslike and compares.
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_USE_LEGACY_KERAS"] = "1"

import tensorflow as tf  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from input_type_spec_cases import CASES, SETUP, describe  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "input_type_spec.json")


def main():
    namespace = {"tf": tf, "np": __import__("numpy")}
    exec(SETUP, namespace)
    results = {}
    for name, code in CASES.items():
        try:
            exec(code, namespace)
            results[name] = {"ok": describe(namespace["out"], tf)}
        except Exception as e:  # noqa: BLE001 - the golden records which error TF raises
            results[name] = {"error": type(e).__name__}
    with open(OUT, "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    print(f"wrote {len(results)} cases to {OUT}")


if __name__ == "__main__":
    main()
