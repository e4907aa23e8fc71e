"""TF's ragged tensor guide, its shape and broadcasting cells: `tf.shape(rt)` is a `DynamicRaggedShape` that
`tf.reshape`/`tf.zeros`/`tf.ones`/`tf.fill`/`tf.broadcast_to` accept, and elementwise ops broadcast dense
operands against ragged ones (before: `tf.shape(rt)` raised TypeError and `rt + [[1000], [2000], [3000]]`
raised ValueError). Golden: tests/golden/ragged_shape.json (TF 2.21, tests/golden/make_ragged_shape_golden.py)."""

import json
import pathlib
import sys

import pytest

import keraslike as tf

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "golden"
sys.path.insert(0, str(GOLDEN))
from ragged_shape_cases import CASES, SETUP, run_case  # noqa: E402

EXPECTED = json.loads((GOLDEN / "ragged_shape.json").read_text())


def _run(code):
    return run_case(tf, SETUP, code)


@pytest.mark.parametrize("name", sorted(CASES))
def test_ragged_shape_case_as_tf(name):
    assert _run(CASES[name]) == EXPECTED[name]


def test_guide_cell_shape_and_reshape():
    rt = tf.ragged.constant([[1], [2, 3, 4], [], [5, 6]])
    rt_shape = tf.shape(rt)
    assert str(rt_shape) == "<DynamicRaggedShape lengths=[4, (1, 3, 0, 2)] num_row_partitions=1>"
    x = tf.constant([["a", "b"], ["c", "d"], ["e", "f"]])
    assert tf.reshape(x, rt_shape).to_list() == [[b"a"], [b"b", b"c", b"d"], [], [b"e", b"f"]]
    with pytest.raises(ValueError, match="Index 1 is not uniform"):
        rt_shape[1]


def test_dense_dimension_against_ragged_raises_invalid_argument():
    x = tf.ragged.constant([[1, 2], [3, 4, 5, 6], [7]])
    y = tf.constant([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
    with pytest.raises(tf.errors.InvalidArgumentError, match="Condition x == y did not hold"):
        x + y
