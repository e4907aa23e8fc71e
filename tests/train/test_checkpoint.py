"""tf.train.Checkpoint / CheckpointManager / latest_checkpoint (model, optimizer state, variables)."""

import os

import numpy as np
import pytest
import torch

import keraslike as tf
import keraslike.train  # noqa: F401  (until keraslike imports it)

keras = tf.keras
torch.set_num_threads(1)


def _setup(seed=0):
    keras.utils.set_random_seed(seed)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4), keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.Adam(0.05), loss="mse")
    return model


def _train(model, steps=3):
    x = np.arange(24, dtype="float32").reshape(8, 3) / 24
    model.fit(x, x.sum(1, keepdims=True), batch_size=8, epochs=steps, shuffle=False, verbose=0)


def test_checkpoint_save_restore_model_optimizer_and_variable(tmp_path):
    model = _setup()
    _train(model)
    step = tf.Variable(5, dtype=tf.int64)
    ckpt = tf.train.Checkpoint(model=model, optimizer=model.optimizer, step=step)
    path = ckpt.save(str(tmp_path / "ckpt"))
    assert path == str(tmp_path / "ckpt-1")
    assert os.path.exists(path + ".index") and os.path.exists(path + ".data-00000-of-00001")
    assert tf.train.latest_checkpoint(str(tmp_path)) == path
    other = _setup(seed=1)
    other.optimizer.build(other.trainable_weights)
    other_step = tf.Variable(0, dtype=tf.int64)
    status = tf.train.Checkpoint(model=other, optimizer=other.optimizer, step=other_step).restore(path)
    status.assert_consumed()
    assert int(other_step) == 5 and int(other.optimizer.iterations) == 3
    for a, b in zip(model.get_weights(), other.get_weights()):
        np.testing.assert_array_equal(a, b)
    _train(model, 1)
    _train(other, 1)  # same Adam state -> same next step
    for a, b in zip(model.get_weights(), other.get_weights()):
        np.testing.assert_array_equal(a, b)
    partial = tf.train.Checkpoint(model=_setup()).restore(path)
    with pytest.raises(AssertionError):
        partial.assert_consumed()
    partial.expect_partial()
    with pytest.raises(ValueError, match="Could not find"):
        ckpt.restore(str(tmp_path / "nope-3"))


def test_checkpoint_manager_keeps_the_newest(tmp_path):
    model = _setup()
    ckpt = tf.train.Checkpoint(model=model, optimizer=model.optimizer)
    manager = tf.train.CheckpointManager(ckpt, str(tmp_path), max_to_keep=2)
    assert manager.latest_checkpoint is None and manager.restore_or_initialize() is None
    saved = []
    for _ in range(3):
        _train(model, 1)
        saved.append(manager.save())
    assert [os.path.basename(p) for p in saved] == ["ckpt-1", "ckpt-2", "ckpt-3"]
    assert manager.checkpoints == saved[1:]
    assert not os.path.exists(saved[0] + ".index")
    assert tf.train.latest_checkpoint(str(tmp_path)) == saved[2]
    assert 'model_checkpoint_path: "ckpt-3"' in open(tmp_path / "checkpoint").read()
    again = tf.train.CheckpointManager(tf.train.Checkpoint(model=_setup(1)), str(tmp_path), max_to_keep=2)
    assert again.checkpoints == saved[1:]
    assert again.restore_or_initialize() == saved[2]
    for a, b in zip(model.get_weights(), again._checkpoint.model.get_weights()):
        np.testing.assert_array_equal(a, b)
    assert manager.save(checkpoint_number=10).endswith("ckpt-10")
