"""Issue 25 item 4 (tf.data and specs) against real TF 2.21 (tests/golden/make_issue25_data_golden.py, cases in
tests/golden/issue25_data_cases.py): Optional / OptionalSpec, get_next_as_optional, IteratorSpec, ignore_errors,
DatasetSpec.from_value, TensorSpec.from_spec, value_type, ragged_batch / padded_batch specs with unknown dims,
from_generator with a RaggedTensorSpec signature, map over strings with py_function."""

import json
import os
import sys

import pytest

import keraslike as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "golden"))
import issue25_data_cases  # noqa: E402

GOLD = json.loads(open(os.path.join(HERE, "..", "golden", "issue25_data.json")).read())
# A Python generator's error reaches the caller as itself in keraslike; TF wraps it in InvalidArgumentError
# (its py_func boundary), with the same message.
GENERATOR_ERRORS = {"from_generator_ragged_lists", "from_generator_ragged_batched", "from_generator_ragged_wrong_rows"}


@pytest.fixture(scope="module")
def ours():
    return issue25_data_cases.run(tf)


@pytest.mark.parametrize("case", sorted(GOLD))
def test_matches_tf(ours, case):
    want = GOLD[case]
    if case in GENERATOR_ERRORS:
        assert want == "raises InvalidArgumentError" and ours[case] == "raises TypeError"
    else:
        assert ours[case] == want


def test_ignore_errors_logs_each_dropped_element(caplog):
    ds = tf.data.Dataset.from_tensor_slices([1.0, 0.0, 2.0]).map(lambda x: tf.debugging.check_numerics(1.0 / x, "bad"))
    with caplog.at_level("WARNING"):
        assert [float(x) for x in ds.ignore_errors(log_warning=True)] == [1.0, 0.5]
    assert sum("Ignoring error" in r.getMessage() for r in caplog.records) == 1
    with pytest.raises(tf.errors.InvalidArgumentError):
        list(ds)


def test_ignore_errors_with_parallel_map_keeps_order():
    ds = tf.data.Dataset.range(1, 7).map(lambda x: tf.debugging.check_numerics(1.0 / tf.cast(x % 3, tf.float32), "e"),
                                         num_parallel_calls=2).ignore_errors()
    assert [float(x) for x in ds] == [1.0, 0.5, 1.0, 0.5]
