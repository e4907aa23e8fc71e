"""One tracking system for `tf.Module`, Keras layers and models (issue 21 items 5 and 10), against real TF 2.21.

The goldens come from `tests/golden/make_module_tracking_golden.py` (TF 2.21 with `tf_keras`, whose layers are
`tf.Module`s): a `tf.Module` finds the variables of the Keras layers, lists, tuples and dicts it holds, in TF's
order and once each, and a Keras layer owns the `tf.Variable`s and `tf.Module`s in its attributes.
"""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf
from keraslike import keras

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden")
sys.path.insert(0, GOLDEN)

import module_tracking_cases  # noqa: E402

sys.path.remove(GOLDEN)

with open(os.path.join(GOLDEN, "module_tracking.json")) as _f:
    EXPECTED = json.load(_f)


def _close(actual, expected, path=""):
    if isinstance(expected, dict):
        assert sorted(actual) == sorted(expected), path
        for key in expected:
            _close(actual[key], expected[key], f"{path}/{key}")
    elif isinstance(expected, list) and expected and isinstance(expected[0], str):
        assert actual == expected, path
    elif isinstance(expected, list) and any(isinstance(e, list) for e in expected) and \
            len({np.shape(e) for e in expected}) > 1:  # variables of several shapes
        assert len(actual) == len(expected), path
        for i, (a, e) in enumerate(zip(actual, expected)):
            _close(a, e, f"{path}/{i}")
    elif isinstance(expected, (list, float)):
        np.testing.assert_allclose(np.asarray(actual, "float64"), np.asarray(expected, "float64"), rtol=1e-5,
                                   atol=1e-6, err_msg=path)
    else:
        assert actual == expected, path


@pytest.mark.parametrize("case", sorted(module_tracking_cases.CASES))
def test_case_matches_tf(case):
    _close(module_tracking_cases.CASES[case](tf, keras), EXPECTED[case])


def test_course_pattern_trains_every_variable():
    result = module_tracking_cases.course_mlp(tf, keras)
    assert len(result["trainable_variables"]) == 10 and result["count_params"] == 46


def test_reassigned_variable_attribute_is_dropped():
    layer = keras.layers.Layer()
    first = tf.Variable(1.0, name="first")
    layer.v = first
    layer.v = tf.Variable(2.0, name="second")
    assert [v.name for v in layer.weights] == ["second:0"]
    layer.alias = layer.v
    layer.v = None  # still held by `alias`
    assert [v.name for v in layer.weights] == ["second:0"]


def test_frozen_layer_freezes_variables_of_its_attributes():
    layer = keras.layers.Layer()
    layer.w = tf.Variable(np.ones(2, "float32"))
    layer.trainable = False
    assert layer.trainable_weights == [] and len(layer.non_trainable_weights) == 1
    assert not layer.w.requires_grad


def test_module_walk_is_safe_on_cycles_and_checkpoint_paths():
    class Node(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(1.0, name="v")

    a, b = Node(), Node()
    a.other, b.other = b, a
    a.dense = keras.layers.Dense(1, name="walk_dense")
    a.dense(tf.ones((1, 1)))
    assert len(a.variables) == 4
    paths = [path for path, _ in a._flatten(predicate=lambda v: isinstance(v, tf.Variable), with_path=True)]
    assert ("dense", "_trainable_weights", 0) in paths and ("other", "v") in paths
