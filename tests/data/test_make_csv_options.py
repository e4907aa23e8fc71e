"""`tf.data.experimental.make_csv_dataset`'s reading options against real TF 2.21: quoting (doubled quotes, the
delimiter and a newline inside quotes, `use_quote_delim=False`), `na_value`, given `column_defaults`, ragged last
batches across files and epochs, interleaved files, `select_columns` with a label, a seeded shuffle's exact order,
a bad row mid-file with `ignore_errors=True` (TF skips it and goes on) and without (the rows before it come out
first), gzip, and the static batch dimension when repeating forever. Goldens:
tests/golden/make_csv_options_golden.py -> make_csv_options.json (files and arguments in make_csv_options_cases.py)."""

import gzip
import json
import math
import os
import sys

import pytest

import keraslike as tf

GOLDEN_DIR = os.path.join(os.path.dirname(__file__), "..", "golden")
sys.path.insert(0, GOLDEN_DIR)
import make_csv_options_cases as cases  # noqa: E402

with open(os.path.join(GOLDEN_DIR, "make_csv_options.json")) as _f:
    GOLDEN = json.load(_f)


@pytest.fixture(autouse=True)
def no_global_seed():
    tf.random.set_seed(None)  # the goldens ran without one (a seeded shuffle's order depends on it, as in TF)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    path = tmp_path_factory.mktemp("csv")
    for name, text in cases.FILES.items():
        with open(path / name, "w", newline="") as f:
            f.write(text)
    for name, source in cases.GZIPPED.items():
        with gzip.open(path / name, "wt", newline="") as f:
            f.write(cases.FILES[source])
    return str(path)


def _same(a, b):
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isnan(a) and math.isnan(b)) or math.isclose(a, b, rel_tol=1e-6)
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


@pytest.mark.parametrize("case", sorted(cases.CASES))
def test_batches_match_tf(folder, case):
    kwargs, take = cases.arguments(case, folder)
    got = cases.describe(tf.data.experimental.make_csv_dataset(**kwargs), take, tf.errors.InvalidArgumentError)
    assert _same(got, GOLDEN[case]), (got, GOLDEN[case])


def test_every_pass_reads_the_files_again(folder):
    kwargs, _ = cases.arguments("ragged_two_files", folder)
    dataset = tf.data.experimental.make_csv_dataset(**kwargs)
    first = cases.describe(dataset, None, tf.errors.InvalidArgumentError)
    assert _same(cases.describe(dataset, None, tf.errors.InvalidArgumentError), first)


def test_csv_dataset_ignore_errors_goes_on_after_a_bad_record(folder):
    dataset = tf.data.experimental.CsvDataset(os.path.join(folder, "bad.csv"), [0, ""], header=True)
    rows = [(int(i), s.numpy().decode()) for i, s in dataset.ignore_errors()]
    assert rows == [(1, "a"), (2, "b"), (5, "e"), (6, "f")]  # as the ignore_errors golden (TF skips x,c and 4,d,extra)
