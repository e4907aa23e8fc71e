"""The TF1 SavedModel half of TF's SavedModel migration guide: `tf.compat.v1.saved_model.Builder` and
`simple_save` write a session's signatures as a SavedModel; `tf.compat.v1.saved_model.load(sess, tags, dir)`
rebuilds them in a graph under the tensor names the signatures record (TF 2 style names for SavedModels of the TF 2
APIs), `tf.saved_model.load` runs them; Keras 2's `model.save(dir, save_format="tf", signatures=...)` keeps its
signatures (before: each raised NotImplementedError or ValueError). Expected values and names are TF 2.21's for the
guide's cells (run there: 7.0 from every loader, names `Placeholder:0` -> `add:0`, `serving_default_input:0` ->
`StatefulPartitionedCall:0`)."""

import numpy as np
import pytest

import keraslike as tf
import keraslike.compat.v1 as tf1

KEY = tf.saved_model.DEFAULT_SERVING_SIGNATURE_DEF_KEY


def add_two(x):
    return x + 2


def _load_tf1(path, value):
    with tf.Graph().as_default():
        with tf1.Session() as sess:
            meta_graph = tf1.saved_model.load(sess, ["serve"], path)
            sig_def = meta_graph.signature_def[KEY]
            input_name, output_name = sig_def.inputs["input"].name, sig_def.outputs["output"].name
            return input_name, output_name, sess.run(output_name, feed_dict={input_name: value})


def _load_tf2(path, value):
    return tf.saved_model.load(path).signatures[KEY](tf.constant(value))["output"]


def test_builder_and_simple_save_then_both_loaders(tmp_path):
    builder_dir, simple_dir = str(tmp_path / "saved-model-builder"), str(tmp_path / "simple-save")
    with tf.Graph().as_default():
        with tf1.Session() as sess:
            inp = tf1.placeholder(tf.float32, shape=[])
            out = add_two(inp)
            assert sess.run(out, {inp: 3.0}) == 5.0
            builder = tf1.saved_model.Builder(builder_dir)
            sig_def = tf1.saved_model.predict_signature_def(inputs={"input": inp}, outputs={"output": out})
            assert sig_def.inputs["input"].name == "Placeholder:0" and sig_def.outputs["output"].name == "add:0"
            assert sig_def.method_name == "tensorflow/serving/predict"
            builder.add_meta_graph_and_variables(sess, tags=["serve"], signature_def_map={KEY: sig_def})
            builder.save()
            tf1.saved_model.simple_save(sess, simple_dir, inputs={"input": inp}, outputs={"output": out})
    for path in (builder_dir, simple_dir):
        assert _load_tf1(path, 5.0) == ("Placeholder:0", "add:0", 7.0)
        out = _load_tf2(path, 5.0)
        assert out.dtype == tf.float32 and float(out) == 7.0
    with pytest.raises(AssertionError, match="already exists"):
        tf1.saved_model.Builder(builder_dir)


def test_builder_saves_the_variables_a_signature_reads(tmp_path):
    path = str(tmp_path / "multiply")
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, shape=[None], name="x")
        v = tf.Variable(3.0, name="v")
        y = tf.multiply(x, v, name="y")
        with tf1.Session() as sess:
            sess.run(v.initializer)
            tf1.saved_model.simple_save(sess, path, inputs={"input": x}, outputs={"output": y})
    name_in, name_out, value = _load_tf1(path, [5.0, 1.0])
    assert (name_in, name_out) == ("x:0", "y:0") and value.tolist() == [15.0, 3.0]
    loaded = tf.saved_model.load(path)
    np.testing.assert_allclose(loaded.signatures[KEY](input=tf.constant([2.0]))["output"].numpy(), [6.0])


def test_tf1_loader_reads_tf2_savedmodels(tmp_path):
    class MyModel(tf.Module):
        @tf.function
        def __call__(self, x):
            return add_two(x)

    model = MyModel()

    @tf.function
    def serving_default(input):  # noqa: A002 - the guide's argument name
        return {"output": model(input)}

    path = str(tmp_path / "tf2-save")
    tf.saved_model.save(model, path, signatures={
        KEY: serving_default.get_concrete_function(tf.TensorSpec(shape=[], dtype=tf.float32))})
    assert _load_tf1(path, 5.0) == ("serving_default_input:0", "StatefulPartitionedCall:0", 7.0)
    assert float(_load_tf2(path, 5.0)) == 7.0


def test_keras2_model_save_tf_format_keeps_signatures(tmp_path, monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    inp = tf.keras.Input(3)
    model = tf.keras.Model(inputs=inp, outputs=add_two(inp))

    @tf.function(input_signature=[tf.TensorSpec(shape=[], dtype=tf.float32)])
    def serving_default(input):  # noqa: A002
        return {"output": model(input)}

    path = str(tmp_path / "keras-model")
    model.save(path, save_format="tf", signatures={KEY: serving_default})
    assert _load_tf1(path, 5.0)[2] == 7.0
    assert float(_load_tf2(path, 5.0)) == 7.0
    loaded = tf.keras.models.load_model(path)
    with pytest.warns(UserWarning, match="incompatible shape"):  # tf_keras runs it after the same warning
        assert loaded.predict_on_batch(tf.constant([1, 3, 4])).tolist() == [3.0, 5.0, 6.0]
    with pytest.raises(ValueError, match="incompatible"):  # a dim that differs still raises (tf_keras: ValueError)
        loaded.predict_on_batch(tf.ones([2, 4]))


def test_signature_helpers_and_refusals(tmp_path):
    with pytest.raises(RuntimeError, match="Eager"):
        tf1.saved_model.build_tensor_info(tf.constant(1.0))
    with tf.Graph().as_default():
        inp = tf1.placeholder(tf.float32, shape=[2], name="features")
        info = tf1.saved_model.build_tensor_info(inp)
        assert info.name == "features:0" and info.tensor_shape.as_list() == [2]
        with pytest.raises(ValueError, match="empty"):
            tf1.saved_model.predict_signature_def(inputs={}, outputs={"y": inp})
        with tf1.Session() as sess:
            builder = tf1.saved_model.Builder(str(tmp_path / "b"))
            with pytest.raises(NotImplementedError, match="main_op"):
                builder.add_meta_graph_and_variables(sess, ["serve"], main_op=tf.no_op())
            with pytest.raises(AssertionError, match="add_meta_graph_and_variables"):
                builder.save()
    assert tf1.saved_model.save is tf.saved_model.save
