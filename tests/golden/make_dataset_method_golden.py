"""Write `tests/golden/dataset_methods.json`: real TF 2.21's results for `dataset_method_cases.py`.

Run under real TensorFlow (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_dataset_method_golden.py

`tests/data/test_dataset_methods.py` runs the same cases on keraslike and compares.
"""

import json
import os
import sys
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import core_cases  # noqa: E402
import dataset_method_cases  # noqa: E402
import tensorflow as tf  # noqa: E402


def main():
    warnings.simplefilter("ignore", RuntimeWarning)  # numpy's overflow warning of the inf case
    cases = {name: core_cases.run(case, tf) for name, case in dataset_method_cases.CASES.items()}
    out = {"versions": {"tensorflow": tf.__version__}, "cases": cases}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "dataset_methods.json")
    with open(path + ".tmp", "w") as handle:
        json.dump(out, handle, indent=1, sort_keys=True)
    os.replace(path + ".tmp", path)
    print(f"wrote {len(cases)} cases to {path}")


if __name__ == "__main__":
    main()
