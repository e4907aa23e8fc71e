"""A `tf.Variable(..., shape=...)` with unknown dimensions takes `assign`s of any compatible shape (TF's
`shape=tf.TensorShape(None)` in the `tf.Variable` docstring); before, creating one raised
"Cannot iterate over a shape with unknown rank". Golden: tests/golden/variable_declared_shape.json (TF 2.21)."""

import json
import pathlib
import sys

import pytest

import keraslike as tf

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "golden"
sys.path.insert(0, str(GOLDEN))
import variable_declared_shape_cases  # noqa: E402

EXPECTED = json.loads((GOLDEN / "variable_declared_shape.json").read_text())
GOT = variable_declared_shape_cases.run(tf)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_declared_shape_as_tf(name):
    assert GOT[name] == EXPECTED[name]
