"""`py_function`/`numpy_function` given more or fewer returned values than `Tout` behave as TF 2.21: a tuple
returned for one `Tout` gives its first item (it was stacked into one tensor), extra values are dropped by
`py_function`, fewer fail, and `numpy_function` inside a function wants exactly `Tout`'s count.

Golden: tests/golden/make_py_function_outputs.py (cases in tests/golden/py_function_outputs_cases.py).
"""

import json
import os
import sys

import pytest

import keraslike as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "golden"))

import py_function_outputs_cases  # noqa: E402

GOLDEN = json.load(open(os.path.join(HERE, "..", "golden", "py_function_outputs.json")))
CASES = py_function_outputs_cases.cases(tf)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_outputs_as_tf(name):
    assert py_function_outputs_cases.outcome(CASES[name]) == GOLDEN[name]
