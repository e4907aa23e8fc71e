"""Writes tests/golden/migrating_checkpoints/ under real TF 2.21, as the checkpoint migration guide runs:

- `tf1_eager`: a name-based checkpoint written by `tf.compat.v1.train.Saver(var_list=[a, b, c]).save(sess=None)`
  from eager variables a=1, b=2, scoped/c=3;
- `golden.json`: its keys; the values TF restores from it by `Checkpoint(variables=[...]).restore` (name-based,
  with an extra variable "zz" the checkpoint lacks: whether assert_consumed raises), by `Saver.restore` into
  eager variables and by `init_from_checkpoint({'/': 'new_scope/'})` in a session; and the keys and values of a
  `tf.train.Checkpoint(unscoped=[a, b], scoped=[c])` of graph variables saved in a session.

    /work/tfvenv/bin/python tests/golden/make_migrating_checkpoints_golden.py
"""

import json
import os
import shutil

import tensorflow as tf
import tensorflow.compat.v1 as tf1

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "migrating_checkpoints")
shutil.rmtree(HERE, ignore_errors=True)
os.makedirs(HERE)
out = {}

a = tf.Variable(1.0, name="a")
b = tf.Variable(2.0, name="b")
with tf.name_scope("scoped"):
    c = tf.Variable(3.0, name="c")
path = tf1.train.Saver(var_list=[a, b, c]).save(sess=None, save_path=os.path.join(HERE, "tf1_eager"),
                                                   write_state=False)
out["tf1_eager_keys"] = sorted(tf.train.load_checkpoint(path).get_variable_to_shape_map())

a = tf.Variable(0.0, name="a")
b = tf.Variable(0.0, name="b")
with tf.name_scope("scoped"):
    c = tf.Variable(0.0, name="c")
c_2 = tf.Variable(0.0, name="scoped/c")
zz = tf.Variable(-1.0, name="zz")
status = tf.train.Checkpoint(variables=[a, b, c, c_2, zz]).restore(path)
out["name_based_restore"] = [float(v.numpy()) for v in (a, b, c, c_2, zz)]
try:
    status.assert_consumed()
    out["name_based_assert_consumed_raises"] = False
except AssertionError:
    out["name_based_assert_consumed_raises"] = True

a = tf.Variable(0.0, name="a")
b = tf.Variable(0.0, name="b")
with tf.name_scope("scoped"):
    c = tf.Variable(0.0, name="c")
tf1.train.Saver(var_list=[a, b, c]).restore(sess=None, save_path=path)
out["saver_restore_eager"] = [float(v.numpy()) for v in (a, b, c)]

with tf.Graph().as_default():
    with tf1.variable_scope("new_scope"):
        a = tf1.get_variable("a", shape=[], dtype=tf.float32, initializer=tf1.zeros_initializer())
        b = tf1.get_variable("b", shape=[], dtype=tf.float32, initializer=tf1.zeros_initializer())
        c = tf1.get_variable("scoped/c", shape=[], dtype=tf.float32, initializer=tf1.zeros_initializer())
    with tf1.Session() as sess:
        tf1.train.init_from_checkpoint(path, assignment_map={"/": "new_scope/"})
        sess.run(tf1.global_variables_initializer())
        out["init_from_checkpoint"] = [float(v) for v in sess.run([a, b, c])]

with tf.Graph().as_default():
    a = tf1.get_variable("a", shape=[], dtype=tf.float32, initializer=tf1.constant_initializer(1))
    b = tf1.get_variable("b", shape=[], dtype=tf.float32, initializer=tf1.constant_initializer(2))
    with tf1.variable_scope("scoped"):
        c = tf1.get_variable("c", shape=[], dtype=tf.float32, initializer=tf1.constant_initializer(3))
    with tf1.Session() as sess:
        sess.run(tf1.global_variables_initializer())
        session_path = tf.train.Checkpoint(unscoped=[a, b], scoped=[c]).save(os.path.join(HERE, "in_session"))
reader = tf.train.load_checkpoint(session_path)
out["in_session_values"] = {k: float(reader.get_tensor(k)) for k in reader.get_variable_to_shape_map()
                            if k != "_CHECKPOINTABLE_OBJECT_GRAPH"}
for name in os.listdir(HERE):
    if name.startswith("in_session") or name == "checkpoint":
        os.remove(os.path.join(HERE, name))
with open(os.path.join(HERE, "golden.json"), "w") as f:
    json.dump(out, f, indent=1)
print(out)
