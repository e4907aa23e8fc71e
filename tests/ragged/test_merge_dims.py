"""`RaggedTensor.merge_dims` for every axis pair (before: only (0, 1) and (1, -1); `merge_dims(0, 2)` of the
TF docstring raised NotImplementedError). Golden: tests/golden/ragged_merge_dims.json (TF 2.21)."""

import json
import pathlib
import sys

import pytest

import keraslike as tf

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "golden"
sys.path.insert(0, str(GOLDEN))
import ragged_merge_dims_cases  # noqa: E402

EXPECTED = json.loads((GOLDEN / "ragged_merge_dims.json").read_text())
GOT = ragged_merge_dims_cases.run(tf)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_merge_dims_as_tf(name):
    assert GOT[name] == EXPECTED[name]
