"""Optimizer names, configs, schedules and the `Optimizer` API (update values vs TF in test_golden_parity.py)."""

import numpy as np
import pytest
import torch

import keraslike as tf

K = tf.keras.optimizers


@pytest.mark.parametrize("name", ["adadelta", "adamax", "nadam", "ftrl", "lion", "Nadam", "RMSprop"])
def test_names_resolve(name):
    assert type(K.get(name)).__name__.lower() == name.lower()


def test_legacy_names_accept_lr():
    opt = K.legacy.Nadam(lr=0.5)
    assert abs(float(opt.learning_rate) - 0.5) < 1e-7
    assert issubclass(K.legacy.Adadelta, K.Adadelta)  # same rules; the legacy class also applies `decay`


def test_schedule_drives_learning_rate_and_round_trips():
    schedule = K.schedules.ExponentialDecay(0.1, decay_steps=1, decay_rate=0.5)
    opt = K.SGD(learning_rate=schedule)
    var = tf.Variable([1.0])
    for _ in range(3):
        opt.apply_gradients([(torch.tensor([1.0]), var)])
    np.testing.assert_allclose(var.numpy(), [1.0 - 0.1 - 0.05 - 0.025], rtol=1e-6)
    np.testing.assert_allclose(float(opt.learning_rate), 0.0125, rtol=1e-6)
    again = K.deserialize(K.serialize(opt))
    assert isinstance(again._schedule, K.schedules.ExponentialDecay)
    assert again.get_config() == opt.get_config()


def test_build_variables_and_setting_lr():
    var = tf.Variable(np.ones((2, 2), "float32"))
    opt = K.Adamax(learning_rate=0.1)
    opt.build([var])
    opt.lr = 0.2
    assert abs(float(opt.learning_rate) - 0.2) < 1e-7
    opt.apply_gradients([(torch.ones(2, 2), var)])
    assert len(opt.variables) == 4  # iteration, learning_rate, m, u (Keras 3)
    config = opt.get_config()
    assert K.Adamax.from_config(config).get_config() == config


def test_clipping_leaves_the_callers_gradient_alone():
    grad = torch.tensor([3.0, 4.0])
    K.SGD(clipnorm=1.0).apply_gradients([(grad, tf.Variable([0.0, 0.0]))])
    assert grad.tolist() == [3.0, 4.0]


def test_ftrl_and_lion_reject_bad_arguments():
    with pytest.raises(ValueError, match="Received: l1_regularization_strength=-1"):
        K.Ftrl(l1_regularization_strength=-1)
    with pytest.raises(ValueError, match="Received: beta_1=0"):
        K.Lion(beta_1=0)


def test_regularizers_and_constraints_by_name():
    from keraslike._src.keras import constraints, regularizers

    w = torch.tensor([[1.0, -2.0], [2.0, 1.0]])
    np.testing.assert_allclose(float(regularizers.get("l2")(w)), 0.1, rtol=1e-6)
    np.testing.assert_allclose(float(regularizers.get({"class_name": "L1", "config": {"l1": 0.5}})(w)), 3.0)
    assert constraints.get("non_neg")(w).min() >= 0
    with pytest.raises(ValueError, match="Received: regularizer='l3'"):
        regularizers.get("l3")


def test_apply_gradients_updates_only_the_variables_given():
    """After a `loss.backward()` over all variables, applying one optimizer to two subsets in turn (the
    wide & deep step) updates each variable once, as TF's `apply_gradients` (it stepped every variable that had a
    `.grad`, so the second subset moved twice)."""
    a, b = tf.Variable([1.0, 2.0]), tf.Variable([3.0])
    optimizer = tf.keras.optimizers.SGD(0.5)
    loss = (a * a).sum() + (b * b).sum()
    loss.backward()
    optimizer.apply([a.grad], [a])
    optimizer.apply([b.grad], [b])
    np.testing.assert_allclose(a.numpy(), [0.0, 0.0])  # 1 - 0.5 * 2, 2 - 0.5 * 4
    np.testing.assert_allclose(b.numpy(), [0.0])  # 3 - 0.5 * 6, once
