"""MixUp, CutMix, RandomErasing, RandomSharpness, Equalization, RandomColorJitter, RandomPerspective.

Deterministic cases against real Keras 3.15 outputs (tests/golden/make_augmentation_golden.py); the
random layers against the invariants that define them, computed from their outputs.
"""

import json
import os
import random

import numpy as np
import pytest

import keraslike as tf

L = tf.keras.layers
GOLDEN = dict(np.load(os.path.join(os.path.dirname(__file__), "..", "..", "golden", "augmentation.npz"),
                      allow_pickle=False))
NAMES = sorted({k.split("/")[0] for k in GOLDEN})


def _images(n=6, h=8, w=10, c=3, seed=0):
    return np.random.RandomState(seed).uniform(0, 255, (n, h, w, c)).astype("float32")


@pytest.mark.parametrize("name", NAMES)
def test_deterministic_cases_match_keras(name):
    spec = json.loads(str(GOLDEN[f"{name}/spec"]))
    kwargs = {k: tuple(v) if isinstance(v, list) else v for k, v in spec["kwargs"].items()}
    layer = getattr(L, spec["class"])(**kwargs)
    out = layer(GOLDEN[f"{name}/x"], training=True)
    np.testing.assert_allclose(out.numpy(), GOLDEN[f"{name}/y"], rtol=1e-5, atol=1e-3)


def test_mixup_mixes_images_and_labels_with_the_same_weight_and_partner():
    x, labels = _images(), np.eye(6, dtype="float32")
    out = L.MixUp(alpha=0.4)({"images": x, "labels": labels})
    y, mixed = out["labels"].numpy(), out["images"].numpy()
    assert np.allclose(y.sum(1), 1.0, atol=1e-6)
    for i in range(6):
        w = y[i, i]
        others = [j for j in range(6) if j != i and y[i, j] > 1e-6]
        partner = others[0] if others else i
        if partner == i:
            np.testing.assert_allclose(mixed[i], x[i], rtol=1e-5, atol=1e-3)
        else:
            np.testing.assert_allclose(mixed[i], w * x[i] + (1 - w) * x[partner], rtol=1e-4, atol=1e-2)
    np.testing.assert_array_equal(L.MixUp()(x, training=False).numpy(), x)


def test_cutmix_pastes_one_box_from_the_partner_and_weights_labels_by_kept_area():
    x, labels = _images(n=8, h=16, w=16), np.eye(8, dtype="float32")
    for seed in range(5):
        out = L.CutMix(seed=seed)({"images": x, "labels": labels})
        images, y = out["images"].numpy(), out["labels"].numpy()
        assert np.allclose(y.sum(1), 1.0, atol=1e-5)
        for i in range(8):
            from_self = np.all(images[i] == x[i], axis=-1)
            partners = [j for j in range(8) if j != i and y[i, j] > 1e-6]
            if not partners:
                continue
            j = partners[0]
            pasted = ~from_self
            assert np.all(images[i][pasted] == x[j][pasted])
            rows, cols = np.nonzero(pasted)
            if rows.size:  # the pasted pixels form one axis-aligned box
                assert pasted[rows.min():rows.max() + 1, cols.min():cols.max() + 1].all()
            # the label's own share is the unpasted area share (up to the box's fractional edges)
            assert abs(y[i, i] - from_self.mean()) < 2 * 16 / 256 + 1e-6
    single = x[0]
    np.testing.assert_array_equal(L.CutMix()(single).numpy(), single)  # Keras leaves unbatched images alone


def test_random_erasing_fills_one_box_per_erased_image():
    x = _images(n=32, h=12, w=12)
    out = L.RandomErasing(factor=1.0, fill_value=(1.0, 2.0, 3.0), seed=3)(x).numpy()
    erased = 0
    for i in range(32):
        changed = np.any(out[i] != x[i], axis=-1)
        if not changed.any():
            continue
        erased += 1
        np.testing.assert_array_equal(out[i][changed], np.tile([1.0, 2.0, 3.0], (changed.sum(), 1)))
        rows, cols = np.nonzero(changed)
        assert changed[rows.min():rows.max() + 1, cols.min():cols.max() + 1].all()
    assert 4 <= erased <= 28  # p ~ U(0, 1): about half the images
    noise = L.RandomErasing(factor=(1.0, 1.0), value_range=(0, 1), seed=0)(x / 255.0).numpy()
    assert noise.min() >= 0.0 and noise.max() <= 1.0
    with pytest.raises(ValueError, match="fill_value"):
        L.RandomErasing(fill_value=(1, 2))
    with pytest.raises(ValueError, match="factor"):
        L.RandomErasing(factor=1.5)


