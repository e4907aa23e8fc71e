"""Gradients at kernel edges are TF's: `tf.clip_by_value` passes the gradient at its bounds (torch's clamp gave
0 or 0.5 there), Euclidean/Frobenius norms of a zero vector have TF's NaN gradient (torch's norm kernels gave 0),
and the other edges (ties, zeros, NaN branches of `tf.where`) stay as TF's. Golden:
tests/golden/edge_gradients.json (TF 2.21, make_edge_gradient_golden.py)."""

import json
import pathlib
import sys

import numpy as np
import pytest

import keraslike as tf

GOLDEN_DIR = pathlib.Path(__file__).resolve().parents[1] / "golden"
sys.path.insert(0, str(GOLDEN_DIR))
import edge_gradient_cases  # noqa: E402

GOLDEN = json.loads((GOLDEN_DIR / "edge_gradients.json").read_text())
GOT = {}


@pytest.mark.parametrize("name", sorted(edge_gradient_cases.CASES))
def test_edge_gradient_as_tf(name):
    if not GOT:
        GOT.update(edge_gradient_cases.run(tf))
    value, grad = GOT[name]
    want_value, want_grad = GOLDEN[name]
    np.testing.assert_allclose(value, want_value, rtol=1e-5, atol=1e-6)
    if want_grad is None:  # TF registers no gradient (Round, Floor, Rint): the tape gives None
        assert grad is None
        return
    np.testing.assert_allclose(grad, want_grad, rtol=1e-5, atol=1e-6)  # NaN and inf where TF has them
