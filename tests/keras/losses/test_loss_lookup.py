"""Loss string names, configs and errors (values are checked against TF in test_golden_parity.py)."""

import numpy as np
import pytest

import keraslike as tf

NAMES = {
    "mape": "MeanAbsolutePercentageError", "msle": "MeanSquaredLogarithmicError", "huber": "Huber",
    "log_cosh": "LogCosh", "logcosh": "LogCosh", "kld": "KLDivergence", "kl_divergence": "KLDivergence",
    "poisson": "Poisson", "hinge": "Hinge", "squared_hinge": "SquaredHinge", "categorical_hinge": "CategoricalHinge",
    "cosine_similarity": "CosineSimilarity", "binary_focal_crossentropy": "BinaryFocalCrossentropy",
    "Huber": "Huber", "mse": "MeanSquaredError",
}


@pytest.mark.parametrize("name,cls", sorted(NAMES.items()))
def test_string_names_resolve(name, cls):
    assert type(tf.keras.losses.get(name)).__name__ == cls


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