def test_dicts_with_unsupported_keys_raise_naming_the_key():
    with pytest.raises(ValueError, match="bounding_boxes"):
        L.MixUp()({"images": _images(), "bounding_boxes": {"boxes": np.zeros((6, 1, 4))}})


def test_color_jitter_applies_its_steps_in_order_with_the_sub_layers_draws():
    x = _images()
    # unseeded layers take their generators' seeds from Python's random when made (Keras 3): the jitter's own,
    # then its brightness and contrast sub-layers'
    tf.keras.utils.set_random_seed(7)
    jittered = L.RandomColorJitter(brightness_factor=0.2, contrast_factor=0.5)(x)
    tf.keras.utils.set_random_seed(7)
    random.randint(1, int(1e9))  # the jitter's own generator
    brightness, contrast = L.RandomBrightness(0.2), L.RandomContrast(0.5)
    expected = contrast(brightness(x))
    np.testing.assert_allclose(jittered.numpy(), expected.numpy(), rtol=1e-6)
    np.testing.assert_array_equal(L.RandomColorJitter()(x).numpy(), x)


def test_perspective_with_zero_scale_or_probability_is_the_identity_and_otherwise_warps():
    x = _images()
    np.testing.assert_allclose(L.RandomPerspective(scale=0.0)(x).numpy(), x, atol=1e-3)
    np.testing.assert_array_equal(L.RandomPerspective(factor=0.0)(x).numpy(), x)
    warped = L.RandomPerspective(factor=(1.0, 1.0), scale=0.6, seed=1)(x).numpy()
    assert all(np.abs(warped[i] - x[i]).max() > 1.0 for i in range(6))
    with pytest.raises(NotImplementedError, match="interpolation"):
        L.RandomPerspective(interpolation="bicubic")


def test_configs_round_trip_and_training_false_passes_through():
    layers = [L.RandAugment(num_ops=3, seed=0), L.AugMix(chain_depth=2, seed=1),
              L.MixUp(alpha=0.3, seed=1), L.CutMix(factor=0.5, seed=2), L.RandomErasing(scale=0.2, seed=3),
              L.RandomSharpness((0.1, 0.4), seed=4), L.Equalization(bins=32),
              L.RandomColorJitter(hue_factor=0.1, seed=5), L.RandomPerspective(scale=0.4, seed=6)]
    x = _images()
    for layer in layers:
        clone = type(layer).from_config(layer.get_config())
        assert clone.get_config() == layer.get_config()
        np.testing.assert_array_equal(layer(x, training=False).numpy(), x)


