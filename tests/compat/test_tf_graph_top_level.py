"""`tf.Graph` at the top level, as TF 2 has it (the same class as `tf.compat.v1.Graph`): the migration guides
build TF1 code under `with tf.Graph().as_default() as g:` with `import tensorflow as tf` (tensorflow.org/guide/
migrate/saved_model and migrate/migrating_checkpoints). keraslike had it only as `tf.compat.v1.Graph`."""

import keraslike as tf
import keraslike.compat.v1 as tf1


def add_two(input):
    return input + 2


def test_the_saved_model_guides_tf1_session_under_tf_graph():
    assert tf.Graph is tf1.Graph
    with tf.Graph().as_default() as g:
        with tf1.Session() as sess:
            input = tf1.placeholder(tf.float32, shape=[])
            output = add_two(input)
            assert sess.run(output, {input: 3.}) == 5.0
        assert tf1.get_default_graph() is g
    assert tf.executing_eagerly()


def test_the_checkpoint_guides_get_variable_under_tf_graph(tmp_path):
    with tf.Graph().as_default():
        a = tf1.get_variable('a', shape=[], dtype=tf.float32, initializer=tf1.zeros_initializer())
        c = tf1.get_variable('scoped/c', shape=[], dtype=tf.float32, initializer=tf1.zeros_initializer())
        with tf1.Session() as sess:
            saver = tf1.train.Saver()
            sess.run(a.assign(1))
            sess.run(c.assign(3))
            save_path = saver.save(sess, str(tmp_path / 'tf1-ckpt'))
    reader = tf.train.load_checkpoint(save_path)
    assert sorted(reader.get_variable_to_shape_map()) == ['a', 'scoped/c']
    assert float(reader.get_tensor('scoped/c')) == 3.0
