"""`tf.keras.tree` against goldens from real Keras 3.15 (`tests/golden/make_tree_golden.py`)."""

import json
import os
import sys
import warnings

import pytest

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden")
sys.path.insert(0, GOLDEN)

import tree_cases  # noqa: E402

sys.path.remove(GOLDEN)

with open(os.path.join(GOLDEN, "tree.json")) as _f:
    EXPECTED = json.load(_f)


def test_every_keras_tree_name_is_present():
    with open(os.path.join(GOLDEN, "tf_namespaces.json")) as f:
        names = json.load(f)["namespaces"]["tf.keras.tree"]
    missing = [n for n in names if not hasattr(tf.keras.tree, n)]
    assert missing == [], f"tf.keras.tree lacks {missing}"


@pytest.mark.parametrize("case", sorted(tree_cases.CASES))
def test_case_matches_keras(case):
    assert tree_cases.run(tf.keras.tree, tree_cases.CASES[case]) == EXPECTED[case]


def test_check_types_warns_deprecated_and_tensors_are_leaves():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tf.keras.tree.assert_same_structure([1], [2], check_types=True)
    assert any(issubclass(w.category, DeprecationWarning) for w in caught)
    x = tf.constant([[1.0, 2.0]])
    assert tf.keras.tree.flatten({"a": x, "b": [x]})[0] is x
    assert tf.keras.tree.map_structure(lambda t: t.shape, [x])[0] == (1, 2)
