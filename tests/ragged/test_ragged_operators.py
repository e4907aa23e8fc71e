"""RaggedTensor's Python operators are TF's math ops on the flat values, as TF's ragged_operators.py assigns them:
`rt > 2`, `rt ** 2`, `7 // rt`, `rt % 3`, `~mask`, `abs(rt)`, `mask & other` (before: TypeError), `rt == 2`
elementwise (before: False, silently), `int_rt / 2` float64 and `int_rt * 2.5` refused (before: float32 and
accepted, by torch's promotion). Golden: tests/golden/ragged_operators.json (TF 2.21,
tests/golden/make_ragged_operator_golden.py)."""

import json
import pathlib
import sys

import pytest

import keraslike as tf

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "golden"
sys.path.insert(0, str(GOLDEN))
from ragged_operator_cases import CASES, SETUP  # noqa: E402
from ragged_shape_cases import run_case  # noqa: E402

EXPECTED = json.loads((GOLDEN / "ragged_operators.json").read_text())
# TF raises InvalidArgumentError converting 2.5 for an int32 ragged operand; keraslike raises TypeError, the error
# TF raises for the same dense operands (`tf.constant([1]) * 2.5`).
ERROR_CLASS = {"int_times_float": {"InvalidArgumentError": "TypeError"}}


def _run(code):
    return run_case(tf, SETUP, code)


@pytest.mark.parametrize("name", sorted(CASES))
def test_ragged_operator_as_tf(name):
    expected = EXPECTED[name]
    if "error" in expected:
        expected = {"error": ERROR_CLASS.get(name, {}).get(expected["error"], expected["error"])}
    got = _run(CASES[name])
    if "ok" in expected and "ok" in got and expected["ok"].get("dtype", "").startswith("float"):
        assert got["ok"]["dtype"] == expected["ok"]["dtype"]
        assert _close(got["ok"]["value"], expected["ok"]["value"]), (got, expected)
        return
    assert got == expected


def _close(a, b):
    if isinstance(a, list):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b))
    return a == pytest.approx(b)
