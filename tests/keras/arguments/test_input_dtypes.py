"""Issue 12 item 9: int / uint8 / bool / float64 inputs are cast as Keras casts them (to the `keras.Input` dtype,
and to the compute dtype for layers with float weights), in `fit`, `predict` and `model(x)`.

Before the fix every one of these raised torch's `mat1 and mat2 must have the same dtype`. TF 2.21 gives
float32 outputs equal to the float32 run (checked with the same program under real TF).
"""

import numpy as np
import pytest

import keraslike as tf

keras = tf.keras


def _dense_model(with_input):
    layers = [keras.layers.Dense(1, kernel_initializer="ones")]
    model = keras.Sequential(([keras.Input((2,))] if with_input else []) + layers)
    model.compile(optimizer="sgd", loss="mse")
    return model


@pytest.mark.parametrize("dtype", ["int64", "int32", "uint8", "bool", "float64"])
@pytest.mark.parametrize("with_input", [True, False])
def test_numeric_inputs_of_any_dtype(dtype, with_input):
    x = np.arange(12).reshape(6, 2).astype(dtype)
    expected = x.astype("float32").sum(axis=1, keepdims=True)
    model = _dense_model(with_input)
    out = model(x)
    assert out.dtype == tf.float32
    np.testing.assert_allclose(out.numpy(), expected)
    np.testing.assert_allclose(model.predict(x, verbose=0), expected)
    history = model.fit(x, np.zeros(6, "float32"), epochs=1, verbose=0)
    assert np.isfinite(history.history["loss"][0])


def test_uint8_images_into_conv_and_functional_int_input():
    images = np.random.RandomState(0).randint(0, 255, (2, 6, 6, 3)).astype("uint8")
    conv = keras.layers.Conv2D(2, 3, kernel_initializer="ones")
    np.testing.assert_allclose(conv(images).numpy(), conv(images.astype("float32")).numpy(), rtol=1e-6)
    ids = keras.Input((3,), dtype="int32")
    model = keras.Model(ids, keras.layers.Embedding(10, 2, embeddings_initializer="ones")(ids))
    assert model(np.array([[1.0, 2.0, 9.0]])).shape == (1, 3, 2)  # floats into an int32 Input become ids
