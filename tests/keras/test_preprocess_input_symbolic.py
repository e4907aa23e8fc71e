"""`keras.applications.<model>.preprocess_input` on a functional-API input, as TF's transfer-learning tutorial
writes it (`x = preprocess_input(x)` between `keras.Input` and the base model): Keras records op nodes, so the
model computes the preprocessing and its config saves; values by the documented formulas. A tensor argument is a
value: it is not modified in place (a numpy float array is, as Keras does)."""
import numpy as np
import pytest

import keraslike as tf

IMG = np.random.RandomState(0).uniform(0, 255, (2, 4, 4, 3)).astype("float32")
EXPECTED = {
    "tf": IMG / 127.5 - 1.0,
    "caffe": IMG[..., ::-1] - np.array([103.939, 116.779, 123.68], "float32"),
    "torch": (IMG / 255.0 - np.array([0.485, 0.456, 0.406], "float32")) / np.array([0.229, 0.224, 0.225], "float32"),
}
MODULES = {"tf": "mobilenet_v2", "caffe": "resnet50", "torch": "densenet"}


@pytest.mark.parametrize("mode", sorted(MODULES))
def test_preprocess_input_in_a_functional_model(mode):
    preprocess_input = getattr(tf.keras.applications, MODULES[mode]).preprocess_input
    inputs = tf.keras.Input(shape=(4, 4, 3))
    outputs = preprocess_input(inputs)
    assert outputs.shape == (None, 4, 4, 3)
    model = tf.keras.Model(inputs, outputs)
    np.testing.assert_allclose(model(IMG).numpy(), EXPECTED[mode], rtol=1e-5, atol=1e-5)
    clone = tf.keras.Model.from_config(model.get_config())
    np.testing.assert_allclose(clone(IMG).numpy(), EXPECTED[mode], rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("mode", sorted(MODULES))
def test_preprocess_input_leaves_a_tensor_unchanged(mode):
    preprocess_input = getattr(tf.keras.applications, MODULES[mode]).preprocess_input
    t = tf.constant(IMG)
    np.testing.assert_allclose(preprocess_input(t).numpy(), EXPECTED[mode], rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(t.numpy(), IMG)
    array = IMG.copy()
    preprocess_input(array)
    if mode != "caffe":  # Keras modifies a float array in place (caffe's channel flip makes a new one)
        np.testing.assert_allclose(array, EXPECTED[mode], rtol=1e-5, atol=1e-5)
