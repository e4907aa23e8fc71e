"""Write `tests/golden/docstring.json` and `docstring_run2.json`: real TF 2.21's (Keras 3's) results for
`docstring_cases.py` and `docstring_run2_cases.py` (the docstring runner's second round).

Run under real TensorFlow (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_docstring_golden.py

`tests/ops/test_docstring_golden.py` runs the same cases on keraslike and compares.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import conversion_cases  # noqa: E402
import docstring_cases  # noqa: E402
import docstring_run2_cases  # noqa: E402
import keras  # noqa: E402
import tensorflow as tf  # noqa: E402


GOLDENS = {"docstring.json": docstring_cases, "docstring_run2.json": docstring_run2_cases}


def main():
    for file_name, module in GOLDENS.items():
        cases = {name: conversion_cases.run(case, tf, keras) for name, case in module.CASES.items()}
        out = {"versions": {"tensorflow": tf.__version__, "keras": keras.__version__}, "cases": cases}
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), file_name)
        with open(path + ".tmp", "w") as handle:
            json.dump(out, handle, indent=None, sort_keys=True)
        os.replace(path + ".tmp", path)
        print(f"wrote {len(cases)} cases to {path}")


if __name__ == "__main__":
    main()
