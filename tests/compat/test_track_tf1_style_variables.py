"""`tf.compat.v1.keras.utils.track_tf1_style_variables`, as the model-mapping migration guide uses it: `get_variable`
and `tf.compat.v1.layers` inside a decorated `call` create their variables once, reuse them by name, and the layer
tracks them and their regularization losses. Names, outputs and losses are real TF 2.21's (Keras 2) with every
variable set to the same fixed values (tests/golden/make_tf1_style_layers_golden.py).
"""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden")
sys.path.insert(0, GOLDEN)
import tf1_style_layer_cases as cases  # noqa: E402

with open(os.path.join(GOLDEN, "tf1_style_layers.json")) as f:
    EXPECTED = json.load(f)


@pytest.fixture(autouse=True)
def legacy(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_decorated_layer_matches_tf(name):
    make, x = cases.build(tf)[name]
    got = cases.run(tf, make(), x)
    want = EXPECTED[name]
    assert sorted(got["names"]) == sorted(want["names"])
    if name not in ("wrapped", "oo_style"):  # TF lists a nested layer's (or a v1 layer object's) variables first
        assert got["names"] == want["names"]
    assert sorted(got["trainable"]) == sorted(want["trainable"])
    assert dict(zip(got["names"], got["shapes"])) == dict(zip(want["names"], want["shapes"]))
    np.testing.assert_allclose(got["output"], want["output"], rtol=1e-5, atol=1e-6)
    if name == "oo_style":  # TF 2.21 counts a v1 layer object's regularization twice (its own and the store's)
        np.testing.assert_allclose(got["losses"], sorted(set(want["losses"])), rtol=1e-5)
    else:
        np.testing.assert_allclose(got["losses"], want["losses"], rtol=1e-5)
    assert got["count_after_three_calls"] == want["count_after_three_calls"]


def test_losses_are_live_and_functional_models_collect_them():
    make, x = cases.build(tf)["dense"]
    inputs = tf.keras.Input(shape=(4,))
    model = tf.keras.Model(inputs=inputs, outputs=make()(inputs))
    model(x)
    assert len(model.weights) == 2 and len(model.losses) == 1
    for v in model.weights:
        v.assign(v * 0.0)
    assert float(np.asarray(model.losses[0])) == 0.0


def test_get_or_create_layer_makes_one_layer():
    class NestedModel(tf.keras.Model):
        def build_model(self):
            inp = tf.keras.Input(shape=(5,))
            dense = tf.keras.layers.Dense(10, name="dense", kernel_regularizer="l2",
                                          kernel_initializer=tf.compat.v1.ones_initializer())
            return tf.keras.Model(inputs=inp, outputs=dense(inp))

        @tf.compat.v1.keras.utils.track_tf1_style_variables
        def call(self, inputs):
            return tf.compat.v1.keras.utils.get_or_create_layer("dense_model", self.build_model)(inputs)

    layer = NestedModel()
    first = layer(tf.ones((2, 5)))
    layer(tf.ones((2, 5)))
    assert len(layer.weights) == 2
    np.testing.assert_allclose(np.asarray(first), 5.0)
    np.testing.assert_allclose(float(tf.add_n(layer.losses)), 0.01 * 50)
    with pytest.raises(ValueError, match="track_tf1_style_variables"):
        tf.compat.v1.keras.utils.get_or_create_layer("x", lambda: None)


def test_get_variable_outside_a_store_makes_new_variables_and_refuses_regularizers():
    a = tf.compat.v1.get_variable("w", shape=[2])
    b = tf.compat.v1.get_variable("w", shape=[2])
    assert a is not b
    with pytest.raises(ValueError, match="regularizer"):
        tf.compat.v1.get_variable("w", shape=[2], regularizer=tf.keras.regularizers.L2())


def test_keras2_functional_model_called_on_an_unbatched_input_warns_and_runs():
    """tf_keras runs a functional model on an input of another rank after a warning (the model-mapping guide calls
    a `(None, 5, 5)` model on a `(5, 5)` tensor: TF 2.21 with TF_USE_LEGACY_KERAS=1 returns shape (5, 10)); Keras 3
    raises."""
    inp = tf.keras.Input(shape=(5, 5))
    model = tf.keras.Model(inputs=inp, outputs=tf.keras.layers.Dense(10, kernel_initializer="ones")(inp))
    with pytest.warns(UserWarning, match="incompatible shape"):
        out = model(tf.ones(shape=(5, 5)))
    assert tuple(out.shape) == (5, 10)
    np.testing.assert_allclose(np.asarray(out), 5.0)


def test_keras3_functional_model_refuses_an_unbatched_input(monkeypatch):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS")
    inp = tf.keras.Input(shape=(5, 5))
    model = tf.keras.Model(inputs=inp, outputs=tf.keras.layers.Dense(10)(inp))
    with pytest.raises(ValueError, match="Invalid input shape"):
        model(tf.ones(shape=(5, 5)))


def test_v1_layer_objects_are_their_variables():
    make, x = cases.build(tf)["oo_style"]
    layer = make()
    layer(x)
    weights = {v.name: v for v in layer.weights}
    assert weights["model/conv2d/kernel:0"] is layer.conv_1.kernel
    assert weights["model/conv2d_1/bias:0"] is layer.conv_2.bias
    with pytest.raises(NotImplementedError, match="track_tf1_style_variables"):
        tf.compat.v1.layers.Dense(2)(tf.ones((1, 2)))


def test_make_template_shares_its_variables():
    """The guide's template layer; TF 2.21 (Keras 2) gives weights ['layer/scale_by_y/y:0'], losses [0.0225]
    (0.01 * 1.5**2) and outputs 1.5 after two calls, and in a TF1 graph [2.0, 6.0] with one variable 'lin/w:0'."""

    class CompatV1TemplateScaleByY(tf.keras.layers.Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)

            def my_op(x, scalar_name):
                var1 = tf.compat.v1.get_variable(scalar_name, shape=[],
                                                 regularizer=tf.compat.v1.keras.regularizers.L2(),
                                                 initializer=tf.compat.v1.constant_initializer(1.5))
                return x * var1
            self.scale_by_y = tf.compat.v1.make_template("scale_by_y", my_op, scalar_name="y")

        @tf.compat.v1.keras.utils.track_tf1_style_variables
        def call(self, inputs):
            with tf.compat.v1.variable_scope("layer"):
                return self.scale_by_y(inputs)

    layer = CompatV1TemplateScaleByY()
    layer(tf.ones(shape=(2, 3)))
    out = layer(tf.ones(shape=(2, 3)))
    assert [w.name for w in layer.weights] == ["layer/scale_by_y/y:0"]
    np.testing.assert_allclose([float(np.asarray(loss)) for loss in layer.losses], [0.0225], rtol=1e-6)
    np.testing.assert_allclose(np.asarray(out), 1.5)
    with tf.Graph().as_default():
        t = tf.compat.v1.make_template("lin", lambda x: x * tf.compat.v1.get_variable(
            "w", shape=[], initializer=tf.compat.v1.constant_initializer(2.0)))
        a, b = t(tf.constant(1.0)), t(tf.constant(3.0))
        with tf.compat.v1.Session() as sess:
            sess.run(tf.compat.v1.global_variables_initializer())
            assert [float(v) for v in sess.run([a, b])] == [2.0, 6.0]
            assert [v.name for v in tf.compat.v1.global_variables()] == ["lin/w:0"]


def test_keras2_weights_are_named_by_path_as_tf_keras(monkeypatch):
    """The guide's nested model: under TF_USE_LEGACY_KERAS=1 TF 2.21 names the Dense weights "dense/kernel:0" and
    "dense/bias:0" (tf_keras); Keras 3 names them "kernel" and "bias"."""

    class NestedModel(tf.keras.Model):
        def build_model(self):
            inp = tf.keras.Input(shape=(5, 5))
            dense_layer = tf.keras.layers.Dense(10, name="dense", kernel_regularizer="l2",
                                                kernel_initializer=tf.compat.v1.ones_initializer())
            return tf.keras.Model(inputs=inp, outputs=dense_layer(inp))

        @tf.compat.v1.keras.utils.track_tf1_style_variables
        def call(self, inputs):
            return tf.compat.v1.keras.utils.get_or_create_layer("dense_model", self.build_model)(inputs)

    layer = NestedModel()
    with pytest.warns(UserWarning, match="incompatible shape"):
        layer(tf.ones(shape=(5, 5)))
    assert {x.name for x in layer.variables} == {"dense/bias:0", "dense/kernel:0"}
    np.testing.assert_allclose(float(np.asarray(tf.add_n(layer.losses))), 0.01 * 50, rtol=1e-6)
    monkeypatch.delenv("TF_USE_LEGACY_KERAS")
    dense = tf.keras.layers.Dense(2)
    dense.build((None, 3))
    assert [w.name for w in dense.weights] == ["kernel", "bias"]
