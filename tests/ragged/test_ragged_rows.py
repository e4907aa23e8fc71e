"""Ragged ops row by row as TF: `tf.ragged.stack(axis=1)` (before: NotImplementedError), `from_tensor` with nested
`lengths` (before: a numpy error) and `tf.map_fn` over a RaggedTensor whose rows change length (before: a shape
error; TF's default output signature is the input's, so the rows stack ragged). Golden:
tests/golden/ragged_rows.json (TF 2.21)."""

import json
import pathlib
import sys

import pytest

import keraslike as tf

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "golden"
sys.path.insert(0, str(GOLDEN))
import ragged_rows_cases  # noqa: E402

EXPECTED = json.loads((GOLDEN / "ragged_rows.json").read_text())
GOT = ragged_rows_cases.run(tf)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_ragged_rows_as_tf(name):
    assert GOT[name] == EXPECTED[name]
