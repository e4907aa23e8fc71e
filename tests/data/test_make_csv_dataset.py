"""`tf.data.experimental.make_csv_dataset` against real TF 2.21, as the tf.data guide uses it (titanic batches with
`label_name`, `select_columns`). Goldens: tests/golden/make_csv_dataset_golden.py -> make_csv_dataset.json."""

import json
import math
import os

import pytest

import keraslike as tf

GOLDEN = json.load(open(os.path.join(os.path.dirname(__file__), "..", "golden", "make_csv_dataset.json")))
CASES = {  # as in the golden script
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


@pytest.fixture
def csv_path(tmp_path):
    path = tmp_path / "data.csv"
    path.write_text(GOLDEN["csv"])
    (tmp_path / "noheader.csv").write_text(GOLDEN["csv"].split("\n", 1)[1])
    return str(path)


def _value(t):
    return [v.decode() if isinstance(v, bytes) else v for v in t.numpy().tolist()]


def _describe(element):
    features, label = element if isinstance(element, tuple) else (element, None)
    out = {"names": list(features), "dtypes": [tf.as_dtype(v.dtype).name for v in features.values()],
           "values": {k: _value(v) for k, v in features.items()}}
    if label is not None:
        out["label"] = {"dtype": tf.as_dtype(label.dtype).name, "values": _value(label)}
    return out


def _same(a, b):
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isinf(a) and math.isinf(b)) or math.isclose(a, b, rel_tol=1e-6)
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


@pytest.mark.parametrize("case", sorted(CASES))
def test_batches_match_tf(csv_path, case):
    kwargs = CASES[case]
    path = csv_path if kwargs.get("header", True) else csv_path.replace("data.csv", "noheader.csv")
    ds = tf.data.experimental.make_csv_dataset(path, shuffle=False, **kwargs)
    try:
        got = [_describe(e) for e in ds]
    except tf.errors.InvalidArgumentError:
        got = "InvalidArgumentError"
    assert _same(got, GOLDEN["cases"][case]), (got, GOLDEN["cases"][case])


def test_repeats_forever_dropping_the_partial_batch(csv_path):
    ds = tf.data.experimental.make_csv_dataset(csv_path, batch_size=2, shuffle=False)
    assert [int(next(iter(b.values())).shape[0]) for b in ds.take(6)] == GOLDEN["repeat_batch_sizes"]


def test_shuffled_epochs_see_every_row_once(csv_path):
    ds = tf.data.experimental.make_csv_dataset(csv_path, batch_size=2, shuffle=True, shuffle_seed=1, num_epochs=2)
    ages = sorted(float(a) for b in ds for a in b["age"].numpy())
    assert ages == GOLDEN["shuffled_two_epochs_ages_sorted"]


@pytest.mark.parametrize("bad, kwargs", [("label_missing", {"label_name": "nope"}),
                                         ("select_unknown", {"select_columns": ["nope"]}),
                                         ("no_header_no_names", {"header": False})])
def test_bad_arguments_raise_as_tf(csv_path, bad, kwargs):
    assert GOLDEN[bad] == "ValueError"
    with pytest.raises(ValueError):
        tf.data.experimental.make_csv_dataset(csv_path, batch_size=2, **kwargs)
