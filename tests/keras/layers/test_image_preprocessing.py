"""Image augmentation layers: the random parts (flip choice, contrast/brightness draws), seeding,
inference behaviour and use in `dataset.map`. Deterministic transforms are in the layer goldens."""

import numpy as np
import pytest
import torch

import keraslike as tf

layers = tf.keras.layers


def _images(n=64, h=5, w=6):
    return np.random.default_rng(0).random((n, h, w, 3)).astype("float32")


def test_random_flip_flips_about_half_of_the_images_both_ways_together():
    x = _images(400)
    y = layers.RandomFlip(seed=1)(x).numpy()
    both = np.all(y == x[:, ::-1, ::-1], axis=(1, 2, 3))
    same = np.all(y == x, axis=(1, 2, 3))
    assert np.all(both | same) and 150 < both.sum() < 250
    h = layers.RandomFlip("horizontal", seed=2)(x).numpy()
    assert np.all(np.all(h == x[:, :, ::-1], axis=(1, 2, 3)) | np.all(h == x, axis=(1, 2, 3)))


def test_random_contrast_and_brightness_follow_the_keras_formulas():
    x = _images(8) * 255
    y = layers.RandomContrast(0.5, seed=3)(x).numpy()
    mean = x.mean(axis=(1, 2), keepdims=True)
    ratio = (y - mean) / (x - mean)
    unclipped = (y > 0) & (y < 255)
    per_image = [np.unique(np.round(r[u], 4)) for r, u in zip(ratio, unclipped)]
    assert all(len(v) <= 2 and 0.5 <= v.min() <= v.max() <= 1.5 for v in per_image)
    b = layers.RandomBrightness((0.1, 0.2), value_range=(0, 255), seed=4)(x).numpy()
    delta = (b - x)[x < 200].reshape(-1)
    assert delta.min() >= 0.1 * 255 - 1e-3 and delta.max() <= 0.2 * 255 + 1e-3
    assert b.max() <= 255


def test_seeded_layers_repeat_and_inference_is_identity():
    x = _images(6)
    a, b = layers.RandomRotation(0.2, seed=5), layers.RandomRotation(0.2, seed=5)
    first = a(x)
    assert torch.equal(first, b(x)) and not torch.equal(first, a(x))
    for layer in (layers.RandomFlip(), layers.RandomZoom(0.3), layers.RandomTranslation(0.2, 0.2),
                  layers.RandomContrast(0.3), layers.RandomBrightness(0.3), layers.RandomRotation(0.4)):
        np.testing.assert_array_equal(layer(x, training=False).numpy(), x)
    model = tf.keras.Sequential([tf.keras.Input((5, 6, 3)), layers.RandomFlip(), layers.RandomZoom(0.2)])
    np.testing.assert_allclose(model.predict(x, verbose=0), x)


def test_random_crop_in_training_takes_a_window_of_the_image():
    x = _images(2, 9, 9)
    y = layers.RandomCrop(4, 5, seed=6)(x).numpy()
    assert y.shape == (2, 4, 5, 3)
    found = [(i, j) for i in range(6) for j in range(5) if np.array_equal(x[:, i:i + 4, j:j + 5], y)]
    assert len(found) == 1


def test_layers_work_in_dataset_map_and_reject_bad_arguments():
    ds = tf.data.Dataset.from_tensor_slices(_images(10)).batch(4).map(layers.Resizing(3, 3))
    assert [tuple(b.shape) for b in ds] == [(4, 3, 3, 3), (4, 3, 3, 3), (2, 3, 3, 3)]
    aug = tf.data.Dataset.from_tensor_slices(_images(4)).map(layers.RandomFlip(seed=7))
    assert [tuple(b.shape) for b in aug] == [(5, 6, 3)] * 4
    with pytest.raises(ValueError, match="unknown mode"):
        layers.RandomFlip("diagonal")
    with pytest.raises(ValueError, match="factor"):
        layers.RandomRotation((0.1, 0.2, 0.3))
    with pytest.raises(NotImplementedError, match="fill_mode"):
        layers.RandomZoom(0.1, fill_mode="mirror")
    with pytest.raises(ValueError, match="value_range"):
        layers.RandomBrightness(0.1, value_range=(0,))


def test_configs_round_trip():
    for layer in (layers.RandomRotation(0.1, fill_mode="constant", seed=1), layers.Resizing(4, 5, "nearest"),
                  layers.CenterCrop(3, 2), layers.RandomZoom((0.1, 0.2), (-0.1, 0.1)),
                  layers.RandomContrast(0.2, value_range=(0, 1))):
        clone = type(layer).from_config(layer.get_config())
        assert clone.get_config() == {**layer.get_config(), "name": clone.name}


