"""`tf.io.RaggedFeature` partitions (`RowSplits`, `RowLengths`, `RowStarts`, ..., nested) cut each Example's values
into rows as TF does (before: the partition classes did not exist and partitions raised NotImplementedError).
Golden: tests/golden/ragged_feature.json (TF 2.21)."""

import json
import pathlib
import sys

import pytest

import keraslike as tf

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "golden"
sys.path.insert(0, str(GOLDEN))
import ragged_feature_cases  # noqa: E402

EXPECTED = json.loads((GOLDEN / "ragged_feature.json").read_text())
GOT = ragged_feature_cases.run(tf)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_partitioned_feature_as_tf(name):
    assert GOT[name] == EXPECTED[name]
