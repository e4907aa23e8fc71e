"""A layer's `dtype=` is a dtype policy, as in Keras 3 (issue 21 item 5), against real TF 2.21 goldens
(`tests/golden/make_layer_dtype_golden.py`): `Dense(2, dtype="mixed_float16")` computes in float16 with float32
variables, a float64 layer casts float32 inputs to float64 (not torch's dtype-mismatch error), and a weight made
with `add_weight(autocast=False)` is not cast."""

import json
import os
import sys

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike import keras

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "..", "golden")
sys.path.insert(0, GOLDEN)

import layer_dtype_cases  # noqa: E402

sys.path.remove(GOLDEN)

with open(os.path.join(GOLDEN, "layer_dtype.json")) as _f:
    EXPECTED = json.load(_f)

_ATOL = {"float16": 2e-3, "bfloat16": 1.5e-2, "float32": 1e-6, "float64": 1e-6}
_SWEEP_TOL = {"float16": 1e-2, "bfloat16": 6e-2, "float64": 1e-5}  # several roundings in half precision


def test_layer_sweep_matches_tf():
    """16 common layers under mixed_float16, mixed_bfloat16 and float64: output dtype and values as TF's."""
    actual = layer_dtype_cases.layer_sweep(tf, keras)
    expected = EXPECTED["layer_sweep"]
    assert sorted(actual) == sorted(expected)
    for key, want in expected.items():
        got = actual[key]
        assert got["out_dtype"] == want["out_dtype"], key
        tol = _SWEEP_TOL[want["out_dtype"]]
        np.testing.assert_allclose(got["out"], want["out"], rtol=tol, atol=tol, err_msg=key)


@pytest.mark.parametrize("case", sorted(set(layer_dtype_cases.CASES) - {"layer_sweep"}))
def test_case_matches_tf(case):
    actual = layer_dtype_cases.CASES[case](tf, keras)
    expected = EXPECTED[case]
    assert sorted(actual) == sorted(expected)
    for key, want in expected.items():
        got = actual[key]
        if key == "out":
            np.testing.assert_allclose(got, want, atol=_ATOL[expected["out_dtype"]], err_msg=key)
        elif key in ("losses", "weights"):
            for g, w in zip(got, want):
                np.testing.assert_allclose(g, w, rtol=1e-2, atol=2e-3, err_msg=key)
        else:
            assert got == want, key


def test_mixed_layer_gradients_reach_float32_variables():
    layer = keras.layers.Dense(2, dtype="mixed_float16")
    x = tf.constant(np.ones((2, 3), "float32"))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(layer(x))
    grads = tape.gradient(loss, layer.trainable_weights)
    assert [g.dtype for g in grads] == [torch.float32, torch.float32]
    np.testing.assert_allclose(grads[1].numpy(), [2.0, 2.0])


def test_float32_sublayer_inside_mixed_layer_computes_in_float32():
    class Outer(keras.layers.Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.inner = keras.layers.Dense(2, dtype="float32")

        def call(self, x):
            return self.inner(x)

    out = Outer(dtype="mixed_float16")(np.ones((1, 3), "float32"))
    assert out.dtype == torch.float32
