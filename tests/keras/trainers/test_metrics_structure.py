"""Keras 3's metric object model (issue 21 item 3): `model.metrics == [loss tracker, compile_metrics, ...]`,
the `compile_metrics` container, `get_metrics_result`/`compute_metrics`, reset, `evaluate` order, the keras.io
custom `train_step` loops with sample_weight/class_weight, and `fit(validation_freq=[...])`, each compared with
what real Keras 3.15 (TF 2.21) produced for the same program (`tests/golden/metrics_structure_cases.py`)."""

import json
import os
import sys

import numpy as np
import pytest
import torch

import keraslike as tf

GOLDEN_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "golden")
sys.path.insert(0, GOLDEN_DIR)

import metrics_structure_cases as cases  # noqa: E402

torch.set_num_threads(1)
with open(os.path.join(GOLDEN_DIR, "metrics_structure.json")) as f:
    GOLDEN = json.load(f)


def _same(got, want, where):
    if isinstance(want, dict):
        assert isinstance(got, dict) and sorted(got) == sorted(want), f"{where}: {got} != {want}"
        for k in want:
            _same(got[k], want[k], f"{where}.{k}")
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), f"{where}: {got} != {want}"
        for i, (g, w) in enumerate(zip(got, want)):
            _same(g, w, f"{where}[{i}]")
    elif isinstance(want, float):
        np.testing.assert_allclose(got, want, rtol=2e-4, atol=2e-6, err_msg=where)
    else:
        assert got == want, f"{where}: {got!r} != {want!r}"


@pytest.mark.parametrize("name", sorted(cases.CASES))
def test_matches_keras3(name):
    _same(cases.CASES[name](tf), GOLDEN[name], name)
