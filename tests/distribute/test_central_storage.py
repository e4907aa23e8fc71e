"""tf.distribute.experimental.CentralStorageStrategy: MirroredStrategy's synchronous replicas (documented)."""

import numpy as np
import pytest

import keraslike as tf


def test_single_device_fit_matches_default_strategy():
    strategy = tf.distribute.experimental.CentralStorageStrategy()
    assert strategy.num_replicas_in_sync == 1  # no GPUs: the CPU, as TF
    x = np.linspace(-1, 1, 40, dtype="float32").reshape(20, 2)
    y = x.sum(axis=1, keepdims=True)
    results = []
    for scope in (strategy.scope(), tf.distribute.get_strategy().scope()):
        with scope:
            model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="zeros")])
            model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
        model.fit(x, y, batch_size=5, epochs=2, shuffle=False, verbose=0)
        results.append(model.get_weights())
    for a, b in zip(*results):
        np.testing.assert_allclose(a, b, rtol=1e-6)


def test_parameter_device_is_refused():
    with pytest.raises(ValueError, match="parameter_device"):
        tf.distribute.experimental.CentralStorageStrategy(parameter_device="/cpu:0")
