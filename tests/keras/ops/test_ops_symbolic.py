"""`keras.ops` on functional-API KerasTensors become layer calls that replay on real tensors."""

import numpy as np
import pytest

import keraslike as tf

keras = tf.keras
ops = keras.ops


def test_functional_model_mixing_ops_and_layers():
    inputs = keras.Input((6,))
    assert ops.shape(inputs) == (None, 6) and ops.ndim(inputs) == 2
    h = keras.layers.Dense(4)(ops.nn.relu(ops.subtract(inputs, 0.5)))
    out = ops.concatenate([ops.mean(ops.expand_dims(h, -1), axis=-1), ops.square(inputs)], axis=-1)
    assert out.shape == (None, 10)
    model = keras.Model(inputs, out)
    x = np.random.default_rng(0).random((5, 6)).astype("float32")
    dense = next(layer for layer in model.layers if isinstance(layer, keras.layers.Dense))
    kernel, bias = dense.get_weights()
    want = np.concatenate([np.maximum(x - 0.5, 0) @ kernel + bias, x ** 2], axis=-1)
    np.testing.assert_allclose(model.predict(x, verbose=0), want, rtol=1e-5, atol=1e-6)
    model.compile("sgd", "mse")
    model.fit(x, np.zeros((5, 10), "float32"), epochs=1, verbose=0)


def test_saving_a_model_with_an_unsaveable_op_layer_names_the_op(tmp_path):
    inputs = keras.Input((3,))  # a variable among the call arguments: no op node can hold it
    model = keras.Model(inputs, ops.multiply(keras.layers.Dense(2)(inputs), tf.Variable(np.ones(2, "float32"))))
    model.save_weights(tmp_path / "m.weights.h5")
    with pytest.raises(NotImplementedError, match="keras.ops.multiply.*variable.*Received: op=multiply"):
        model.save(tmp_path / "m.keras")
