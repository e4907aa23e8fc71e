"""`tf.io.serialize_tensor` of Python and numpy values gives TF 2.21's bytes: the value is converted as
`tf.convert_to_tensor` converts it (before, through tf.data's element conversion, which refused Python complex
numbers). Golden: `tests/golden/serialize_python_values.json`.
"""

import json
import pathlib
import sys

import pytest

import keraslike as tf

GOLDEN_DIR = pathlib.Path(__file__).resolve().parents[1] / "golden"
sys.path.insert(0, str(GOLDEN_DIR))
import serialize_python_values_cases  # noqa: E402

GOLD = json.loads((GOLDEN_DIR / "serialize_python_values.json").read_text())


@pytest.mark.parametrize("name", sorted(GOLD))
def test_serialize_tensor_of_a_python_value_equals_tfs(name):
    assert serialize_python_values_cases.run(tf)[name] == GOLD[name]
