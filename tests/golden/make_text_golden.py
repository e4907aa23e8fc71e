"""Write `tests/golden/text_preprocessing.json`: real Keras 3.15 (TF 2.21) results of `text_cases.py`
(Hashing, HashedCrossing, StringLookup, IntegerLookup, TextVectorization).

Run under real TensorFlow, from the repository root:

    /work/tfvenv/bin/python tests/golden/make_text_golden.py
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402
import text_cases  # noqa: E402


def main():
    results = {}
    for name, case in text_cases.CASES.items():
        try:
            results[name] = text_cases.run(case, keras.layers)
        except Exception as err:  # noqa: BLE001 - an error is a result too (keraslike must raise as well)
            results[name] = {"error": type(err).__name__}
    out = {"versions": {"tensorflow": tf.__version__, "keras": keras.__version__}, "cases": results}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "text_preprocessing.json")
    with open(path + ".tmp", "w") as f:
        json.dump(out, f, indent=None, sort_keys=True)
    os.replace(path + ".tmp", path)


if __name__ == "__main__":
    main()
