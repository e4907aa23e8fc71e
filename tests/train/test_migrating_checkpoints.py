"""TF1 name-based checkpoints and TF2 objects, as the checkpoint migration guide mixes them: `tf.compat.v1.train.Saver`
of eager variables (`sess=None`), `tf.train.Checkpoint.restore` of a name-based checkpoint, `init_from_checkpoint`
and a `tf.train.Checkpoint` of graph variables saved and restored in a session. Expected values and files are real
TF 2.21's (tests/golden/make_migrating_checkpoints_golden.py).
"""

import json
import os

import numpy as np
import pytest

import keraslike as tf
import keraslike.compat.v1 as tf1

HERE = os.path.join(os.path.dirname(__file__), "..", "golden", "migrating_checkpoints")
TF_PATH = os.path.join(HERE, "tf1_eager")


@pytest.fixture(scope="module")
def golden():
    with open(os.path.join(HERE, "golden.json")) as f:
        return json.load(f)


def _abc(values=(0.0, 0.0, 0.0)):
    a = tf.Variable(values[0], name="a")
    b = tf.Variable(values[1], name="b")
    with tf.name_scope("scoped"):
        c = tf.Variable(values[2], name="c")
    return a, b, c


def test_saver_of_eager_variables_writes_tfs_file(tmp_path, golden):
    path = tf1.train.Saver(var_list=list(_abc((1.0, 2.0, 3.0)))).save(sess=None, save_path=str(tmp_path / "ck"))
    assert sorted(tf.train.load_checkpoint(path).get_variable_to_shape_map()) == golden["tf1_eager_keys"]
    mine, tfs = tf.train.load_checkpoint(path), tf.train.load_checkpoint(TF_PATH)  # the entries TF's Saver wrote
    assert mine.get_variable_to_dtype_map() == tfs.get_variable_to_dtype_map()
    for key in golden["tf1_eager_keys"]:
        np.testing.assert_array_equal(mine.get_tensor(key), tfs.get_tensor(key))


def test_saver_restores_eager_variables_from_tf_file(golden):
    a, b, c = _abc()
    tf1.train.Saver(var_list=[a, b, c]).restore(sess=None, save_path=TF_PATH)
    assert [float(v.numpy()) for v in (a, b, c)] == golden["saver_restore_eager"]
    d = tf.Variable(0.0, name="d")
    saver = tf1.train.Saver(var_list={"a": d})
    saver.restore(sess=None, save_path=TF_PATH)
    assert float(d.numpy()) == 1.0


def test_saver_without_var_list_in_eager_raises():
    with pytest.raises(RuntimeError, match="var_list"):
        tf1.train.Saver()


def test_checkpoint_restores_name_based_checkpoint_by_names(golden):
    a, b, c = _abc()
    c_2 = tf.Variable(0.0, name="scoped/c")
    zz = tf.Variable(-1.0, name="zz")
    status = tf.train.Checkpoint(variables=[a, b, c, c_2, zz]).restore(TF_PATH)
    assert [float(v.numpy()) for v in (a, b, c, c_2, zz)] == golden["name_based_restore"]
    assert golden["name_based_assert_consumed_raises"]
    with pytest.raises(AssertionError, match="zz"):
        status.assert_consumed()
    status.expect_partial()
    with pytest.raises(ValueError, match="incompatible tensor with shape"):
        tf.train.Checkpoint(variables=[tf.Variable([1.0, 2.0], name="a")]).restore(TF_PATH)


def test_init_from_checkpoint_maps_root_into_a_scope(golden):
    with tf.Graph().as_default():
        with tf1.variable_scope("new_scope"):
            a = tf1.get_variable("a", shape=[], dtype=tf.float32, initializer=tf1.zeros_initializer())
            b = tf1.get_variable("b", shape=[], dtype=tf.float32, initializer=tf1.zeros_initializer())
            c = tf1.get_variable("scoped/c", shape=[], dtype=tf.float32, initializer=tf1.zeros_initializer())
        with tf1.Session() as sess:
            tf1.train.init_from_checkpoint(TF_PATH, assignment_map={"/": "new_scope/"})
            sess.run(tf1.global_variables_initializer())
            assert [float(v) for v in sess.run([a, b, c])] == golden["init_from_checkpoint"]
            with pytest.raises(ValueError, match="not found"):
                tf1.train.init_from_checkpoint(TF_PATH, assignment_map={"missing": "new_scope/a"})


def test_eager_get_variable_creates_scoped_variables():
    with tf1.variable_scope("new_scope"):
        a = tf1.get_variable("a", shape=[], dtype=tf.float32, initializer=tf1.zeros_initializer())
        c = tf1.get_variable("scoped/c", shape=[2], dtype=tf.float32, initializer=tf1.ones_initializer())
    assert (a.name, c.name) == ("new_scope/a:0", "new_scope/scoped/c:0")
    np.testing.assert_array_equal(c.numpy(), [1.0, 1.0])
    saver = tf1.train.Saver({"a": a, "scoped/c": tf.Variable(3.0)})
    saver.restore(sess=None, save_path=TF_PATH)
    assert float(a.numpy()) == 1.0


def test_checkpoint_of_graph_variables_in_a_session(tmp_path, golden):
    with tf.Graph().as_default():
        a = tf1.get_variable("a", shape=[], dtype=tf.float32, initializer=tf1.constant_initializer(1))
        b = tf1.get_variable("b", shape=[], dtype=tf.float32, initializer=tf1.constant_initializer(2))
        with tf1.variable_scope("scoped"):
            c = tf1.get_variable("c", shape=[], dtype=tf.float32, initializer=tf1.constant_initializer(3))
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            path = tf.train.Checkpoint(unscoped=[a, b], scoped=[c]).save(str(tmp_path / "in_session"))
    reader = tf.train.load_checkpoint(path)
    values = {k: float(reader.get_tensor(k)) for k in reader.get_variable_to_shape_map()
              if k != "_CHECKPOINTABLE_OBJECT_GRAPH"}
    assert values == golden["in_session_values"]
    with tf.Graph().as_default():
        a = tf1.get_variable("a_other", shape=[], dtype=tf.float32, initializer=tf1.zeros_initializer())
        b = tf1.get_variable("b_other", shape=[], dtype=tf.float32, initializer=tf1.zeros_initializer())
        c = tf1.get_variable("c", shape=[], dtype=tf.float32, initializer=tf1.zeros_initializer())
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            tf.train.Checkpoint(unscoped=[a, b], scoped=[c]).restore(path).assert_consumed().run_restore_ops()
            assert [float(v) for v in sess.run([a, b, c])] == [1.0, 2.0, 3.0]
