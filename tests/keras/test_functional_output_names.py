"""Keras 3's `Functional.output_names` (TF's SavedModel guide reads `pretrained_model.output_names[0]`): the names
of the output layers in `model.outputs` order (a dict of outputs in sorted-key order), as TF 2.21 gives them
(checked there: `['predictions']`, `['b', 'a']` for both models below); assignable, as Keras's attribute."""
import keraslike as tf


def test_output_names_are_the_output_layers_names():
    inputs = tf.keras.Input((3,), name="x")
    model = tf.keras.Model(inputs, tf.keras.layers.Dense(2, name="predictions")(inputs))
    assert model.output_names == ["predictions"]
    i2 = tf.keras.Input((3,))
    a = tf.keras.layers.Dense(1, name="a")(i2)
    b = tf.keras.layers.Dense(1, name="b")(i2)
    assert tf.keras.Model(i2, {"z": a, "y": b}).output_names == ["b", "a"]
    listed = tf.keras.Model(i2, [b, a])
    assert listed.output_names == ["b", "a"]
    listed.output_names = ["first", "second"]
    assert listed.output_names == ["first", "second"]


def test_mobilenet_output_name():
    model = tf.keras.applications.MobileNet(weights=None, input_shape=(96, 96, 3))
    assert model.output_names == ["predictions"]
