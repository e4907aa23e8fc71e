"""`tf.train.Checkpoint` of a `tf.Module` saves what the module's walk finds (`module/tracking.py`), Keras layers'
weights included, and restores it (issue 21 item 10: the tracking is what a checkpoint walks)."""

import numpy as np
import pytest

import keraslike as tf
from keraslike import keras


class Net(tf.Module):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(3)
        self.blocks = [keras.layers.Dense(2)]
        self.scale = tf.Variable(2.0, name="scale")

    def __call__(self, x):
        return self.blocks[0](self.dense(x)) * self.scale


def test_module_with_keras_layers_round_trips(tmp_path):
    x = tf.constant(np.arange(8, dtype="float32").reshape(2, 4))
    net = Net()
    expected = net(x).numpy()
    path = tf.train.Checkpoint(net=net).save(str(tmp_path / "ckpt"))
    fresh = Net()
    fresh(x)  # build its layers
    tf.train.Checkpoint(net=fresh).restore(path).assert_consumed()
    np.testing.assert_allclose(fresh(x).numpy(), expected)
    assert len(fresh.variables) == 5


def test_restoring_into_unbuilt_layers_defers_until_they_build(tmp_path):
    """TF's deferred restoration: values for layers without weights yet are assigned when they build; until then
    `assert_consumed` fails and `assert_existing_objects_matched` passes (as in TF)."""
    x = tf.constant(np.arange(8, dtype="float32").reshape(2, 4))
    net = Net()
    expected = net(x).numpy()
    path = tf.train.Checkpoint(net=net).save(str(tmp_path / "ckpt"))
    fresh = Net()
    status = tf.train.Checkpoint(net=fresh).restore(path)
    status.assert_existing_objects_matched()
    with pytest.raises(AssertionError, match="Unresolved"):
        status.assert_consumed()
    np.testing.assert_allclose(fresh(x).numpy(), expected)
