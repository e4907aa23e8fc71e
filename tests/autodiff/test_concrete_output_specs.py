"""`ConcreteFunction.output_dtypes`/`output_shapes` exist as TF's (they raised AttributeError; found by the new-user
check), and a RaggedTensor compared with a value it cannot be compared to gives False (`!=`: True) as TF (it raised
TypeError). Golden: tests/golden/concrete_output.json (TF 2.21, make_concrete_output_golden.py)."""

import json
import pathlib
import sys

import keraslike as tf

GOLDEN_DIR = pathlib.Path(__file__).resolve().parents[1] / "golden"
sys.path.insert(0, str(GOLDEN_DIR))
import concrete_output_cases  # noqa: E402


def test_output_specs_and_ragged_equality_as_tf():
    assert concrete_output_cases.run(tf) == json.loads((GOLDEN_DIR / "concrete_output.json").read_text())
