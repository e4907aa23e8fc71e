"""Write goldens for TF's ragged (and sparse) op dispatch.

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_ragged_dispatch_golden.py

It runs each case of `ragged_dispatch_cases.py` (CASES with SETUP, SPARSE_CASES with SPARSE_SETUP) and writes
`tests/golden/ragged_dispatch.json` (`{"ragged"|"sparse": {case: {"ok": described value} | {"error": exception
type name}}}`); `tests/ragged/test_ragged_dispatch.py` runs the same cases on keraslike and compares.
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ragged_dispatch_cases import CASES, SETUP, SPARSE_CASES, SPARSE_SETUP  # noqa: E402
from ragged_shape_cases import describe  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ragged_dispatch.json")


def run(setup, code):
    namespace = {"tf": tf}
    exec(setup, namespace)
    try:
        exec(code, namespace)
        return {"ok": describe(namespace["out"], tf)}
    except Exception as e:  # noqa: BLE001 - the golden records which error TF raises
        return {"error": type(e).__name__}


def main():
    results = {"ragged": {name: run(SETUP, code) for name, code in CASES.items()},
               "sparse": {name: run(SPARSE_SETUP, code) for name, code in SPARSE_CASES.items()}}
    with open(OUT, "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    print(f"wrote {len(results['ragged'])} + {len(results['sparse'])} cases to {OUT}")


if __name__ == "__main__":
    main()
