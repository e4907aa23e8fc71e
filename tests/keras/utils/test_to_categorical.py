"""`keras.utils.to_categorical` against real Keras 3.15 and tf_keras (`tests/golden/make_to_categorical_golden.py`):
the returned type, dtype and values in both Keras modes.

Found by keras-io's conditional_gan: Keras 3 returns float64 for numpy labels (keraslike gave float32), so the
example's `tf.concat([noise, one_hot_labels], axis=1)` raises on TF and must raise here too.
"""

import builtins
import json
import os

import numpy as np
import pytest
import torch

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "..", "golden", "to_categorical.json")
with open(GOLDEN) as f:
    DATA = json.load(f)
CASES = DATA.pop("cases")


@pytest.mark.parametrize("key", sorted(DATA))
def test_to_categorical_matches_keras(key, monkeypatch):
    version, name = key.split("/")
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1" if version == "2" else "0")
    labels, kind, num_classes, kwargs = CASES[name]
    x = tf.constant(labels) if kind == "tensor" else labels
    want = DATA[key]
    if "raises" in want:
        with pytest.raises(getattr(builtins, want["raises"])):
            tf.keras.utils.to_categorical(x, num_classes, **kwargs)
        return
    got = tf.keras.utils.to_categorical(x, num_classes, **kwargs)
    assert ("numpy" if isinstance(got, np.ndarray) else "tensor") == want["type"]
    assert isinstance(got, np.ndarray if want["type"] == "numpy" else torch.Tensor)
    got = np.asarray(got)
    assert got.dtype.name == want["dtype"]
    np.testing.assert_array_equal(got, np.asarray(want["value"]))


def test_conditional_gan_concat_of_keras3_labels_raises_as_on_tf(monkeypatch):
    """The program's step: float32 noise next to Keras 3's float64 one-hot labels is a dtype error on TF."""
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "0")
    labels = tf.keras.utils.to_categorical(np.array([3, 1]), 10)
    ds = tf.data.Dataset.from_tensor_slices((np.zeros((2, 28, 28, 1), "float32"), labels)).batch(2)
    _, one_hot_labels = next(iter(ds))
    with pytest.raises((TypeError, tf.errors.InvalidArgumentError)):
        tf.concat([tf.random.normal((2, 128)), one_hot_labels], axis=1)
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    labels = tf.keras.utils.to_categorical(np.array([3, 1]), 10)
    assert tf.concat([tf.random.normal((2, 128)), labels], axis=1).shape == (2, 138)
