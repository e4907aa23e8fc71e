"""Top-level names tutorials use: tf.version, tf.__version__, tf.losses/metrics/optimizers/initializers,
the `tf.*_initializer` classes, and Layer.add_metric (Keras 2's, kept).

Values are what real TF 2.21 gives (e.g. `tf.constant_initializer(3.)((2,))` -> [3., 3.]).
"""

import numpy as np
import pytest
import torch

import keraslike as tf


def test_versions():
    assert tf.version.VERSION == tf.__version__ == "2.21.0"
    assert tuple(int(p) for p in tf.__version__.split(".")[:2]) >= (2, 0)  # the usual version check
    assert tf.__keraslike_version__ == tf.version.KERASLIKE_VERSION == "0.1.0"


def test_keras_namespace_aliases():
    missing = [name for name in ("metrics.Mean", "losses.MeanSquaredError", "losses.mse", "optimizers.Adam",
                                 "optimizers.schedules.ExponentialDecay", "initializers.GlorotUniform",
                                 "initializers.random_normal", "metrics.sparse_categorical_accuracy")
               if not _resolves(tf, name)]
    assert not missing, f"missing: {missing}"
    assert tf.losses.MeanSquaredError is tf.keras.losses.MeanSquaredError
    assert tf.optimizers.Adam is tf.keras.optimizers.Adam


def _resolves(root, dotted):
    obj = root
    for part in dotted.split("."):
        if not hasattr(obj, part):
            return False
        obj = getattr(obj, part)
    return True


def test_tf_initializers():
    np.testing.assert_array_equal(tf.constant_initializer(3.)((2,), dtype=tf.float32).numpy(), [3., 3.])
    np.testing.assert_array_equal(tf.constant_initializer([1, 2, 3, 4])((2, 2)).numpy(), [[1, 2], [3, 4]])
    with pytest.raises(ValueError, match="Expected 4 values"):
        tf.constant_initializer([1, 2, 3])((2, 2))
    assert tf.zeros_initializer()((3,)).dtype == torch.float32
    np.testing.assert_array_equal(tf.ones_initializer()((2,), dtype=tf.int32).numpy(), [1, 1])
    draws = tf.random_normal_initializer(0.0, 0.02, seed=1)((400, 50)).numpy()
    assert abs(draws.mean()) < 0.002 and abs(draws.std() - 0.02) < 0.001
    uniform = tf.random_uniform_initializer(-1.0, 1.0)((1000,)).numpy()
    assert uniform.min() >= -1.0 and uniform.max() <= 1.0 and uniform.std() > 0.5
    layer = tf.keras.layers.Dense(2, kernel_initializer=tf.constant_initializer(0.5))
    np.testing.assert_allclose(layer(np.ones((1, 3), "float32")).numpy(), [[1.5, 1.5]])


def test_add_metric_is_kept_from_keras2():
    """Issue 23: Keras 2's add_metric works in both modes (tests/keras/test_keras2_idioms.py checks the logs)."""
    layer = tf.keras.layers.Dense(1)
    layer.add_metric(tf.constant(3.0), name="m")
    assert float(layer._added_metrics[0].result()) == 3.0
