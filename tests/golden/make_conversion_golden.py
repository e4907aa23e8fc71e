"""Write `tests/golden/conversion.json`: real TF 2.21's results for `conversion_cases.py` (issue 25, items 1, 6).

Run under real TensorFlow (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_conversion_golden.py

`CASES` run on TF 2.21 with Keras 3; `LAYER_CASES` (layer arguments as numpy scalars) on `tf_keras`, Keras 2,
which accepts them all. `tests/ops/test_conversion_golden.py` runs the same cases on keraslike and compares.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import conversion_cases  # noqa: E402
import keras  # noqa: E402
import tensorflow as tf  # noqa: E402
import tf_keras  # noqa: E402


def main():
    cases = {name: conversion_cases.run(case, tf, keras) for name, case in conversion_cases.CASES.items()}
    layer_cases = {name: conversion_cases.run(case, tf, tf_keras)
                   for name, case in conversion_cases.LAYER_CASES.items()}
    out = {"versions": {"tensorflow": tf.__version__, "keras": keras.__version__, "tf_keras": tf_keras.__version__},
           "cases": cases, "layer_cases": layer_cases}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "conversion.json")
    with open(path + ".tmp", "w") as handle:
        json.dump(out, handle, indent=None, sort_keys=True)
    os.replace(path + ".tmp", path)
    print(f"wrote {len(cases) + len(layer_cases)} cases to {path}")


if __name__ == "__main__":
    main()
