"""`tape.gradient` of row lookups shows TF 2.21's IndexedSlices (golden:
tests/golden/make_indexed_slices_gradient_golden.py): `isinstance(g, tf.IndexedSlices)`, `g.values` (a row per
occurrence, the last lookup's first), `g.indices`, `g.dense_shape` (int32), `str(g)`; `tf.convert_to_tensor` and ops
give dense tensors, clipping keeps it an IndexedSlices, a dense use of the variable makes the gradient dense.
Before: a plain dense tensor (isinstance False; `g.values` torch's method, `g.dense_shape` AttributeError)."""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden")
sys.path.insert(0, GOLDEN)

import indexed_slices_gradient_cases  # noqa: E402

with open(os.path.join(GOLDEN, "indexed_slices_gradient.json")) as f:
    EXPECTED = json.load(f)


@pytest.fixture(scope="module")
def result():
    return json.loads(json.dumps(indexed_slices_gradient_cases.run(tf)))


def _close(got, expected, key):
    if isinstance(expected, dict):
        assert set(got) == set(expected), key
        for k in expected:
            _close(got[k], expected[k], f"{key}.{k}")
    elif isinstance(expected, (float, list)) and not isinstance(expected, bool):
        np.testing.assert_allclose(np.asarray(got, dtype=float), np.asarray(expected, dtype=float), rtol=1e-5,
                                   atol=1e-6, err_msg=key)
    else:
        assert got == expected, key


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_gradient_of_lookups_as_tf(result, key):
    _close(result[key], EXPECTED[key], key)
