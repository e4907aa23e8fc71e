"""Issue 25 item 2 (tf.function as TF traces it) against real TF 2.21 (tests/golden/make_issue25_function_golden.py,
cases in tests/golden/issue25_function_cases.py): symbolic shapes printed by get_concrete_function's trace,
tracing counts (new signatures, Python values, reduce_retracing), input_signature errors, concrete function calls
and signatures. The body itself runs eagerly on every call (README, "Where keraslike differs")."""

import json
import os
import sys

import pytest

import keraslike as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "golden"))
import issue25_function_cases  # noqa: E402

GOLD = json.loads(open(os.path.join(HERE, "..", "golden", "issue25_function.json")).read())


@pytest.fixture(scope="module")
def ours():
    return issue25_function_cases.run(tf)


@pytest.mark.parametrize("case", sorted(GOLD))
def test_matches_tf(ours, case):
    assert ours[case] == GOLD[case]


def test_trace_falls_back_to_example_values_when_the_body_needs_sizes(capsys):
    @tf.function
    def flatten_pairs(x):
        n = x.shape[0] * 2  # None * 2 fails on the symbolic trace; the example run (unknown sizes 2) succeeds
        return tf.reshape(x, [n, -1])

    concrete = flatten_pairs.get_concrete_function(tf.TensorSpec([None, 4], tf.float32))
    assert concrete(tf.ones([3, 4])).shape == (6, 2)
    assert flatten_pairs.experimental_get_tracing_count() == 1


def test_trace_error_is_the_body_error():
    @tf.function
    def broken(x):
        raise RuntimeError("no")

    with pytest.raises(RuntimeError, match="no"):
        broken.get_concrete_function(tf.TensorSpec([2], tf.float32))
    assert broken.experimental_get_tracing_count() == 0
