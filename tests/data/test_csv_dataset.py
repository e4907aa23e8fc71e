"""tf.data.experimental.CsvDataset and Counter (tensorflow/docs site/en/tutorials/load_data/csv.ipynb's
`CsvDataset(path, record_defaults=types, header=True)` cells); values are real TF 2.21's
(tests/golden/make_csv_golden.py)."""

import gzip
import json
import os
import sys

import numpy as np
import pytest
import torch

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden")
sys.path.insert(0, GOLDEN)
import csv_cases  # noqa: E402

DTYPES = {"int32": tf.int32, "int64": tf.int64, "float32": tf.float32, "float64": tf.float64, "string": tf.string}


@pytest.fixture
def csv_dir(tmp_path):
    for name, text in csv_cases.FILES.items():
        (tmp_path / name).write_text(text)
    return tmp_path


def test_matches_tf(csv_dir):
    with open(os.path.join(GOLDEN, "csv_dataset.json")) as f:
        golden = json.load(f)["cases"]
    for case, expected in zip(csv_cases.CASES, golden):
        args = dict(case)
        path = str(csv_dir / args.pop("file"))
        args["record_defaults"] = [DTYPES[d] if isinstance(d, str) else d for d in args["record_defaults"]]
        dataset = tf.data.experimental.CsvDataset(path, **args)
        assert [s.dtype.name for s in dataset.element_spec] == expected["dtypes"], case
        assert [csv_cases.as_python(e) for e in dataset] == expected["rows"], case


def test_gzip_batches_and_errors(csv_dir):
    with gzip.open(csv_dir / "plain.csv.gz", "wt") as f:
        f.write(csv_cases.FILES["plain.csv"])
    dataset = tf.data.experimental.CsvDataset([str(csv_dir / "plain.csv.gz")] * 2, [tf.int32, "", [0.0], [0]],
                                              header=True, compression_type="GZIP")
    ids, names, _, _ = next(iter(dataset.batch(6)))
    np.testing.assert_array_equal(ids.numpy(), [1, 2, 3, 1, 2, 3])
    assert list(names) == [b"ann", b"bob, jr", b"cy"] * 2
    required = tf.data.experimental.CsvDataset(str(csv_dir / "plain.csv"), [tf.int32, tf.string, tf.float32, [0]],
                                               header=True)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Field 2 is required"):
        list(required)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Expect 2 fields but have 4"):
        list(tf.data.experimental.CsvDataset(str(csv_dir / "plain.csv"), [tf.int32, tf.string], header=True))
    with pytest.raises(ValueError, match="select_cols or exclude_cols"):
        tf.data.experimental.CsvDataset("x.csv", [tf.int32], select_cols=[0], exclude_cols=[1])


def test_counter():
    counter = tf.data.experimental.Counter(start=3, step=-2, dtype=tf.int32)
    assert [int(v) for v in counter.take(4)] == [3, 1, -1, -3]
    assert counter.element_spec.dtype == torch.int32
    assert int(tf.data.experimental.cardinality(tf.data.experimental.Counter())) == tf.data.INFINITE_CARDINALITY
    pairs = tf.data.Dataset.zip((tf.data.experimental.Counter(), tf.data.Dataset.range(10, 13)))
    assert [(int(a), int(b)) for a, b in pairs] == [(0, 10), (1, 11), (2, 12)]
