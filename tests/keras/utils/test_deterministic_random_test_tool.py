"""`tf.compat.v1.keras.utils.DeterministicRandomTestTool` and the legacy optimizer's schedule, as the migration
debugging guide uses them: a model built and trained twice inside `scope()` draws the same numbers each time, and
`tf.keras.optimizers.legacy.SGD(schedule).learning_rate(step)` is TF's schedule (PolynomialDecay, hand-computed:
`1e-3 * (1 - step / 1000)`).
"""

import json
import os

import numpy as np
import pytest

import keraslike as tf
import keraslike.compat.v1 as v1

PARAMS = {"layer_1_size": 2, "layer_2_size": 2, "num_classes": 3, "init_lr": 1e-3, "end_lr": 0.0,
          "decay_steps": 1000, "lr_power": 1.0}


class SimpleModel(tf.keras.Model):
    def __init__(self, params, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.dense_1 = tf.keras.layers.Dense(params["layer_1_size"])
        self.dense_2 = tf.keras.layers.Dense(params["layer_2_size"])
        self.dropout = tf.keras.layers.Dropout(0.5)
        self.out = tf.keras.layers.Dense(params["num_classes"])
        learning_rate_fn = tf.keras.optimizers.schedules.PolynomialDecay(
            initial_learning_rate=params["init_lr"], decay_steps=params["decay_steps"],
            end_learning_rate=params["end_lr"], power=params["lr_power"])
        self.optimizer = tf.keras.optimizers.legacy.SGD(learning_rate_fn)
        self.compiled_loss = tf.keras.losses.CategoricalCrossentropy(from_logits=True)
        self.logs = {"lr": [], "loss": [], "logits": []}

    def call(self, inputs, training=False):
        logits = self.out(self.dropout(self.dense_2(self.dense_1(inputs)), training=training))
        self.logs["logits"].append(np.asarray(logits))
        return logits

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            logits = self(x, training=True)
            loss = self.compiled_loss(y, logits)
        grads = tape.gradient(loss, self.trainable_weights)
        step = self.optimizer.iterations.numpy()
        self.logs["lr"].append(self.optimizer.learning_rate(step).numpy())
        self.logs["loss"].append(loss.numpy())
        self.optimizer.apply_gradients(zip(grads, self.trainable_weights))


def _train(mode):
    fake_x = np.ones((2, 3), dtype=np.float32)
    fake_y = np.zeros((2, 3), dtype=np.int32)
    fake_y[0][0] = 1
    fake_y[1][1] = 1
    random_tool = v1.keras.utils.DeterministicRandomTestTool(mode=mode)
    with random_tool.scope():
        model = SimpleModel(PARAMS)
        noise = tf.random.uniform([4])
        for _ in range(3):
            model.train_step([fake_x, fake_y])
    return model, np.asarray(noise), random_tool


@pytest.mark.parametrize("mode", ["num_random_ops", "constant"])
def test_two_runs_in_scope_draw_the_same_numbers(mode):
    first, noise_1, tool = _train(mode)
    tf.random.uniform([7])  # draws outside the scope change nothing
    second, noise_2, _ = _train(mode)
    np.testing.assert_array_equal(noise_1, noise_2)
    for a, b in zip(first.get_weights(), second.get_weights()):
        np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(first.logs["loss"], second.logs["loss"])
    np.testing.assert_array_equal(np.stack(first.logs["logits"]), np.stack(second.logs["logits"]))
    if mode == "num_random_ops":
        assert tool.operation_seed > 4  # three kernels, the noise, the dropout masks
    else:
        assert tool.operation_seed == 0


def test_constant_mode_repeats_numbers_and_num_random_ops_refuses_a_reused_seed():
    tool = v1.keras.utils.DeterministicRandomTestTool()
    with tool.scope():
        a, b = tf.random.uniform([3]), tf.random.uniform([3])
    np.testing.assert_array_equal(np.asarray(a), np.asarray(b))
    tool = v1.keras.utils.DeterministicRandomTestTool(mode="num_random_ops")
    with tool.scope():
        a, b = tf.random.normal([3]), tf.random.normal([3])
        assert not np.array_equal(np.asarray(a), np.asarray(b))
        tool.operation_seed = 1
        with pytest.raises(ValueError, match="re-use the already-used operation seed 1"):
            tf.random.normal([3])
    with pytest.raises(ValueError, match="Mode arg"):
        v1.keras.utils.DeterministicRandomTestTool(mode="other")


def test_legacy_optimizer_learning_rate_is_the_schedule():
    model, _, _ = _train("num_random_ops")
    np.testing.assert_allclose(model.logs["lr"], [1e-3 * (1 - s / 1000) for s in range(3)], rtol=1e-6)
    assert isinstance(model.optimizer.learning_rate, tf.keras.optimizers.schedules.PolynomialDecay)
    assert float(tf.keras.optimizers.legacy.SGD(0.1).learning_rate) == pytest.approx(0.1)


def test_random_ops_in_scope_are_tfs():
    """Inside the scope `tf.random` ops draw with the tool's seed pairs: TF's values
    (tests/golden/make_deterministic_random_tool_golden.py)."""
    with open(os.path.join(os.path.dirname(__file__), "..", "..", "golden", "deterministic_random_tool.json")) as f:
        golden = json.load(f)
    for mode, want in golden.items():
        tool = v1.keras.utils.DeterministicRandomTestTool(mode=mode)
        with tool.scope():
            draws = [tf.random.uniform([3]), tf.random.normal([2]), tf.random.truncated_normal([2]),
                     tf.random.uniform([2, 2], -1.0, 1.0, seed=7), tf.random.uniform([3], maxval=10, dtype=tf.int32)]
        for got, expected in zip(draws, want["draws"]):
            np.testing.assert_allclose(np.asarray(got), expected, rtol=1e-5, atol=1e-6)
        assert tool.operation_seed == want["operation_seed"]


def test_scoped_tf_random_draws_are_tfs_values():
    with open(os.path.join(os.path.dirname(__file__), "..", "..", "golden", "deterministic_tool.json")) as f:
        golden = json.load(f)
    with v1.keras.utils.DeterministicRandomTestTool().scope():
        got = [np.asarray(tf.random.uniform([3])).tolist() for _ in range(2)]
    np.testing.assert_allclose(got, golden["constant_uniform"], rtol=1e-6)
    with v1.keras.utils.DeterministicRandomTestTool(mode="num_random_ops").scope():
        got = [np.asarray(tf.random.normal([3])).tolist() for _ in range(2)]
    np.testing.assert_allclose(got, golden["num_random_ops_normal"], rtol=1e-6)
