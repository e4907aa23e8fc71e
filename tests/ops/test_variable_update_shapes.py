"""`Variable.assign`/`assign_add`/`assign_sub` never broadcast: a value of another shape raises and the variable
keeps its value, as in TF 2.21 (tests/golden/variable_updates.json, tests/golden/make_variable_update_golden.py).
Broadcasting silently let a mismatched checkpoint or deferred restore fill a `(2, 3)` kernel from a `(3,)` value.
"""

import json
from pathlib import Path

import numpy as np
import pytest

import keraslike as tf

CASES = json.loads((Path(__file__).parents[1] / "golden" / "variable_updates.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['method']}{tuple(c['shape'])}")
def test_updates_of_another_shape_raise_as_tf(case):
    v = tf.Variable(np.zeros((2, 3), "float32"))
    expected = {"ValueError": ValueError, "InvalidArgumentError": tf.errors.InvalidArgumentError}[case["error"]]
    with pytest.raises(expected, match="Received: "):
        getattr(v, case["method"])(np.ones(case["shape"], "float32"))
    np.testing.assert_array_equal(v.numpy(), case["after"])


def test_updates_of_the_same_shape_still_work():
    v = tf.Variable(np.zeros((2, 3), "float32"))
    v.assign(np.ones((2, 3), "float32"))
    v.assign_add(np.ones((2, 3), "float32"))
    v.assign_sub(np.full((2, 3), 0.5, "float32"))
    np.testing.assert_array_equal(v.numpy(), np.full((2, 3), 1.5))
    s = tf.Variable(1.0)
    s.assign_add(2.0)
    assert s.numpy() == 3.0
