"""Write `tests/golden/text_dataset.json`: real Keras 3.15's `text_dataset_from_directory` on the folder of
`text_dataset_cases.make_corpus`, for every case of `text_dataset_cases.CASES`.

Run under real TensorFlow, from the repository root:

    /work/tfvenv/bin/python tests/golden/make_text_dataset_golden.py
"""

import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402
import text_dataset_cases  # noqa: E402


def main():
    with tempfile.TemporaryDirectory() as root:
        text_dataset_cases.make_corpus(root)
        cases = {name: text_dataset_cases.run(name, keras.utils, root) for name in text_dataset_cases.CASES}
    out = {"versions": {"tensorflow": tf.__version__, "keras": keras.__version__}, "cases": cases}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "text_dataset.json")
    with open(path + ".tmp", "w") as f:
        json.dump(out, f, sort_keys=True)
    os.replace(path + ".tmp", path)


if __name__ == "__main__":
    main()
