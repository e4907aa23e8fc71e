"""BatchNormalization's `fused` and list `axis` as TF 2.21 (golden: tests/golden/make_batchnorm_fused_golden.py).

Keras 3 refuses `fused` (unknown keyword, ValueError) and a list `axis` (TypeError). tf_keras
(`TF_USE_LEGACY_KERAS=1`) takes `fused=True` only with axis 1 or the last of a 4D/5D input and without renorm
(ValueError otherwise, at construction or on the first call), sets `fused` to whether its fused kernel runs once
built, takes a list of one axis, and reports a built layer's axis as `[3]`. Before: keraslike accepted `fused=True`
on any input and used only the first axis of `axis=[1, 3]` (silently different values).
"""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "..", "golden")
sys.path.insert(0, GOLDEN)

import batchnorm_fused_cases  # noqa: E402

with open(os.path.join(GOLDEN, "batchnorm_fused.json")) as f:
    EXPECTED = json.load(f)


@pytest.mark.parametrize("mode", ["keras3", "keras2"])
def test_fused_and_axis_as_tf(mode, monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1" if mode == "keras2" else "0")
    got = batchnorm_fused_cases.run(tf)
    for name, expected in EXPECTED[mode].items():
        mine = got[name]
        if "error" in expected:
            assert mine.get("error") == expected["error"] and mine.get("subject") == expected["subject"], (name, mine)
        else:
            assert "error" not in mine, (name, mine)
            assert (mine["axis"], mine["fused"]) == (expected["axis"], expected["fused"]), name
            np.testing.assert_allclose(mine["values"], expected["values"], rtol=1e-5, atol=1e-6, err_msg=name)
