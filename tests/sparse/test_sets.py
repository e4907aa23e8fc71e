"""`tf.sets` (intersection, union, difference, size) on dense tensors, SparseTensors and strings give TF 2.21's
SparseTensors (tests/golden/sets.json, written by make_sets_golden.py), errors included."""

import json
import pathlib

import pytest

import keraslike as tf
import keraslike.compat.v1 as tf1
from tests.golden import sets_cases

GOLDEN = json.loads((pathlib.Path(__file__).parents[1] / "golden" / "sets.json").read_text())


@pytest.fixture(scope="module")
def results():
    return sets_cases.cases(tf)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_matches_tf(results, name):
    assert results[name] == GOLDEN[name]


def test_tf1_spellings():
    assert tf1.sets.set_union is tf.sets.union and tf1.sets.set_size is tf.sets.size
