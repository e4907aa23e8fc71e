"""Write `tests/golden/core_surface.json`: what real TF 2.21 returns (or raises) for `core_cases.py`.

Run under real TensorFlow (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_core_golden.py

`tests/ops/test_core_surface_golden.py` runs the same cases on keraslike and compares.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import core_cases  # noqa: E402
import tensorflow as tf  # noqa: E402


def main():
    out = {"versions": {"tensorflow": tf.__version__},
           "cases": {name: core_cases.run(case, tf) for name, case in core_cases.CASES.items()}}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "core_surface.json")
    with open(path + ".tmp", "w") as handle:
        json.dump(out, handle, indent=1, sort_keys=True)
    os.replace(path + ".tmp", path)
    print(f"wrote {len(out['cases'])} cases to {path}")


if __name__ == "__main__":
    main()
