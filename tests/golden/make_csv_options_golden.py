"""Write goldens for `tf.data.experimental.make_csv_dataset`'s reading options (make_csv_options_cases.py).

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_csv_options_golden.py

It writes `tests/golden/make_csv_options.json`: per case the element spec (feature shapes and dtype names) and
every batch's values (or "InvalidArgumentError" where iterating raised). tests/data/test_make_csv_options.py
reads it.
"""

import gzip
import json
import os
import sys
import tempfile

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_csv_options_cases as cases  # noqa: E402

OUT = os.path.join(HERE, "make_csv_options.json")


def main():
    golden = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in cases.FILES.items():
            with open(os.path.join(tmp, name), "w", newline="") as f:
                f.write(text)
        for name, source in cases.GZIPPED.items():
            with gzip.open(os.path.join(tmp, name), "wt", newline="") as f:
                f.write(cases.FILES[source])
        for case in cases.CASES:
            kwargs, take = cases.arguments(case, tmp)
            dataset = tf.data.experimental.make_csv_dataset(**kwargs)
            golden[case] = cases.describe(dataset, take, tf.errors.InvalidArgumentError)
    with open(OUT, "w") as f:
        json.dump(golden, f, indent=1)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
