"""keraslike against real TF 2.21 on the core-surface cases (`tests/golden/core_cases.py`).

Goldens: `tests/golden/core_surface.json`, written by `tests/golden/make_core_golden.py` under real
TF. Floats compare at rtol 1e-5; dtypes, shapes, integers, Python values and error classes exactly.
"""

import json
import math
import os
import sys

import pytest

import keraslike as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "golden"))

import core_cases  # noqa: E402

with open(os.path.join(HERE, "..", "golden", "core_surface.json")) as _handle:
    GOLDEN = json.load(_handle)["cases"]


def _close(got, want, path):
    if isinstance(want, float) and isinstance(got, (float, int)) and not isinstance(got, bool):
        if math.isinf(want) or math.isnan(want):
            assert (math.isnan(got) and math.isnan(want)) or got == want, path
        else:
            assert got == pytest.approx(want, rel=1e-5, abs=1e-6), path
        return
    if isinstance(want, dict) and isinstance(got, dict):
        assert sorted(got) == sorted(want), f"{path}: {got} != {want}"
        for key in want:
            _close(got[key], want[key], f"{path}.{key}")
        return
    if isinstance(want, list) and isinstance(got, list):
        assert len(got) == len(want), f"{path}: {got} != {want}"
        for i, (g, w) in enumerate(zip(got, want)):
            _close(g, w, f"{path}[{i}]")
        return
    assert got == want, f"{path}: {got!r} != {want!r}"


def test_goldens_cover_every_case():
    assert sorted(GOLDEN) == sorted(core_cases.CASES)


@pytest.mark.parametrize("name", sorted(core_cases.CASES))
def test_case_matches_tensorflow(name):
    _close(core_cases.run(core_cases.CASES[name], tf), GOLDEN[name], name)
