"""Losses, metrics and optimizer updates against hand-computed (numpy) Keras formulas."""

import math

import numpy as np
import pytest
import torch

import keraslike as tf

EPS = 1e-7


def test_sparse_categorical_crossentropy_probabilities_and_logits():
    probs = np.array([[0.7, 0.2, 0.1], [0.1, 0.1, 0.8]], dtype="float32")
    labels = np.array([0, 1])
    expected = -np.mean(np.log([0.7, 0.1]))
    loss = tf.keras.losses.SparseCategoricalCrossentropy()(labels, probs)
    np.testing.assert_allclose(float(loss), expected, rtol=1e-6)
    logits = np.log(probs) + 3.0  # softmax(logits) == probs
    loss = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(labels, logits)
    np.testing.assert_allclose(float(loss), expected, rtol=1e-5)
    per_sample = tf.keras.losses.sparse_categorical_crossentropy(torch.tensor(labels), torch.tensor(probs))
    np.testing.assert_allclose(per_sample.numpy(), -np.log([0.7, 0.1]), rtol=1e-6)


def test_categorical_and_binary_crossentropy_and_mse():
    y_true = np.array([[0, 1, 0], [1, 0, 0]], dtype="float32")
    y_pred = np.array([[0.2, 0.6, 0.2], [0.5, 0.25, 0.25]], dtype="float32")
    np.testing.assert_allclose(float(tf.keras.losses.CategoricalCrossentropy()(y_true, y_pred)),
                               -np.mean(np.log([0.6, 0.5])), rtol=1e-6)
    smoothed = y_true * 0.9 + 0.1 / 3
    want = -np.mean(np.sum(smoothed * np.log(y_pred), axis=1))
    np.testing.assert_allclose(float(tf.keras.losses.CategoricalCrossentropy(label_smoothing=0.1)(y_true, y_pred)),
                               want, rtol=1e-6)
    t = np.array([[1.0], [0.0]], dtype="float32")
    p = np.array([[0.9], [0.2]], dtype="float32")
    np.testing.assert_allclose(float(tf.keras.losses.BinaryCrossentropy()(t, p)),
                               -np.mean([np.log(0.9), np.log(0.8)]), rtol=1e-6)
    p0 = np.array([[0.0], [1.0]], dtype="float32")  # clipped to [1e-7, 1 - 1e-7] in float32, like Keras
    hi = np.float32(1 - EPS)
    want = -np.mean([np.log(np.float32(EPS)), np.log(np.float32(1) - hi)])
    np.testing.assert_allclose(float(tf.keras.losses.BinaryCrossentropy()(t, p0)), want, rtol=1e-5)
    mse = tf.keras.losses.MeanSquaredError()(np.array([1.0, 2.0]), np.array([[1.5], [1.0]]))
    np.testing.assert_allclose(float(mse), (0.25 + 1.0) / 2, rtol=1e-6)


def test_loss_reductions_and_sample_weight():
    y_true, y_pred = np.array([0.0, 0.0, 0.0, 0.0]), np.array([[1.0], [2.0], [3.0], [4.0]])
    sw = np.array([1.0, 0.0, 1.0, 0.0])
    mse = tf.keras.losses.MeanSquaredError
    np.testing.assert_allclose(float(mse()(y_true, y_pred, sample_weight=sw)), (1 + 9) / 4, rtol=1e-6)
    np.testing.assert_allclose(float(mse(reduction="sum")(y_true, y_pred)), 30.0, rtol=1e-6)
    np.testing.assert_allclose(mse(reduction=None)(y_true, y_pred).numpy(), [1, 4, 9, 16], rtol=1e-6)
    with pytest.raises(ValueError, match="Received: reduction='average'"):
        mse(reduction="average")


def test_subclassed_loss_is_reduced_like_keras():
    class Abs(tf.keras.losses.Loss):
        def call(self, y_true, y_pred):
            return torch.abs(y_true - y_pred).sum(dim=-1)

    value = Abs()(np.zeros((2, 2)), np.array([[1.0, 2.0], [3.0, 4.0]]))
    np.testing.assert_allclose(float(value), (3 + 7) / 2, rtol=1e-6)


