"""tf.train.ExponentialMovingAverage against the values and names real TF 2.21 gives for the same calls
(numbers worked by hand below from TF's update rule; checked with /work/tfvenv)."""

import numpy as np
import pytest
import torch

import keraslike as tf


def test_apply_updates_with_num_updates_decay():
    v, w = tf.Variable([1.0, 2.0], name="v"), tf.Variable(3.0)
    ema = tf.train.ExponentialMovingAverage(0.9, num_updates=tf.Variable(0), zero_debias=True)
    assert ema.average_name(v) == "v/ExponentialMovingAverage" and ema.name == "ExponentialMovingAverage"
    for _ in range(3):
        v.assign_add([1.0, 1.0])
        assert ema.apply([v, w]) is None
    # decay = min(0.9, 1/10) = 0.1: shadow starts at [2, 3], then 2.9, 3.89 (TF gives [3.89, 4.89])
    np.testing.assert_allclose(ema.average(v).numpy(), [3.89, 4.89], rtol=1e-6)
    assert ema.average(v).name == "v/ExponentialMovingAverage:0" and not ema.average(v).trainable
    np.testing.assert_allclose(ema.average(w).numpy(), 3.0)
    assert ema.variables_to_restore([v]) == {"v/ExponentialMovingAverage": v}
    assert set(ema.variables_to_restore()) == {"v/ExponentialMovingAverage", ema.average_name(w)}
    assert ema.average(tf.Variable(1.0)) is None


def test_decay_clipped_by_num_updates_and_variable_decay():
    ema = tf.train.ExponentialMovingAverage(0.5, num_updates=3)
    v = tf.Variable([0.0])
    ema.apply([v])
    v.assign([10.0])
    ema.apply([v])
    np.testing.assert_allclose(ema.average(v).numpy(), [(1 - 4 / 13) * 10], rtol=1e-6)  # TF: 6.923077
    d = tf.Variable(0.0)
    ema2 = tf.train.ExponentialMovingAverage(d)
    u = tf.Variable(1.0, dtype=tf.float64)
    ema2.apply([u])
    u.assign(5.0)
    d.assign(0.75)  # read at each apply
    ema2.apply([u])
    assert ema2.average(u).dtype == torch.float64
    np.testing.assert_allclose(ema2.average(u).numpy(), 1.0 + 0.25 * 4.0)


def test_errors():
    ema = tf.train.ExponentialMovingAverage(0.9)
    with pytest.raises(TypeError, match="half, float, or double"):
        ema.apply([tf.Variable(1)])
    with pytest.raises(TypeError, match="non-Variable"):
        ema.apply([tf.constant(1.0)])
    assert ema.apply() is None


def test_ema_in_a_training_loop():
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
    opt = tf.keras.optimizers.SGD(0.1)
    ema = tf.train.ExponentialMovingAverage(0.5)
    ema.apply(model.trainable_variables)
    kernel = model.trainable_variables[0]
    expected = kernel.detach().clone()
    x, y = torch.ones(4, 2), torch.zeros(4, 1)
    for _ in range(3):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((model(x) - y) ** 2)
        opt.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
        ema.apply(model.trainable_variables)
        expected = expected - 0.5 * (expected - kernel.detach())
    np.testing.assert_allclose(ema.average(kernel).numpy(), expected.numpy(), rtol=1e-6)
