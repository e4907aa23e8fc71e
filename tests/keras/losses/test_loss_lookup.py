"""Loss string names, configs and errors (values are checked against TF in test_golden_parity.py)."""

import numpy as np
import pytest

import keraslike as tf

# Keras's `losses.get`: a function's name or alias gives the function, a class name an instance (before: every
# name gave a Loss instance, so `get("mse")(y_true, y_pred)` was one reduced scalar, not TF's value per sample).
NAMES = {
    "mape": "fn mean_absolute_percentage_error", "msle": "fn mean_squared_logarithmic_error", "huber": "fn huber",
    "log_cosh": "fn log_cosh", "logcosh": "fn log_cosh", "kld": "fn kl_divergence", "kl_divergence": "fn kl_divergence",
    "poisson": "fn poisson", "hinge": "fn hinge", "squared_hinge": "fn squared_hinge",
    "categorical_hinge": "fn categorical_hinge", "cosine_similarity": "fn cosine_similarity",
    "binary_focal_crossentropy": "fn binary_focal_crossentropy", "Huber": "Huber", "mse": "fn mean_squared_error",
}


@pytest.mark.parametrize("name,kind", sorted(NAMES.items()))
def test_string_names_resolve(name, kind):
    loss = tf.keras.losses.get(name)
    assert (f"fn {loss.__name__}" if not isinstance(loss, tf.keras.losses.Loss) else type(loss).__name__) == kind


def test_get_of_a_function_name_gives_values_per_sample_as_tf():
    y_true = np.array([[0.0, 1.0], [1.0, 1.0], [0.0, 0.0]], "float32")
    y_pred = np.array([[0.5, 0.5], [1.0, 0.0], [0.0, 0.25]], "float32")
    np.testing.assert_allclose(tf.keras.losses.get("mse")(y_true, y_pred).numpy(), [0.25, 0.5, 0.03125])
    np.testing.assert_allclose(float(tf.keras.losses.get("MeanSquaredError")(y_true, y_pred)), 0.2604167, rtol=1e-6)
    assert tf.keras.losses.get(None) is None
    fn = tf.keras.losses.get("mse")
    assert tf.keras.losses.serialize(fn) == {"module": "builtins", "class_name": "function",
                                             "config": "mean_squared_error", "registered_name": "function"}
    assert tf.keras.losses.deserialize(tf.keras.losses.serialize(fn)) is fn
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(2)])
    model.compile(loss=tf.keras.losses.get("mse"), optimizer="sgd")  # a function still trains as compile("mse")
    assert np.ndim(model.evaluate(y_true, y_pred, verbose=0)) == 0


def test_compile_without_optimizer_evaluates_and_fit_names_the_optimizer():
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
    model.compile(optimizer=None, loss="mse")  # Keras: optimizers.get(None) is None; evaluate works
    assert model.optimizer is None
    x, y = np.ones((4, 2), "float32"), np.ones((4, 1), "float32")
    assert np.isfinite(model.evaluate(x, y, verbose=0))
    with pytest.raises(ValueError, match="Received: optimizer=None"):
        model.fit(x, y, verbose=0)


def test_config_round_trip_and_serialize():
    loss = tf.keras.losses.BinaryFocalCrossentropy(gamma=3.0, from_logits=True, reduction="sum")
    again = tf.keras.losses.deserialize(tf.keras.losses.serialize(loss))
    assert again.get_config() == loss.get_config()
    assert again.reduction == "sum" and again.from_logits


def test_reduction_constants_and_functions():
    y_true, y_pred = np.array([[0.0, 1.0]]), np.array([[0.5, 0.5]])
    loss = tf.keras.losses.Huber(reduction=tf.keras.losses.Reduction.SUM)
    np.testing.assert_allclose(float(loss(y_true, y_pred)), 0.125, rtol=1e-6)
    values = tf.keras.losses.huber(tf.constant(y_true, dtype=tf.float32), tf.constant(y_pred, dtype=tf.float32))
    np.testing.assert_allclose(values.numpy(), [0.125], rtol=1e-6)


def test_typo_lists_valid_names():
    with pytest.raises(ValueError, match="Did you mean 'huber'.*Received: loss='hubber'"):
        tf.keras.losses.get("hubber")
