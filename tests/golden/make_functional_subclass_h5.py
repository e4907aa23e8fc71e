"""Write `tests/golden/keras3_files/functional_subclass_keras2.h5` and `functional_subclass_keras2.json`: tf_keras
(TF 2.21, TF_USE_LEGACY_KERAS=1) saving `functional_subclass_cases.build`'s model, and its prediction.

    TF_USE_LEGACY_KERAS=1 /work/tfvenv/bin/python tests/golden/make_functional_subclass_h5.py
"""

import json
import os
import sys

import numpy as np

os.environ["TF_USE_LEGACY_KERAS"] = "1"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import tensorflow as tf  # noqa: E402

import functional_subclass_cases as case  # noqa: E402


def main():
    _, model = case.build(tf)
    model.compile(optimizer="adam")
    model.save(os.path.join(HERE, "keras3_files", "functional_subclass_keras2.h5"))
    with open(os.path.join(HERE, "functional_subclass_keras2.json"), "w") as f:
        json.dump({"prediction": np.asarray(model.predict(case.X, verbose=0)).astype("float64").tolist()}, f)


if __name__ == "__main__":
    main()
