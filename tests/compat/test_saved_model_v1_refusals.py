"""The TF1 SavedModel half of the SavedModel migration guide: keraslike has no GraphDef for a Session's graph, so
`tf.compat.v1.saved_model.Builder`, `simple_save`, `load(sess, ...)` and `Saver.export_meta_graph` raise
NotImplementedError naming themselves (instead of an AttributeError or a directory TF could not load); the TF 2
names of `tf.compat.v1.saved_model` are TF 2's."""

import pytest

import keraslike as tf
import keraslike.compat.v1 as tf1


def add_two(x):
    return x + 2


def test_builder_and_simple_save_raise_naming_themselves(tmp_path):
    with tf.Graph().as_default():
        with tf1.Session() as sess:
            inp = tf1.placeholder(tf.float32, shape=[])
            out = add_two(inp)
            assert sess.run(out, {inp: 3.0}) == 5.0
            with pytest.raises(NotImplementedError, match="saved_model.Builder"):
                tf1.saved_model.Builder(str(tmp_path / "b"))
            with pytest.raises(NotImplementedError, match="simple_save"):
                tf1.saved_model.simple_save(sess, str(tmp_path / "s"), inputs={"input": inp}, outputs={"output": out})
            with pytest.raises(NotImplementedError, match="predict_signature_def"):
                tf1.saved_model.predict_signature_def(inputs={"input": inp}, outputs={"output": out})
            with pytest.raises(NotImplementedError, match="into a Session"):
                tf1.saved_model.load(sess, ["serve"], str(tmp_path / "b"))
            with pytest.raises(NotImplementedError, match="into a Session"):
                tf1.saved_model.loader.load(sess, ["serve"], str(tmp_path / "b"))
    assert not (tmp_path / "b").exists() and not (tmp_path / "s").exists()
    assert tf1.saved_model.DEFAULT_SERVING_SIGNATURE_DEF_KEY == "serving_default"
    assert tf1.saved_model.save is tf.saved_model.save


def test_saver_export_meta_graph_raises():
    with tf.Graph().as_default():
        tf.Variable(3.0, name="v")
        with pytest.raises(NotImplementedError, match="export_meta_graph"):
            tf1.train.Saver().export_meta_graph("multiply.pb", as_text=True)
