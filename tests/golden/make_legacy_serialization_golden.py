"""Write goldens for `tf.keras.utils.legacy` / `tf.keras.legacy.saving` and `keras.utils.Config` under real
TF 2.21 / Keras 3.15:

    /work/tfvenv/bin/python tests/golden/make_legacy_serialization_golden.py

It writes `tests/golden/legacy_serialization.json`: case name -> `repr` of the result or
"raises <ExceptionType>", for the cases of `tests/golden/legacy_serialization_cases.py`.
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow as tf  # noqa: E402

import legacy_serialization_cases as cases  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "legacy_serialization.json")


def main():
    results = {name: cases.run(tf.keras, fn) for name, fn in cases.CASES.items()}
    tmp = OUT + ".tmp"
    with open(tmp, "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    os.replace(tmp, OUT)
    print(f"wrote {len(results)} cases to {OUT}")


if __name__ == "__main__":
    main()