def test_category_encoding_and_discretization_contracts():
    enc = layers.CategoryEncoding(num_tokens=4, output_mode="count")
    out = enc(np.array([[0, 1, 1], [3, 3, 2]]), count_weights=np.array([[0.5, 1.0, 2.0], [1.0, 1.0, 1.0]]))
    np.testing.assert_allclose(out.numpy(), [[0.5, 3.0, 0.0, 0.0], [0.0, 0.0, 1.0, 2.0]])
    with pytest.raises(ValueError, match="0 <= values < num_tokens"):
        layers.CategoryEncoding(num_tokens=3)(np.array([[0, 3]]))
    disc = layers.Discretization(bin_boundaries=[0.0, 1.0])
    assert disc(np.array([-1.0, 0.0, 0.5, 1.0, 2.0])).tolist() == [0, 1, 1, 2, 2]
    assert disc(np.array([0.5])).dtype == torch.int64
    with pytest.raises(ValueError, match="either `num_bins` or `bin_boundaries`"):
        layers.Discretization()
    with pytest.raises(ValueError, match="adapt"):
        layers.Discretization(bin_boundaries=[0.0]).adapt(np.ones(3))


def test_color_layers_probabilities_and_inference():
    x = _images(400) * 255
    inv = layers.RandomInvert(factor=(0.5, 0.5), seed=9)(x).numpy()
    flipped = np.all(np.isclose(inv, 255 - x), axis=(1, 2, 3))
    assert np.all(flipped | np.all(inv == x, axis=(1, 2, 3))) and 150 < flipped.sum() < 250
    gray = layers.RandomGrayscale(0.25, seed=10)(x).numpy()
    is_gray = np.all(np.isclose(gray[..., 0], gray[..., 1]) & np.isclose(gray[..., 1], gray[..., 2]), axis=(1, 2))
    assert 60 < is_gray.sum() < 140
    for layer in (layers.RandomInvert(), layers.RandomGrayscale(), layers.Solarization(0.5, 0.5)):
        np.testing.assert_array_equal(layer(x, training=False).numpy(), x)
    flat = np.full((1, 2, 2, 3), 7.0, "float32")
    np.testing.assert_array_equal(layers.AutoContrast()(flat).numpy(), flat)  # flat channels are kept


def test_random_shear_is_one_of_the_two_signed_shears():
    x = _images(6, 7, 8)
    y = layers.RandomShear(x_factor=(0.3, 0.3), y_factor=(0.1, 0.1), seed=11)(x).numpy()
    ops = tf.keras.ops
    plus = ops.image.affine_transform(x, [1.0, 0.3, 0.0, 0.1, 1.0, 0.0, 0.0, 0.0], fill_mode="reflect").numpy()
    minus = ops.image.affine_transform(x, [1.0, -0.3, 0.0, -0.1, 1.0, 0.0, 0.0, 0.0], fill_mode="reflect").numpy()
    for i in range(6):
        assert np.allclose(y[i], plus[i], atol=1e-5) or np.allclose(y[i], minus[i], atol=1e-5)
    with pytest.raises(ValueError, match="x_factor"):
        layers.RandomShear(x_factor=1.5)


def test_pipeline_applies_layers_in_order_and_in_dataset_map():
    x = _images(4)
    pipe = layers.Pipeline([layers.Resizing(3, 4), layers.RandomFlip("horizontal", seed=12), layers.Rescaling(2.0)])
    y = pipe(x, training=False).numpy()
    np.testing.assert_allclose(y, 2 * layers.Resizing(3, 4)(x).numpy(), rtol=1e-6)
    assert pipe(x).shape == (4, 3, 4, 3) and len(pipe.layers) == 3
    mapped = [tuple(b.shape) for b in tf.data.Dataset.from_tensor_slices(x).batch(2).map(pipe)]
    assert mapped == [(2, 3, 4, 3), (2, 3, 4, 3)]
    clone = layers.Pipeline.from_config(pipe.get_config())
    assert [type(layer).__name__ for layer in clone.layers] == ["Resizing", "RandomFlip", "Rescaling"]
    posterized = layers.RandomPosterization(2, seed=13)(x * 255).numpy()
    assert set(np.unique(posterized % 64).tolist()) == {0.0}  # at most 2 bits kept


def test_random_hue_shifts_by_plus_or_minus_half_the_factor():
    x = _images(5)
    y = layers.RandomHue((0.4, 0.4), value_range=(0, 1), seed=14)(x).numpy()
    ops = tf.keras.ops
    hsv = ops.image.rgb_to_hsv(x).numpy()
    for i in range(5):
        candidates = []
        for shift in (0.2, -0.2):
            h = (hsv[i, ..., 0] + shift) % 1.0
            candidates.append(np.clip(ops.image.hsv_to_rgb(np.stack([h, hsv[i, ..., 1], hsv[i, ..., 2]], -1)).numpy(),
                                      0, 1))
        assert any(np.allclose(y[i], c, atol=1e-5) for c in candidates)
