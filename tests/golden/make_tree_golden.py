"""Write goldens for `keras.tree` under real Keras 3.15 (TF 2.21's `tf.keras.tree`).

    /work/tfvenv/bin/python tests/golden/make_tree_golden.py

It writes `tests/golden/tree.json`: case name -> `repr` of the result or "raises <ExceptionType>", for the
cases of `tests/golden/tree_cases.py`; `tests/keras/test_tree.py` compares keraslike's results.
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow as tf  # noqa: E402

import tree_cases  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tree.json")


def main():
    results = {name: tree_cases.run(tf.keras.tree, fn) for name, fn in tree_cases.CASES.items()}
    tmp = OUT + ".tmp"
    with open(tmp, "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    os.replace(tmp, OUT)
    print(f"wrote {len(results)} cases to {OUT}")


if __name__ == "__main__":
    main()
