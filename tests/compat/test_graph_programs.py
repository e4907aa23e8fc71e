"""Classic TF1 programs (tests/golden/tf1_programs.py) run with `import keraslike.compat.v1 as tf` and compared
with the same programs run by real TF 2.21 (`tests/golden/make_tf1_golden.py` -> tf1_programs.json)."""

import json
import pathlib

import numpy as np
import pytest

import keraslike.compat.v1 as tf
from tests.golden import tf1_programs

GOLDEN = json.loads((pathlib.Path(__file__).parents[1] / "golden" / "tf1_programs.json").read_text())


def _close(actual, expected, rtol=2e-4, atol=2e-5):
    np.testing.assert_allclose(np.asarray(actual, dtype=np.float64), np.asarray(expected, dtype=np.float64),
                               rtol=rtol, atol=atol)


def test_mnist_softmax_regression_matches_tf():
    got, want = tf1_programs.mnist_softmax(tf), GOLDEN["mnist_softmax"]
    _close(got["losses"], want["losses"])
    _close(got["W"], want["W"])
    assert got["accuracy"] == pytest.approx(want["accuracy"], abs=1e-6)
    assert got["names"] == want["names"]


def test_variable_scope_shared_model_matches_tf():
    got, want = tf1_programs.shared_scope_model(tf), GOLDEN["shared_scope_model"]
    assert got["trainable"] == want["trainable"]
    assert got["global"] == want["global"]
    assert got["step"] == want["step"]
    _close(got["lrs"], want["lrs"])
    _close(got["losses"], want["losses"])
    _close(got["hidden_sum"], want["hidden_sum"], rtol=1e-4)


@pytest.mark.parametrize("optimizer", ["Adam", "Adagrad", "RMSProp", "RMSPropCentered", "MomentumNesterov"])
def test_layers_dense_with_each_optimizer_matches_tf(optimizer):
    got = tf1_programs.layers_mlp(tf)[optimizer]
    want = GOLDEN["layers_mlp"][optimizer]
    assert got["variables"] == want["variables"]
    _close(got["losses"], want["losses"], rtol=1e-3, atol=1e-4)
    assert got["accuracy"] == pytest.approx(want["accuracy"], abs=1e-6)


def test_one_shot_iterator_pipeline_matches_tf():
    got, want = tf1_programs.iterator_pipeline(tf), GOLDEN["iterator_pipeline"]
    assert got["caught"] == want["caught"] == "OutOfRangeError"
    assert got["shapes"] == want["shapes"]
    _close(got["losses"], want["losses"])


def test_gradients_and_names_match_tf():
    got, want = tf1_programs.gradients_and_names(tf), GOLDEN["gradients_and_names"]
    assert got["names"] == want["names"]
    for key in want["values"]:
        _close(got["values"][key], want["values"][key])
