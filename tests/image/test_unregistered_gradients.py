"""Image ops TF registers no gradient for raise TF's LookupError under a tape (the autodiff guide's
`tf.image.adjust_contrast` cell); the forward values are unchanged and ops TF differentiates still do.
TF 2.21's answers, probed per op: adjust_contrast/saturation/hue and resize(method="area") raise
`LookupError: gradient registry has no entry for: <op>`; adjust_brightness, rgb_to_grayscale, rgb_to_hsv,
per_image_standardization and total_variation give gradients."""

import warnings

import numpy as np
import pytest

import keraslike as tf


def test_autodiff_guide_adjust_contrast_cell():
    image = tf.Variable([[[0.5, 0.0, 0.0]]])
    delta = tf.Variable(0.1)
    with tf.GradientTape() as tape:
        new_image = tf.image.adjust_contrast(image, delta)
    with pytest.raises(LookupError, match="gradient registry has no entry for: AdjustContrastv2"):
        tape.gradient(new_image, [image, delta])
    np.testing.assert_allclose(new_image.numpy(), [[[0.5, 0.0, 0.0]]])


@pytest.mark.parametrize("op_type, fn", [
    ("AdjustContrastv2", lambda x: tf.image.adjust_contrast(x, 0.5)),
    ("AdjustSaturation", lambda x: tf.image.adjust_saturation(x, 0.5)),
    ("AdjustHue", lambda x: tf.image.adjust_hue(x, 0.1)),
    ("ResizeArea", lambda x: tf.image.resize(x[None], [2, 2], method="area")),
])
def test_no_gradient_ops(op_type, fn):
    img = tf.Variable(tf.random.uniform([4, 4, 3]))
    with tf.GradientTape() as tape:
        y = fn(img)
    with pytest.raises(LookupError, match=op_type):
        tape.gradient(y, img)
    np.testing.assert_allclose(fn(img).numpy(), y.numpy())


@pytest.mark.parametrize("fn", [
    lambda x: tf.image.adjust_brightness(x, 0.1), tf.image.rgb_to_grayscale, tf.image.rgb_to_hsv,
    tf.image.per_image_standardization, tf.image.total_variation,
    lambda x: tf.image.resize(x[None], [2, 2], method="bilinear"),
])
def test_differentiable_image_ops_keep_gradients(fn):
    img = tf.Variable(tf.random.uniform([4, 4, 3]))
    with tf.GradientTape() as tape:
        y = fn(img)
    assert tape.gradient(y, img).shape == (4, 4, 3)


def test_random_contrast_on_data_needs_no_gradient():
    out = tf.image.random_contrast(tf.random.uniform([4, 4, 3]), 0.2, 0.5)
    assert out.shape == (4, 4, 3)


def test_variable_contrast_factor_converts_without_torch_warning():
    delta = tf.Variable(0.1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = tf.image.adjust_contrast(tf.Variable([[[0.5, 0.0, 0.0]]]), delta)
        assert float(delta) == pytest.approx(0.1) and int(tf.Variable(3)) == 3
    assert out.shape == (1, 1, 3)
