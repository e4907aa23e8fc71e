"""Writes tests/golden/premade_models.json under real TF 2.21 (Keras 2, tf_keras): the cases of
`premade_models_cases.py` (`tf.keras.experimental.LinearModel` and `WideDeepModel` trained from fixed weights).

    /work/tfvenv/bin/python tests/golden/make_premade_models_golden.py
"""

import json
import os
import sys

import numpy as np

os.environ["TF_USE_LEGACY_KERAS"] = "1"
import tensorflow as tf  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from premade_models_cases import CASES  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    out = {}
    for name, case in CASES.items():
        tf.keras.backend.clear_session()
        try:
            out[name] = case(tf, np)
        except Exception as err:  # noqa: BLE001 - the error TF raises is the golden
            out[name] = {"error": type(err).__name__, "message": str(err)[:300]}
        print(name, out[name])
    with open(os.path.join(HERE, "premade_models.json"), "w") as f:
        json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