def test_augmentation_inside_fit():
    model = tf.keras.Sequential([tf.keras.Input((8, 10, 3)), L.RandomSharpness(0.5), L.RandomPerspective(scale=0.2),
                                 L.RandomErasing(), L.Rescaling(1 / 255.0), L.Flatten(), L.Dense(2)])
    model.compile("adam", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    history = model.fit(_images(n=16), np.arange(16) % 2, epochs=1, batch_size=8, verbose=0)
    assert np.isfinite(history.history["loss"][0])
    np.testing.assert_allclose(model.predict(_images(n=4), verbose=0),
                               model(_images(n=4) / 1.0, training=False).numpy(), rtol=1e-5)


def test_rand_augment_applies_num_ops_of_its_sub_layers():
    x = _images()
    layer = L.RandAugment(num_ops=2, factor=0.5, seed=0)
    outs = [layer(x).numpy() for _ in range(4)]
    assert all(o.shape == x.shape and o.min() >= -1e-3 and o.max() <= 255 + 1e-3 for o in outs)
    assert any(np.abs(o - x).max() > 1.0 for o in outs)
    np.testing.assert_array_equal(L.RandAugment(num_ops=0)(x).numpy(), x)
    # with one op, the output is one of its sub-layers' outputs on the same draws (the layer's generator and each
    # sub-layer's are SeedGenerator(3): a fresh layer's sub-layer draws what the one that ran drew)
    index = int(tf.keras.random.randint((1,), 0, 11, seed=tf.keras.random.SeedGenerator(3))[0])
    got = L.RandAugment(num_ops=1, seed=3)(x).numpy()
    fresh = L.RandAugment(num_ops=1, seed=3)
    sub = fresh._layers[fresh._names[index]]
    np.testing.assert_allclose(got, sub(x, training=True).numpy(), rtol=1e-5, atol=1e-3)


def test_augmix_blends_chains_and_stays_in_range():
    x = _images() / 255.0
    layer = L.AugMix(value_range=(0, 1), seed=2)
    out = layer(x).numpy()
    assert out.shape == x.shape and out.min() >= 0.0 and out.max() <= 1.0
    assert np.abs(out - x).max() > 1e-3
    small = L.AugMix(all_ops=False, num_chains=1, chain_depth=1)
    assert len(small._names) == 7
    with pytest.raises(ValueError, match="num_chains"):
        L.AugMix(num_chains=0)


def test_max_num_bounding_boxes_pads_and_truncates():
    boxes = np.array([[[10, 20, 100, 150], [50, 60, 200, 250], [0, 0, 50, 50]]], "float32")
    labels = np.array([[1, 2, 3]])
    images = np.zeros((1, 8, 8, 3), "uint8")
    out = L.MaxNumBoundingBoxes(5, bounding_box_format="xyxy")({"images": images,
                                                                "bounding_boxes": {"boxes": boxes, "labels": labels}})
    np.testing.assert_array_equal(out["bounding_boxes"]["boxes"].numpy(),
                                  np.concatenate([boxes, np.full((1, 2, 4), -1, "float32")], axis=1))
    np.testing.assert_array_equal(out["bounding_boxes"]["labels"].numpy(), [[1, 2, 3, -1, -1]])
    np.testing.assert_array_equal(np.asarray(out["images"]), images)
    cut = L.MaxNumBoundingBoxes(2, fill_value=0, bounding_box_format="xyxy")(
        {"images": images[0], "bounding_boxes": {"boxes": boxes[0], "labels": labels[0]}})
    np.testing.assert_array_equal(cut["bounding_boxes"]["labels"].numpy(), [1, 2])
    assert cut["bounding_boxes"]["boxes"].shape == (2, 4)
    with pytest.raises(ValueError, match="bounding_box_format"):
        L.MaxNumBoundingBoxes(5)({"images": images, "bounding_boxes": {"boxes": boxes, "labels": labels}})
    with pytest.raises(ValueError, match="JAX"):
        L.JaxLayer(lambda params, x: x)


def test_elastic_transform_warps_smoothly_within_range_or_not_at_all():
    x = _images(n=4, h=24, w=24)
    np.testing.assert_array_equal(L.RandomElasticTransform(factor=0.0)(x).numpy(), x)
    np.testing.assert_array_equal(L.RandomElasticTransform(scale=0.0)(x).numpy(), x)
    out = L.RandomElasticTransform(factor=(1.0, 1.0), scale=(1.0, 1.0), seed=0)(x).numpy()
    assert out.min() >= 0.0 and out.max() <= 255.0
    assert all(np.abs(out[i] - x[i]).mean() > 1.0 for i in range(4))
    # a constant image stays constant: the warp only moves pixels (reflect fill)
    flat = np.full((2, 16, 16, 3), 100.0, "float32")
    np.testing.assert_allclose(L.RandomElasticTransform(factor=(1.0, 1.0))(flat).numpy(), flat, atol=1e-3)
    with pytest.raises(NotImplementedError, match="fill_mode"):
        L.RandomElasticTransform(fill_mode="edge")
