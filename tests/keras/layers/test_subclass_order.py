"""Subclassed models' sublayer and weight order equals Keras 3's (golden: tests/golden/make_subclass_order_golden.py),
so `set_weights(tf_model.get_weights())` lines up: layers in assignment order, lists and dicts included."""

import json
import os
import sys

import h5py
import numpy as np
import pytest

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "..", "golden")
sys.path.insert(0, GOLDEN)

import subclass_order_cases  # noqa: E402

with open(os.path.join(GOLDEN, "subclass_order.json")) as f:
    EXPECTED = json.load(f)


@pytest.mark.parametrize("case", sorted(subclass_order_cases.CASES))
def test_order_equals_keras3(case):
    got = subclass_order_cases.facts(tf.keras, case)
    want = EXPECTED[case]
    for key in ("layers", "weights", "trainable_weights", "non_trainable_weights", "trainable_variables", "shapes"):
        assert got[key] == want[key], key
    np.testing.assert_allclose(got["out"], want["out"], rtol=1e-5, atol=1e-6)


def test_removed_from_list_leaves_and_weights_follow_appends():
    class Net(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.blocks = [tf.keras.layers.Dense(2), tf.keras.layers.Dense(3)]
            self.head = tf.keras.layers.Dense(1)

        def call(self, x):
            for block in self.blocks:
                x = block(x)
            return self.head(x)

    net = Net()
    dropped = net.blocks[0]
    del net.blocks[0]
    assert all(layer is not dropped for layer in net.layers)
    net.blocks.append(tf.keras.layers.Dense(4))
    net(np.ones((1, 5), "float32"))
    assert [tuple(w.shape) for w in net.trainable_weights] == [(5, 3), (3,), (4, 1), (1,), (3, 4), (4,)]


def _h5_items(path):
    with h5py.File(path, "r") as f:
        items = {}
        f.visititems(lambda name, obj: items.__setitem__(name, np.asarray(obj)) if isinstance(obj, h5py.Dataset)
                     else None)
        return items


@pytest.mark.parametrize("case", sorted(subclass_order_cases.CASES))
def test_weights_files_exchange_with_keras3(case, tmp_path):
    """A Keras 3 `save_weights` file loads with equal outputs; keraslike's file has Keras's paths and values."""
    keras_file = os.path.join(GOLDEN, "keras3_files", f"subclass_order_{case}.weights.h5")
    model = subclass_order_cases.CASES[case](tf.keras)
    model(subclass_order_cases.X)
    model.load_weights(keras_file)
    np.testing.assert_allclose(np.asarray(model(subclass_order_cases.X)), EXPECTED[case]["out"], rtol=1e-5,
                               atol=1e-6)
    mine = str(tmp_path / "mine.weights.h5")
    model.save_weights(mine)
    theirs, ours = _h5_items(keras_file), _h5_items(mine)
    assert sorted(ours) == sorted(theirs)
    for name, value in theirs.items():
        np.testing.assert_array_equal(ours[name], value, err_msg=name)
