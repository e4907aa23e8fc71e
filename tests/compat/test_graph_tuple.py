"""`tf.tuple(tensors, control_inputs)` in TF1 graph mode (TF's docstring): the control inputs run before the
tensors, so the variable advances once per `sess.run(b)`."""

import keraslike as tf


def test_tuple_runs_its_control_inputs_first():
    seen = []
    with tf.Graph().as_default():
        with tf.compat.v1.Session() as sess:
            v = tf.Variable(0.0)
            a = tf.constant(1.0)
            sess.run(tf.compat.v1.global_variables_initializer())
            for _ in range(3):
                update_op = v.assign_add(1.0)
                b = tf.tuple([a + v], [tf.group(update_op)])
                sess.run(b)
                seen.append(float(sess.run(v)))
    assert seen == [1.0, 2.0, 3.0]