def test_metrics_accumulate_and_reset():
    acc = tf.keras.metrics.SparseCategoricalAccuracy()
    acc.update_state(np.array([0, 1]), np.array([[0.9, 0.1], [0.8, 0.2]]))
    acc.update_state(np.array([1]), np.array([[0.1, 0.9]]))
    np.testing.assert_allclose(float(acc.result()), 2 / 3, rtol=1e-6)
    acc.reset_states()
    assert float(acc.result()) == 0.0
    mean = tf.keras.metrics.Mean()
    mean.update_state([1.0, 2.0, 3.0], sample_weight=[1.0, 0.0, 1.0])
    np.testing.assert_allclose(float(mean.result()), 2.0, rtol=1e-6)
    binary = tf.keras.metrics.BinaryAccuracy(threshold=0.5)
    binary.update_state(np.array([[1.0], [0.0], [1.0]]), np.array([[0.7], [0.6], [0.4]]))
    np.testing.assert_allclose(float(binary.result()), 1 / 3, rtol=1e-6)
    cat = tf.keras.metrics.CategoricalAccuracy()
    np.testing.assert_allclose(float(cat(np.eye(3), np.eye(3)[[0, 2, 2]])), 2 / 3, rtol=1e-6)


def _keras_adam(w, grads, lr=0.01, b1=0.9, b2=0.999, eps=1e-7):
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    for t, g in enumerate(grads, start=1):
        m = m + (g - m) * (1 - b1)
        v = v + (g * g - v) * (1 - b2)
        alpha = lr * math.sqrt(1 - b2 ** t) / (1 - b1 ** t)
        w = w - alpha * m / (np.sqrt(v) + eps)
    return w


def test_adam_follows_keras_formula_with_keras_epsilon():
    rng = np.random.default_rng(0)
    w0 = rng.normal(size=(3, 2))
    grads = [rng.normal(size=(3, 2)) * 1e-4 for _ in range(5)]  # tiny grads make epsilon placement matter
    var = tf.Variable(w0.astype("float32"))
    opt = tf.keras.optimizers.Adam(learning_rate=0.01)
    for g in grads:
        opt.apply_gradients([(torch.tensor(g, dtype=torch.float32), var)])
    np.testing.assert_allclose(var.numpy(), _keras_adam(w0, grads), rtol=1e-5, atol=1e-7)
    assert int(opt.iterations) == 5
    assert opt.epsilon == 1e-7


def test_sgd_momentum_and_rmsprop_follow_keras():
    w0 = np.array([1.0, -2.0])
    grads = [np.array([0.5, 0.1]), np.array([-0.2, 0.3]), np.array([0.1, 0.1])]
    var = tf.Variable(w0.astype("float32"))
    opt = tf.keras.optimizers.SGD(learning_rate=0.1, momentum=0.9)
    for g in grads:
        opt.apply_gradients([(torch.tensor(g, dtype=torch.float32), var)])
    w, m = w0.copy(), np.zeros(2)
    for g in grads:
        m = 0.9 * m - 0.1 * g
        w = w + m
    np.testing.assert_allclose(var.numpy(), w, rtol=1e-6)

    var = tf.Variable(w0.astype("float32"))
    opt = tf.keras.optimizers.RMSprop(learning_rate=0.01)
    for g in grads:
        opt.apply_gradients([(torch.tensor(g, dtype=torch.float32), var)])
    w, v = w0.copy(), np.zeros(2)
    for g in grads:
        v = 0.9 * v + 0.1 * g * g
        w = w - 0.01 * g / (np.sqrt(v) + 1e-7)
    np.testing.assert_allclose(var.numpy(), w, rtol=1e-5)


def test_learning_rate_is_settable_and_lr_alias():
    opt = tf.keras.optimizers.SGD(learning_rate=0.5)
    assert abs(float(opt.learning_rate) - 0.5) < 1e-7
    opt.learning_rate = 0.1
    assert abs(float(opt.lr) - 0.1) < 1e-7
    opt.learning_rate.assign(0.2)
    var = tf.Variable([1.0])
    opt.apply_gradients([(torch.tensor([1.0]), var)])
    np.testing.assert_allclose(var.numpy(), [0.8], rtol=1e-6)
    with pytest.raises(ValueError, match="Could not interpret optimizer identifier"):
        tf.keras.optimizers.get("adamax_typo")
