"""Write csv_dataset.json: real TF 2.21's `tf.data.experimental.CsvDataset` on the cases of csv_cases.py.

Run with real TensorFlow: `python tests/golden/make_csv_golden.py`.
"""

import json
import os
import sys
import tempfile

import tensorflow as tf

sys.path.insert(0, os.path.dirname(__file__))
import csv_cases  # noqa: E402

DTYPES = {"int32": tf.int32, "int64": tf.int64, "float32": tf.float32, "float64": tf.float64, "string": tf.string}

directory = tempfile.mkdtemp()
for name, text in csv_cases.FILES.items():
    with open(os.path.join(directory, name), "w") as f:
        f.write(text)
results = []
for case in csv_cases.CASES:
    args = dict(case)
    path = os.path.join(directory, args.pop("file"))
    args["record_defaults"] = [DTYPES[d] if isinstance(d, str) else d for d in args["record_defaults"]]
    dataset = tf.data.experimental.CsvDataset(path, **args)
    results.append({"dtypes": [s.dtype.name for s in dataset.element_spec],
                    "rows": [csv_cases.as_python(e) for e in dataset]})
with open(os.path.join(os.path.dirname(__file__), "csv_dataset.json"), "w") as f:
    json.dump({"tensorflow": tf.__version__, "cases": results}, f)
print("wrote csv_dataset.json with TF", tf.__version__)
