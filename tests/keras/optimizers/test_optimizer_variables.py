"""`optimizer.variables` equals Keras 3's: iteration, learning_rate, then the slots in Keras's order, names and
values (golden: tests/golden/make_optimizer_variables_golden.py); torch's per-parameter `step` is not listed."""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf
from keraslike._src.keras.saving import optimizer_state

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "..", "golden")
sys.path.insert(0, GOLDEN)

import optimizer_variables_cases  # noqa: E402

with open(os.path.join(GOLDEN, "optimizer_variables.json")) as f:
    EXPECTED = json.load(f)


@pytest.mark.parametrize("case", sorted(optimizer_variables_cases.CASES))
def test_variables_equal_keras3(case):
    got = optimizer_variables_cases.facts(tf.keras, case)
    want = EXPECTED[case]
    assert got["names"] == want["names"]
    for name, a, b in zip(want["names"], got["values"], want["values"]):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6, err_msg=name)
    for a, b in zip(got["weights"], want["weights"]):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("case", ["adam_amsgrad", "rmsprop_momentum_centered"])
def test_saved_state_is_keras_order_and_restores(case):
    """What a `.keras` file stores (`get_variables`) is Keras's list, and restoring it into a fresh optimizer
    gives the same variables."""
    dense = tf.keras.layers.Dense(2, name="d")
    dense.build((None, 3))
    optimizer = optimizer_variables_cases.CASES[case](tf.keras)
    for step in range(2):
        grads = [np.full(tuple(v.shape), 0.1 * (step + 1), "float32") for v in dense.trainable_variables]
        optimizer.apply_gradients(zip(grads, dense.trainable_variables))
    saved = optimizer_state.get_variables(optimizer)
    assert len(saved) == len(EXPECTED[case]["names"])
    for value, view in zip(saved, optimizer.variables):
        np.testing.assert_array_equal(value, view.numpy())
    fresh = optimizer_variables_cases.CASES[case](tf.keras)
    assert optimizer_state.set_variables(fresh, saved, list(dense.trainable_variables))
    for a, b in zip(optimizer_state.get_variables(fresh), saved):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("case", ["adam_amsgrad", "rmsprop", "sgd_momentum", "adagrad", "adam"])
def test_tf_checkpoint_round_trip_keeps_each_slot(case, tmp_path):
    """TF-format checkpoints write slots as per-kind lists; restoring puts each back on its own variable."""
    def make():
        model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2), tf.keras.layers.Dense(1)])
        optimizer = optimizer_variables_cases.CASES[case](tf.keras)
        if case == "rmsprop":
            optimizer = tf.keras.optimizers.RMSprop(learning_rate=0.01, momentum=0.9)
        return model, optimizer

    model, optimizer = make()
    for step in range(2):
        grads = [np.full(tuple(v.shape), 0.1 * (step + 1) + 0.01 * i, "float32")
                 for i, v in enumerate(model.trainable_variables)]
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
    path = tf.train.Checkpoint(model=model, optimizer=optimizer).save(str(tmp_path / "ckpt"))
    fresh_model, fresh = make()
    fresh_model.set_weights(model.get_weights())
    tf.train.Checkpoint(model=fresh_model, optimizer=fresh).restore(path)
    fresh.build(fresh_model.trainable_variables)
    want = optimizer_state.get_variables(optimizer)
    got = optimizer_state.get_variables(fresh)
    assert len(got) == len(want)
    for a, b in zip(got, want):
        np.testing.assert_array_equal(a, b)
