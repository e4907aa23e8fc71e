"""`RandomContrast` scales each image's channels around their own spatial mean wherever the channels are
(`data_format`, default `keras.config.image_data_format()`), as Keras 3.15; it always took the mean over the
channels-last axes (silently wrong under "channels_first"), and it, `RandomBrightness` and `Solarization` raised
TypeError when given `data_format`. Checked by hand: without clipping the contrast change keeps every
image-channel plane's mean.
"""

import numpy as np
import pytest

import keraslike as tf


def _channels_first_images():
    rng = np.random.default_rng(0)
    return rng.uniform(100.0, 150.0, size=(2, 3, 4, 5)).astype("float32")  # (batch, channels, h, w)


def _plane_means(images):
    return np.asarray(images).mean(axis=(2, 3))


def test_contrast_keeps_each_channel_plane_mean_channels_first():
    x = _channels_first_images()
    y = tf.keras.layers.RandomContrast(0.5, seed=1, data_format="channels_first")(x, training=True)
    np.testing.assert_allclose(_plane_means(y), _plane_means(x), rtol=1e-5)
    assert not np.allclose(np.asarray(y), x)


def test_contrast_follows_the_configured_image_data_format():
    x = _channels_first_images()
    before = tf.keras.config.image_data_format()
    tf.keras.config.set_image_data_format("channels_first")
    try:
        layer = tf.keras.layers.RandomContrast(0.5, seed=1)
        y = layer(x, training=True)
    finally:
        tf.keras.config.set_image_data_format(before)
    assert layer.get_config()["data_format"] == "channels_first"
    np.testing.assert_allclose(_plane_means(y), _plane_means(x), rtol=1e-5)


@pytest.mark.parametrize("make", [lambda: tf.keras.layers.RandomContrast(0.5, data_format="channels_first"),
                                  lambda: tf.keras.layers.RandomBrightness(0.5, data_format="channels_first"),
                                  lambda: tf.keras.layers.Solarization(0.5, data_format="channels_first")])
def test_data_format_is_taken_and_kept_in_the_config(make):
    layer = make()
    config = layer.get_config()
    assert config["data_format"] == "channels_first"
    assert type(layer).from_config(config).get_config() == config
