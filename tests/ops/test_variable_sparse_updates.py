"""`tf.Variable`'s sparse updates and reads (`scatter_update(tf.IndexedSlices(...))`, `scatter_nd_*`,
`batch_scatter_update`, `sparse_read`, `gather_nd`, `count_up_to`, `load`) give TF 2.21's values in sequence
(tests/golden/variable_sparse.json, written by make_variable_sparse_golden.py)."""

import json
import pathlib
import warnings

import pytest

import keraslike as tf
from tests.golden import variable_sparse_cases

GOLDEN = json.loads((pathlib.Path(__file__).parents[1] / "golden" / "variable_sparse.json").read_text())


@pytest.fixture(scope="module")
def results():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch's "index_reduce is in beta"
        return variable_sparse_cases.cases(tf)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_matches_tf(results, name):
    assert results[name] == GOLDEN[name]
