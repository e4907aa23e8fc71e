"""Write `tests/golden/top_level_ops.json`: real TF 2.21's results for `top_level_op_cases.py`.

Run under real TensorFlow (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_top_level_op_golden.py

`tests/ops/test_top_level_ops.py` runs the same cases on keraslike and compares.
"""

import json
import os
import sys
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import core_cases  # noqa: E402
import top_level_op_cases  # noqa: E402
import tensorflow as tf  # noqa: E402


def main():
    warnings.simplefilter("ignore", RuntimeWarning)  # numpy's overflow warning of the inf case
    cases = {name: core_cases.run(case, tf) for name, case in top_level_op_cases.CASES.items()}
    out = {"versions": {"tensorflow": tf.__version__}, "cases": cases}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "top_level_ops.json")
    with open(path + ".tmp", "w") as handle:
        json.dump(out, handle, indent=1, sort_keys=True)
    os.replace(path + ".tmp", path)
    print(f"wrote {len(cases)} cases to {path}")


if __name__ == "__main__":
    main()
