"""TF1's batch-norm idiom `with tf.control_dependencies(update_ops): train = opt.minimize(loss)`: the optimizer's
slot variables are made outside those dependencies (TF makes them in an init scope), so
`global_variables_initializer()` runs without feeds. It raised "You must feed a value for placeholder tensor 'x'"
(the slots' initializers waited for the batch-norm updates)."""

import numpy as np

import keraslike as tf
import keraslike.compat.v1 as tf1


def test_slots_made_under_update_op_dependencies_initialise_without_feeds():
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, [None, 3], name="x")
        out = tf1.layers.batch_normalization(tf1.layers.dense(x, 2), training=True)
        loss = tf.reduce_mean(out * out)
        with tf.control_dependencies(tf1.get_collection(tf1.GraphKeys.UPDATE_OPS)):
            train = tf1.train.AdamOptimizer(0.1).minimize(loss)
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())  # no feed needed
            slots = [v for v in tf1.global_variables() if "Adam" in v.name or "power" in v.name]
            assert slots and all(not np.any(sess.run(v)) for v in slots if "power" not in v.name)
            sess.run(train, {x: np.ones((4, 3), np.float32)})


def test_a_variable_made_under_control_dependencies_initialises_without_them():
    """TF makes every variable in an init scope (its initializer waits for no surrounding dependency)."""
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, [], name="x")
        needs_feed = tf.identity(x * 2.0)
        with tf.control_dependencies([needs_feed]):
            v = tf1.Variable(3.0, name="v")
            w = tf1.get_variable("w", [], initializer=tf1.constant_initializer(4.0))
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            assert (float(sess.run(v)), float(sess.run(w))) == (3.0, 4.0)
