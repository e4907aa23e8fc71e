"""Text/categorical preprocessing layers against real Keras 3.15 (tests/golden/text_preprocessing.json, made by
tests/golden/make_text_golden.py from tests/golden/text_cases.py): every case's outputs, dtype and vocabulary."""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf

GOLDEN_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "golden")
sys.path.insert(0, GOLDEN_DIR)
import text_cases  # noqa: E402

with open(os.path.join(GOLDEN_DIR, "text_preprocessing.json")) as _f:
    GOLDEN = json.load(_f)["cases"]


def test_every_case_has_a_golden():
    assert sorted(GOLDEN) == sorted(text_cases.CASES)


@pytest.mark.parametrize("name", sorted(text_cases.CASES))
def test_matches_keras(name):
    expected = GOLDEN[name]
    got = text_cases.run(text_cases.CASES[name], tf.keras.layers)
    assert got["dtype"] == expected["dtype"], name
    if expected["dtype"].startswith("float"):
        np.testing.assert_allclose(np.asarray(got["output"]), np.asarray(expected["output"]), rtol=1e-5, atol=1e-6)
    else:
        assert got["output"] == expected["output"]
    assert got.get("vocabulary") == expected.get("vocabulary")
    assert got.get("vocabulary_no_special") == expected.get("vocabulary_no_special")
