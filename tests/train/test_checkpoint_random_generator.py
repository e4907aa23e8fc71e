"""A `tf.random.Generator` in a checkpoint, as TF's "Random number generation" guide saves one
(tensorflow.org/guide/random_numbers, "Checkpointing"): restoring the checkpoint rewinds the stream.

TF 2.21 saves the generator as one child, its state variable, under `_state_var`: `tf.train.list_variables`
of `tf.train.Checkpoint(generator=g).write(...)` lists `('generator/_state_var/.ATTRIBUTES/VARIABLE_VALUE', [3])`,
and `('m/g/_state_var/.ATTRIBUTES/VARIABLE_VALUE', [3])` for a generator held by a `tf.Module` `m`
(measured on TF 2.21); a PHILOX state advances its counter by 256 per drawn element there as here."""

import numpy as np

import keraslike as tf


def test_restoring_a_checkpoint_rewinds_the_generator(tmp_path):
    filename = str(tmp_path / "checkpoint")
    g = tf.random.Generator.from_seed(1)
    cp = tf.train.Checkpoint(generator=g)
    g.normal([])
    cp.write(filename)
    from_saving_point = [float(g.normal([])), float(g.normal([]))]
    cp.restore(filename)
    from_restoring_point = [float(g.normal([])), float(g.normal([]))]
    assert from_restoring_point == from_saving_point
    np.testing.assert_array_equal(g.state.numpy(), [1 + 3 * 256, 0, 0])


def test_generator_checkpoint_keys_are_tfs(tmp_path):
    g = tf.random.Generator.from_seed(1)
    path = tf.train.Checkpoint(generator=g).write(str(tmp_path / "a"))
    listed = dict(tf.train.list_variables(path))
    assert listed["generator/_state_var/.ATTRIBUTES/VARIABLE_VALUE"] == [3]
    m = tf.Module()
    m.g = tf.random.Generator.from_seed(3)
    listed = dict(tf.train.list_variables(tf.train.Checkpoint(m=m).write(str(tmp_path / "b"))))
    assert listed["m/g/_state_var/.ATTRIBUTES/VARIABLE_VALUE"] == [3]


def test_a_restored_generator_takes_the_saved_state(tmp_path):
    saved = tf.random.Generator.from_seed(7)
    saved.normal([5])
    path = tf.train.Checkpoint(generator=saved).write(str(tmp_path / "c"))
    other = tf.random.Generator.from_seed(99)
    tf.train.Checkpoint(generator=other).restore(path)
    np.testing.assert_array_equal(other.state.numpy(), saved.state.numpy())
    np.testing.assert_allclose(other.normal([3]).numpy(), saved.normal([3]).numpy())
