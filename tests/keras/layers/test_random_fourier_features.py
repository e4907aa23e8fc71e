"""Keras 2's `tf.keras.layers.experimental.RandomFourierFeatures` (keras-io's quasi-SVM: the layer, then a Dense
trained with a hinge loss). Values against TF 2.21 tf_keras (tests/golden/make_random_fourier_features_golden.py)."""

from pathlib import Path

import numpy as np
import pytest

import keraslike as tf
from keraslike import keras
from keraslike.keras import layers
from keraslike.keras.layers.experimental import RandomFourierFeatures

GOLDEN = np.load(Path(__file__).parents[2] / "golden" / "random_fourier_features.npz")


def _layer(**kwargs):
    layer = RandomFourierFeatures(output_dim=8, **kwargs)
    layer.build((None, 6))
    return layer


def test_weights_order_and_forward_values():
    layer = _layer(scale=10.0, kernel_initializer="gaussian")
    assert [w.name.split("/")[-1].split(":")[0] for w in layer.weights] == list(GOLDEN["names"])
    assert len(layer.trainable_weights) == int(GOLDEN["n_trainable"])
    layer.set_weights([GOLDEN["kernel_scale"], GOLDEN["unscaled_kernel"], GOLDEN["bias"]])
    np.testing.assert_allclose(np.asarray(layer(GOLDEN["x"])), GOLDEN["out"], rtol=1e-5, atol=1e-6)


def test_default_scale_and_trainable_scale_step():
    assert _layer().scale == pytest.approx(float(GOLDEN["default_scale"]))
    layer = _layer(scale=2.0, trainable=True)
    assert [w.name.split("/")[-1].split(":")[0] for w in layer.trainable_weights] == list(GOLDEN["trainable_names"])
    layer.set_weights([np.array([2.0], "float32"), GOLDEN["unscaled_kernel"], GOLDEN["bias"]])
    opt = keras.optimizers.SGD(0.1)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(layer(GOLDEN["x"]))
    grads = tape.gradient(loss, layer.trainable_weights)
    opt.apply_gradients(zip(grads, layer.trainable_weights))
    np.testing.assert_allclose(layer.get_weights()[0], GOLDEN["stepped_scale"], rtol=1e-5)
    np.testing.assert_allclose(np.asarray(layer(GOLDEN["x"])), GOLDEN["stepped_out"], rtol=1e-4, atol=1e-5)


def test_quasi_svm_trains_with_hinge_loss():
    model = keras.Sequential([keras.Input(shape=(6,)),
                              RandomFourierFeatures(output_dim=64, scale=10.0, kernel_initializer="gaussian"),
                              layers.Dense(units=3)])
    model.compile(optimizer=keras.optimizers.Adam(learning_rate=1e-3), loss=keras.losses.hinge,
                  metrics=[keras.metrics.CategoricalAccuracy(name="acc")])
    rng = np.random.default_rng(1)
    x = rng.random((64, 6)).astype("float32")
    y = keras.utils.to_categorical(x.argmax(-1) % 3, 3)
    history = model.fit(x, y, epochs=2, batch_size=16, verbose=0)
    assert history.history["loss"][1] < history.history["loss"][0]
    assert len(model.layers[0].non_trainable_weights) == 3


def test_config_and_errors():
    layer = RandomFourierFeatures(output_dim=4, kernel_initializer="laplacian", scale=2.0)
    config = layer.get_config()
    assert (config["output_dim"], config["kernel_initializer"], config["scale"]) == (4, "laplacian", 2.0)
    assert type(RandomFourierFeatures.from_config(config)) is RandomFourierFeatures
    with pytest.raises(ValueError, match="output_dim"):
        RandomFourierFeatures(output_dim=0)
    with pytest.raises(ValueError, match="kernel_initializer"):
        RandomFourierFeatures(output_dim=2, kernel_initializer="polynomial")
    assert keras.layers.experimental.preprocessing.Normalization is layers.Normalization
