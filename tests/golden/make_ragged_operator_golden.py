"""Write goldens for RaggedTensor's Python operators.

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_ragged_operator_golden.py

It runs each case of `ragged_operator_cases.py` and writes `tests/golden/ragged_operators.json`
(`{case: {"ok": described value} | {"error": exception type name}}`); `tests/ragged/test_ragged_operators.py`
runs the same cases on keraslike and compares.
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ragged_operator_cases import CASES, SETUP  # noqa: E402
from ragged_shape_cases import describe  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ragged_operators.json")


def main():
    results = {}
    for name, code in CASES.items():
        namespace = {"tf": tf}
        exec(SETUP, namespace)
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
