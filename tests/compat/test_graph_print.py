"""`tf.print` in a TF1 graph: one stateful `PrintV2` op, printing its inputs' values when run.

TF 2.21 (checked with /work/tfvenv): building `p = tf.print("val", x)` on a placeholder prints nothing and gives
an Operation of type PrintV2 (name "PrintV2"); `sess.run(p, {x: [1., 2.]})` prints "val [1 2]"; a control
dependency on it prints before the dependent op's value is fetched. (keraslike printed stand-in values twice
while building and returned None, so `sess.run(p)` raised.)
"""

import keraslike.compat.v1 as tf


def test_print_in_a_graph_prints_when_run(capsys):
    with tf.Graph().as_default():
        x = tf.placeholder(tf.float32, [2])
        p = tf.print("val", x)
        assert capsys.readouterr().err == ""  # nothing while building
        assert p.type == "PrintV2" and p.name == "PrintV2"
        with tf.control_dependencies([p]):
            y = x * 2.0
        with tf.Session() as sess:
            sess.run(p, {x: [1.0, 2.0]})
            assert capsys.readouterr().err == "val [1 2]\n"
            assert sess.run(y, {x: [3.0, 4.0]}).tolist() == [6.0, 8.0]
            assert capsys.readouterr().err == "val [3 4]\n"
