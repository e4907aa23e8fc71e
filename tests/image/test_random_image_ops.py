"""tf.image.random_* and stateless_random_*: per-image independence, seeds, and values within the drawn range."""

import numpy as np

import keraslike as tf

IMAGES = np.arange(64 * 2 * 3 * 1, dtype=np.float32).reshape(64, 2, 3, 1) / 400.0


def test_random_flip_flips_each_image_independently_about_half_the_time():
    out = tf.image.random_flip_left_right(tf.constant(IMAGES)).numpy()
    flipped = [np.array_equal(o, i[:, ::-1]) for o, i in zip(out, IMAGES)]
    kept = [np.array_equal(o, i) for o, i in zip(out, IMAGES)]
    assert all(f or k for f, k in zip(flipped, kept))
    assert 16 <= sum(flipped) <= 48  # 64 fair coins: outside this range has probability < 1e-4


def test_stateless_ops_repeat_for_a_seed_and_differ_across_seeds():
    x = tf.constant(IMAGES)
    a = tf.image.stateless_random_flip_up_down(x, seed=[3, 4]).numpy()
    np.testing.assert_array_equal(a, tf.image.stateless_random_flip_up_down(x, seed=[3, 4]).numpy())
    crops = {tf.image.stateless_random_crop(x, [1, 1, 1, 1], seed=[s, 0]).numpy().item() for s in range(20)}
    assert len(crops) > 1
    b1 = tf.image.stateless_random_brightness(x, 0.3, seed=[1, 1]).numpy() - IMAGES
    assert np.allclose(b1, b1.flat[0]) and abs(b1.flat[0]) <= 0.3


def test_global_seed_makes_random_ops_reproducible():
    x = tf.constant(IMAGES)
    tf.random.set_seed(7)
    first = [tf.image.random_contrast(x, 0.2, 0.9).numpy(), tf.image.random_hue(x[..., [0, 0, 0]], 0.3).numpy()]
    tf.random.set_seed(7)
    second = [tf.image.random_contrast(x, 0.2, 0.9).numpy(), tf.image.random_hue(x[..., [0, 0, 0]], 0.3).numpy()]
    for f, s in zip(first, second):
        np.testing.assert_array_equal(f, s)


def test_random_contrast_factor_lies_in_range():
    x = tf.constant(IMAGES[:1])
    out = tf.image.random_contrast(x, 0.2, 0.5).numpy()
    mean = IMAGES[:1].mean(axis=(1, 2), keepdims=True)
    factor = ((out - mean) / (IMAGES[:1] - mean + 1e-12)).reshape(-1)[1]
    assert 0.2 <= factor < 0.5


def test_stateless_random_jpeg_quality_repeats_for_a_seed():
    image = tf.constant((IMAGES[:1, :, :, 0:1].repeat(3, axis=-1)[0] * 255).astype(np.uint8))
    a = tf.image.stateless_random_jpeg_quality(image, 30, 90, seed=[5, 6]).numpy()
    np.testing.assert_array_equal(a, tf.image.stateless_random_jpeg_quality(image, 30, 90, seed=[5, 6]).numpy())
    assert a.shape == image.shape and a.dtype == np.uint8
