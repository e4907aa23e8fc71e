"""TF ops on functional-API tensors, as Keras 2 code writes them (tf_keras's TFOpLambda / AddLoss / AddMetric):
keras.io's training-with-built-in-methods guide adds `model.add_loss(tf.reduce_sum(x1) * 0.1)` and
`model.add_metric(keras.backend.std(x1), ...)` to a built functional model; TF's migrate/metrics_optimizers guide
makes `tf.math.argmax(logits, axis=1)` a model output. Values against tf_keras
(tests/golden/make_symbolic_tf_ops_golden.py). Keras 3 refuses a TF op on a KerasTensor, and so does keraslike."""
import os

import numpy as np
import pytest

import keraslike as tf
from keraslike import keras
from keraslike.keras import layers

GOLDEN = np.load(os.path.join(os.path.dirname(__file__), "..", "golden", "symbolic_tf_ops.npz"))


@pytest.fixture
def keras2(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")


def _guide_model():
    inputs = keras.Input(shape=(12,), name="digits")
    x1 = layers.Dense(8, activation="relu", name="dense_1")(inputs)
    x2 = layers.Dense(8, activation="relu", name="dense_2")(x1)
    outputs = layers.Dense(3, name="predictions")(x2)
    model = keras.Model(inputs=inputs, outputs=outputs)
    model.add_loss(tf.reduce_sum(x1) * 0.1)
    model.add_metric(keras.backend.std(x1), name="std_of_activation", aggregation="mean")
    model.set_weights([GOLDEN[f"guide_w{i}"] for i in range(6)])
    return model


def test_symbolic_add_loss_and_add_metric_match_tf_keras(keras2):
    model = _guide_model()
    x, y = GOLDEN["guide_x"], GOLDEN["guide_y"]
    model(x[:5])
    np.testing.assert_allclose([float(v) for v in model.losses], GOLDEN["guide_call_losses"], rtol=1e-5)
    model.compile(optimizer=keras.optimizers.SGD(0.01),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    ev = model.evaluate(x, y, batch_size=10, return_dict=True, verbose=0)
    np.testing.assert_allclose(ev["loss"], GOLDEN["guide_eval_loss"], rtol=1e-5)
    np.testing.assert_allclose(ev["std_of_activation"], GOLDEN["guide_eval_std"], rtol=1e-5)
    hist = model.fit(x, y, batch_size=10, epochs=1, shuffle=False, verbose=0).history
    assert sorted(hist) == list(GOLDEN["guide_metric_names"])
    np.testing.assert_allclose(hist["loss"][0], GOLDEN["guide_fit_loss"], rtol=1e-5)
    np.testing.assert_allclose(hist["std_of_activation"][0], GOLDEN["guide_fit_std"], rtol=1e-5)


def test_tf_op_output_of_a_functional_model_matches_tf_keras(keras2):
    inputs = tf.keras.Input((2,))
    logits = tf.keras.layers.Dense(2)(inputs)
    predictions = tf.math.argmax(input=logits, axis=1)
    assert predictions.shape == (None,)
    model = tf.keras.models.Model(inputs, predictions)
    model.set_weights([GOLDEN["argmax_w0"], GOLDEN["argmax_w1"]])
    fx, fy = GOLDEN["argmax_x"], GOLDEN["argmax_y"]
    np.testing.assert_array_equal(model.predict(fx, verbose=0), GOLDEN["argmax_pred"])
    model.compile(tf.keras.optimizers.Adagrad(learning_rate=0.05), loss="mse", metrics=[tf.keras.metrics.Accuracy()])
    ev = model.evaluate(tf.data.Dataset.from_tensor_slices((fx, fy)).batch(1), return_dict=True, verbose=0)
    np.testing.assert_allclose(ev["loss"], GOLDEN["argmax_eval_loss"], rtol=1e-6)
    np.testing.assert_allclose(ev["accuracy"], GOLDEN["argmax_eval_accuracy"], rtol=1e-6)


def test_scalar_op_output_has_no_batch_axis(keras2):
    x = keras.Input((4,))
    assert tf.reduce_sum(x).shape == ()
    assert (tf.reduce_sum(layers.Dense(3)(x)) * 0.1).shape == ()


def test_keras3_refuses_tf_ops_and_symbolic_add_loss(monkeypatch):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    inputs = keras.Input((4,))
    x1 = layers.Dense(3)(inputs)
    with pytest.raises(ValueError, match="KerasTensor.*reduce_sum.*Received"):
        tf.reduce_sum(x1)
    model = keras.Model(inputs, x1)
    with pytest.raises(ValueError, match="add_loss"):
        model.add_loss(keras.ops.sum(x1))


def test_eager_ops_unchanged_and_one_wrapper_per_function():
    assert tf.reduce_sum is tf.math.reduce_sum
    assert float(tf.reduce_sum(tf.constant([1.0, 2.0]))) == 3.0
    with pytest.raises(TypeError, match="Received"):  # the op's own error, untouched
        tf.reduce_sum("not a number")
