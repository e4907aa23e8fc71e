"""RandomFlip's and RandomContrast's random draws have TF 2.21's distributions, in Keras 3 and Keras 2 modes.

Golden: tests/golden/make_augmentation_draws_golden.py (real Keras 3.15 and tf_keras): Keras 3 flips
"horizontal_and_vertical" both ways or not at all and draws a contrast factor per image, a number `f` giving
`[1, 1 + f]`; tf_keras draws the two flips independently and one contrast factor per batch, `f` giving
`[1 - f, 1 + f]`.
"""

import json
import os

import numpy as np
import pytest

import keraslike as tf

L = tf.keras.layers
with open(os.path.join(os.path.dirname(__file__), "..", "..", "golden", "augmentation_draws.json")) as _f:
    GOLDEN = json.load(_f)
MODES = {"keras3": "0", "keras2": "1"}


@pytest.fixture(params=sorted(MODES))
def mode(request, monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", MODES[request.param])
    return request.param


def _flip_fractions():
    image = np.arange(4, dtype="float32").reshape(1, 2, 2, 1)
    out = L.RandomFlip("horizontal_and_vertical")(np.repeat(image, GOLDEN["flips"], 0), training=True).numpy()
    views = {"none": image[0], "left_right": image[0, :, ::-1], "up_down": image[0, ::-1], "both": image[0, ::-1, ::-1]}
    return {name: float(np.mean(np.all(out == view, axis=(1, 2, 3)))) for name, view in views.items()}


def test_random_flip_horizontal_and_vertical_outcomes_have_tf_frequencies(mode):
    expected, got = GOLDEN[mode]["flip"], _flip_fractions()
    for outcome, fraction in expected.items():
        if fraction == 0.0:
            assert got[outcome] == 0.0, (outcome, got)
        else:  # 4000 draws: a binomial standard deviation under 0.008
            assert abs(got[outcome] - fraction) < 0.05, (outcome, got, expected)


@pytest.mark.parametrize("index", range(len(GOLDEN["contrast_factors"])))
def test_random_contrast_factor_range_and_granularity_match_tf(mode, index):
    factor = GOLDEN["contrast_factors"][index]
    factor = tuple(factor) if isinstance(factor, list) else factor
    expected = GOLDEN[mode]["contrast"][index]
    if "error" in expected:
        with pytest.raises(ValueError, match="factor"):
            L.RandomContrast(factor)
        return
    layer = L.RandomContrast(factor)
    x = np.random.RandomState(0).uniform(100, 150, (GOLDEN["contrast_batch"], 6, 6, 3)).astype("float32")
    mean = x.mean(axis=(1, 2), keepdims=True)
    applied = np.stack([((layer(x, training=True).numpy() - mean) * (x - mean)).sum((1, 2, 3))
                        / ((x - mean) ** 2).sum((1, 2, 3)) for _ in range(GOLDEN["contrast_calls"])])
    assert abs(applied.min() - expected["min"]) < 0.03 and abs(applied.max() - expected["max"]) < 0.03, (
        applied.min(), applied.max(), expected)
    spread = max(a.max() - a.min() for a in applied)
    if expected["batch_spread"] < 1e-4:  # one factor for the whole batch
        assert spread < 1e-4, spread
    else:
        assert spread > 0.05, spread
