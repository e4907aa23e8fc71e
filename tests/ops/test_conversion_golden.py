"""Issue 25, items 1 and 6, against real TF 2.21: public callables take lists, numpy arrays and numpy scalars
as TF/Keras do (losses, activations, metrics, layer arguments, integer conversion that wraps, sliced variable
assignment, `round` of a learning rate), and the values found wrong (`xdivy`, `fold_in`/`split`, `stft`/`istft`).

The cases are `tests/golden/conversion_cases.py`; the goldens `tests/golden/conversion.json`, written by
`tests/golden/make_conversion_golden.py` under TF 2.21 (Keras 3; Keras 2's `tf_keras` for the layer cases).
Values compare with rtol 1e-5, with equal dtype kinds and shapes; an expected exception must be raised.
"""

import inspect
import json
import math
import os
import sys

import numpy as np
import pytest

import keraslike as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "golden"))

import conversion_cases  # noqa: E402

with open(os.path.join(HERE, "..", "golden", "conversion.json")) as _handle:
    _GOLDEN = json.load(_handle)

# keraslike raises these as TF does, class included; for other expected errors any exception will do
# (e.g. `tf.Variable([1, 2]) + [1.5]` is a TypeError here and InvalidArgumentError in TF)
_SAME_ERROR_CLASS = {"sliced_assign_float_into_int", "sliced_assign_bad_shape", "constant_int64_out_of_range"}


def _close(got, want, path):
    if isinstance(want, dict) and "error" in want:
        assert isinstance(got, dict) and "error" in got, f"{path}: expected {want['error']}, got {got!r}"
        return
    if isinstance(want, float) and isinstance(got, (float, int)) and not isinstance(got, bool):
        if math.isnan(want) or math.isinf(want):
            assert (math.isnan(got) and math.isnan(want)) or got == want, f"{path}: {got} != {want}"
        else:
            assert got == pytest.approx(want, rel=1e-5, abs=1e-6), f"{path}: {got} != {want}"
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
    assert sorted(_GOLDEN["cases"]) == sorted(conversion_cases.CASES)
    assert sorted(_GOLDEN["layer_cases"]) == sorted(conversion_cases.LAYER_CASES)


@pytest.mark.parametrize("name", sorted(conversion_cases.CASES))
def test_case_matches_tensorflow(name):
    got = conversion_cases.run(conversion_cases.CASES[name], tf, tf.keras)
    want = _GOLDEN["cases"][name]
    _close(got, want, name)
    if name in _SAME_ERROR_CLASS:
        assert got == want, f"{name}: {got} != {want}"


@pytest.mark.parametrize("name", sorted(conversion_cases.LAYER_CASES))
def test_layer_arguments_as_numpy_scalars_match_keras2(name):
    _close(conversion_cases.run(conversion_cases.LAYER_CASES[name], tf, tf.keras), _GOLDEN["layer_cases"][name], name)


def test_layer_config_holds_python_numbers():
    # a config with numpy scalars would not serialise to JSON (.keras files); Keras 2 casts `units` with int()
    assert type(tf.keras.layers.Dense(np.int64(3)).get_config()["units"]) is int
    layer = tf.keras.layers.Embedding(np.int64(10), np.int32(4))
    assert type(layer.get_config()["input_dim"]) is int and type(layer.get_config()["output_dim"]) is int
    assert type(tf.keras.layers.Dropout(np.float32(0.5)).get_config()["rate"]) is float
    json.dumps(tf.keras.layers.Conv2D(np.int64(4), (np.int64(3), 3)).get_config())


def test_layer_classes_keep_their_constructor_signature():
    assert list(inspect.signature(tf.keras.layers.Dense).parameters)[:2] == ["units", "activation"]
