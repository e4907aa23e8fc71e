"""Write goldens for `tf.data.experimental.make_csv_dataset` (type inference, columns, labels, batching).

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_csv_dataset_golden.py

It writes `tests/golden/make_csv_dataset.json`: the CSV text it read and, per case, the element structure
(feature names in order, dtype names) and the values of every batch (`shuffle=False`), or the batch sizes of
the first batches of a repeated dataset. `tests/data/test_make_csv_dataset.py` reads it (the cases are repeated).
"""

import json
import os
import tempfile

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "make_csv_dataset.json")
CSV = (
    "survived,name,age,big,ratio,huge,flag\n"
    "0,ann,22,1,0.5,1e39,y\n"
    "1,bob,,3000000000,1.25,2,n\n"
    "1,\"cy, jr\",35,4,,3,y\n"
    "0,dee,54,5,2,4,\n"
    "1,eve,2,6,3.5,5,n\n"
)
CASES = {  # case -> make_csv_dataset kwargs (besides the file and shuffle=False)
    "label": {"batch_size": 2, "label_name": "survived", "num_epochs": 1},
    "select": {"batch_size": 3, "label_name": "survived", "select_columns": ["ratio", "survived", "name"],
               "num_epochs": 1},
    "select_indices": {"batch_size": 2, "select_columns": [2, 0], "num_epochs": 1},
    "defaults": {"batch_size": 5, "label_name": "survived", "num_epochs": 1,
                 "column_defaults": [tf.int64, "?", -1.0, tf.int64, 0.25, -2.0, "z"]},
    "names_no_header": {"batch_size": 2, "header": False, "num_epochs": 1,
                        "column_names": ["a", "b", "c", "d", "e", "f", "g"],
                        "column_defaults": ["", "", "", "", "", "", ""]},
    "few_rows_inferred": {"batch_size": 5, "num_epochs": 1, "num_rows_for_inference": 1,
                          "select_columns": ["big"]},
}


def _value(t):
    array = t.numpy()
    return [v.decode() if isinstance(v, bytes) else v for v in array.tolist()]


def _describe(element):
    features, label = element if isinstance(element, tuple) else (element, None)
    out = {"names": list(features), "dtypes": [v.dtype.name for v in features.values()],
           "values": {k: _value(v) for k, v in features.items()}}
    if label is not None:
        out["label"] = {"dtype": label.dtype.name, "values": _value(label)}
    return out


def main():
    golden = {"csv": CSV, "cases": {}}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "data.csv")
        with open(path, "w") as f:
            f.write(CSV)
        for case, kwargs in CASES.items():
            csv_path = path
            if not kwargs.get("header", True):
                csv_path = os.path.join(tmp, "noheader.csv")
                with open(csv_path, "w") as f:
                    f.write(CSV.split("\n", 1)[1])
            ds = tf.data.experimental.make_csv_dataset(csv_path, shuffle=False, **kwargs)
            try:
                golden["cases"][case] = [_describe(e) for e in ds]
            except tf.errors.InvalidArgumentError:  # a value the inferred type cannot hold
                golden["cases"][case] = "InvalidArgumentError"
        ds = tf.data.experimental.make_csv_dataset(path, batch_size=2, shuffle=False)
        golden["repeat_batch_sizes"] = [int(next(iter(b.values())).shape[0]) for b in ds.take(6)]
        ds = tf.data.experimental.make_csv_dataset(path, batch_size=2, shuffle=True, shuffle_seed=1, num_epochs=2)
        golden["shuffled_two_epochs_ages_sorted"] = sorted(float(a) for b in ds for a in b["age"].numpy())
        for bad, kwargs in {"label_missing": {"label_name": "nope"}, "select_unknown": {"select_columns": ["nope"]},
                            "no_header_no_names": {"header": False}}.items():
            try:
                tf.data.experimental.make_csv_dataset(path, batch_size=2, **kwargs)
                golden[bad] = "no error"
            except ValueError:
                golden[bad] = "ValueError"
    with open(OUT, "w") as f:
        json.dump(golden, f, indent=1, default=lambda o: o.item() if isinstance(o, np.generic) else str(o))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
