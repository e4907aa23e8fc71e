"""Tensors a layer returns carry TF's `_keras_mask` as in TF 2.21 (issue 21 item 5), against goldens from real
TF (`tests/golden/make_keras_mask_golden.py`): a layer that only overrides `compute_mask` makes a mask (Keras 3's
`supports_masking` default), and functional-API tensors carry symbolic masks (the masking guide prints them)."""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf
from keraslike import keras

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "..", "golden")
sys.path.insert(0, GOLDEN)

import keras_mask_cases  # noqa: E402

sys.path.remove(GOLDEN)

with open(os.path.join(GOLDEN, "keras_mask.json")) as _f:
    EXPECTED = json.load(_f)


@pytest.mark.parametrize("case", sorted(set(keras_mask_cases.CASES) - {"list_input_masks"}))
def test_case_matches_tf(case):
    assert keras_mask_cases.CASES[case](tf, keras) == EXPECTED[case]


def test_list_inputs_pass_their_masks_to_call():
    """`Attention()([query, value])` honours the value's Keras mask (values as TF's), and a layer called on a
    list receives `mask=[None, value_mask]`."""
    actual, expected = keras_mask_cases.list_input_masks(tf, keras), EXPECTED["list_input_masks"]
    assert actual["probe_mask"] == expected["probe_mask"]
    for key in ("attention", "additive_attention"):
        np.testing.assert_allclose(actual[key], expected[key], rtol=1e-5, atol=1e-6, err_msg=key)


def test_supports_masking_is_settable_and_defaults_to_compute_mask_override():
    class Generates(keras.layers.Layer):
        def compute_mask(self, inputs, mask=None):
            return None

    assert Generates().supports_masking and not keras.layers.Layer().supports_masking
    layer = keras.layers.Layer()
    layer.supports_masking = True
    assert layer.supports_masking
