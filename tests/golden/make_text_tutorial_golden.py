"""Write `tests/golden/text_tutorial.json`: the "Basic text classification" program of `text_tutorial_case.py`
(on the folder `text_tutorial_case.make_reviews` writes) and the keras.io structured-data program of
`structured_tutorial_case.py` and the FeatureSpace program of `feature_space_case.py`, run by real
TensorFlow 2.21 / Keras 3.15.

Run under real TensorFlow, from the repository root:

    /work/tfvenv/bin/python tests/golden/make_text_tutorial_golden.py
"""

import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import feature_space_case  # noqa: E402
import structured_tutorial_case  # noqa: E402
import tensorflow as tf  # noqa: E402
import text_tutorial_case  # noqa: E402


def main():
    with tempfile.TemporaryDirectory() as root:
        text_tutorial_case.make_reviews(root)
        result = text_tutorial_case.program(tf, root)
    out = {"versions": {"tensorflow": tf.__version__}, "text_classification": result,
           "structured_data": structured_tutorial_case.program(tf), "feature_space": feature_space_case.program(tf)}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "text_tutorial.json")
    with open(path + ".tmp", "w") as f:
        json.dump(out, f, sort_keys=True)
    os.replace(path + ".tmp", path)


if __name__ == "__main__":
    main()
