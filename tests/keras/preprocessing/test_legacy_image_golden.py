"""`tf.keras.preprocessing.image` against real TF 2.21 (tests/golden/preprocessing_image.npz, written by
tests/golden/make_preprocessing_image_golden.py): the deterministic transforms, the numpy-seeded random ones and
whole seeded `ImageDataGenerator.flow` batches; plus `fit(datagen.flow(...))` and the argument errors."""

import json
import os
import warnings

import numpy as np
import pytest

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "..", "golden", "preprocessing_image.npz")
image = tf.keras.preprocessing.image


@pytest.fixture(scope="module")
def golden():
    with np.load(GOLDEN) as data:
        arrays = {k: data[k] for k in data.files}
    return arrays, json.loads(str(arrays.pop("cases")))


def test_apply_affine_transform_matches_tf(golden):
    arrays, cases = golden
    for k, case in enumerate(cases["affine"]):
        out = image.apply_affine_transform(arrays[f"affine{k}/x"], **case)
        assert out.dtype == arrays[f"affine{k}/out"].dtype
        np.testing.assert_allclose(out, arrays[f"affine{k}/out"], atol=2e-6, err_msg=str(case))


def test_channel_and_brightness_shift_match_tf(golden):
    arrays, cases = golden
    for k, (intensity, axis) in enumerate(cases["channel_shift"]):
        np.testing.assert_allclose(image.apply_channel_shift(arrays["channel_shift/x"], intensity, channel_axis=axis),
                                   arrays[f"channel_shift{k}/out"], rtol=1e-6)
    for k, (brightness, scale) in enumerate(cases["brightness"]):
        np.testing.assert_allclose(image.apply_brightness_shift(arrays["brightness/x"], brightness, scale),
                                   arrays[f"brightness{k}/out"], rtol=1e-5)
        np.testing.assert_allclose(image.apply_brightness_shift(arrays["brightness/wide"], brightness, scale),
                                   arrays[f"brightness{k}/wide_out"], rtol=1e-5, atol=1e-3)


def test_random_transforms_draw_as_tf_under_a_numpy_seed(golden):
    arrays, _ = golden
    img = arrays["affine0/x"]
    fns = {
        "rotation": lambda x: image.random_rotation(x, 30, row_axis=0, col_axis=1, channel_axis=2),
        "shift": lambda x: image.random_shift(x, 0.2, 0.3, row_axis=0, col_axis=1, channel_axis=2),
        "shear": lambda x: image.random_shear(x, 25, row_axis=0, col_axis=1, channel_axis=2, fill_mode="constant"),
        "zoom": lambda x: image.random_zoom(x, (0.7, 1.2), row_axis=0, col_axis=1, channel_axis=2),
        "channel_shift": lambda x: image.random_channel_shift(x, 0.4, channel_axis=2),
    }
    for name, fn in fns.items():
        np.random.seed(123)
        np.testing.assert_allclose(fn(img), arrays[f"random_{name}/out"], atol=2e-6, err_msg=name)


def test_seeded_flow_batches_match_tf(golden):
    arrays, cases = golden
    for k, config in enumerate(cases["flow"]):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            generator = image.ImageDataGenerator(**config)
        x = arrays[f"flow{k}/input"]
        iterator = generator.flow(x, arrays["flow/y"], batch_size=4, shuffle=True, seed=7 + k)
        assert len(iterator) == 3
        for b in range(len(iterator)):
            bx, by = iterator[b]
            np.testing.assert_allclose(bx, arrays[f"flow{k}/batch{b}_x"], atol=1e-4, err_msg=f"{config} batch {b}")
            np.testing.assert_array_equal(by, arrays[f"flow{k}/batch{b}_y"])
        np.random.seed(5)
        np.testing.assert_allclose(generator.random_transform(x[0].copy(), seed=99),
                                   arrays[f"flow{k}/random_transform"], atol=1e-4)


def test_fit_statistics_and_standardize_match_tf(golden):
    arrays, cases = golden
    batch = arrays["flow/x"][:, :4, :4]
    for k, config in enumerate(cases["fit"]):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            generator = image.ImageDataGenerator(**config)
        generator.fit(batch)
        for attr in ("mean", "std", "zca_whitening_matrix"):
            if f"fit{k}/{attr}" in arrays:
                np.testing.assert_allclose(getattr(generator, attr), arrays[f"fit{k}/{attr}"], rtol=2e-4, atol=2e-5,
                                           err_msg=f"{config} {attr}")
            else:
                assert getattr(generator, attr) is None
        np.testing.assert_allclose(generator.standardize(batch[:3].copy()), arrays[f"fit{k}/standardized"],
                                   rtol=2e-4, atol=2e-4)


def test_smart_resize_matches_tf(golden):
    arrays, cases = golden
    for k, case in enumerate(cases["smart_resize"]):
        out = image.smart_resize(arrays[f"smart_resize{k}/x"], case["size"],
                                 interpolation=case.get("interpolation", "bilinear"))
        assert isinstance(out, np.ndarray)
        np.testing.assert_allclose(out, arrays[f"smart_resize{k}/out"], atol=1e-5)


def test_flow_feeds_fit_and_reshuffles_each_epoch():
    x = np.random.rand(21, 8, 8, 1).astype("float32")
    ids = np.arange(21)
    weights = np.linspace(0.5, 1.5, 21)
    iterator = image.ImageDataGenerator(rotation_range=10).flow(x, ids, batch_size=8, sample_weight=weights)
    assert isinstance(iterator, tf.keras.utils.PyDataset) and len(iterator) == 3
    bx, by, bw = iterator[2]
    assert bx.shape == (5, 8, 8, 1) and by.shape == (5,) and bw.shape == (5,)
    batches = [iterator[i] for i in range(3)]
    assert sorted(np.concatenate([b[1] for b in batches])) == list(range(21))  # every sample once per epoch
    for _, by, bw in batches:
        np.testing.assert_array_equal(bw, weights[by])
    y = ids % 2
    first = iterator.index_array.copy()
    assert sorted(first) == list(range(21))
    iterator.on_epoch_end()
    assert sorted(iterator.index_array) == list(range(21)) and not np.array_equal(first, iterator.index_array)
    model = tf.keras.Sequential([tf.keras.Input((8, 8, 1)), tf.keras.layers.Flatten(),
                                 tf.keras.layers.Dense(1, activation="sigmoid")])
    model.compile("adam", "binary_crossentropy")
    history = model.fit(image.ImageDataGenerator(horizontal_flip=True).flow(x, y, batch_size=8), epochs=2, verbose=0)
    assert len(history.history["loss"]) == 2 and np.all(np.isfinite(history.history["loss"]))
    batch = next(iter(image.ImageDataGenerator().flow(x, batch_size=4, shuffle=False)))
    np.testing.assert_array_equal(batch, x[:4])


def test_validation_split_subsets():
    x = np.random.rand(10, 4, 4, 3).astype("float32")
    y = np.array([0, 1] * 5)
    generator = image.ImageDataGenerator(validation_split=0.2)
    validation = generator.flow(x, y, batch_size=10, shuffle=False, subset="validation")
    training = generator.flow(x, y, batch_size=10, shuffle=False, subset="training")
    np.testing.assert_array_equal(validation[0][0], x[:2])
    np.testing.assert_array_equal(training[0][0], x[2:])
    with pytest.raises(ValueError, match="subset"):
        generator.flow(x, y, subset="test")
    with pytest.raises(ValueError, match="classes"):
        generator.flow(x, np.array([0, 0, 1, 1, 1, 1, 1, 1, 1, 1]), subset="training")


def test_argument_errors():
    with pytest.raises(ValueError, match="zoom_range"):
        image.ImageDataGenerator(zoom_range=(1, 2, 3))
    with pytest.raises(ValueError, match="brightness_range"):
        image.ImageDataGenerator(brightness_range=0.5)
    with pytest.raises(ValueError, match="validation_split"):
        image.ImageDataGenerator(validation_split=1.5)
    with pytest.raises(ValueError, match="data_format"):
        image.ImageDataGenerator(data_format="NHWC")
    with pytest.raises(ValueError, match="fill_mode"):
        image.ImageDataGenerator(fill_mode="mirror")
    with pytest.raises(ValueError, match="order"):
        image.apply_affine_transform(np.zeros((3, 4, 4)), theta=10, order=3)
    with pytest.raises(ValueError, match="distinct"):
        image.apply_affine_transform(np.zeros((3, 4, 4)), row_axis=0, col_axis=0)
    with pytest.raises(ValueError, match="rank 4"):
        image.ImageDataGenerator().flow(np.zeros((4, 4, 3)))
    with pytest.raises(ValueError, match="same length"):
        image.ImageDataGenerator().flow(np.zeros((4, 4, 4, 3)), np.zeros(3))
    with pytest.warns(UserWarning, match="fit"):
        image.ImageDataGenerator(featurewise_center=True).standardize(np.ones((4, 4, 3)))


def _write_directory(arrays, cases, root):
    from PIL import Image  # noqa: PLC0415 - Pillow is optional for keraslike; these tests need it

    for k, name in enumerate(cases["directory_files"]):
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if name.endswith(".txt"):
            path.write_text("not an image")
        else:
            Image.fromarray(arrays[f"file{k}"]).save(path, format="PNG")


def test_flow_from_directory_matches_tf(golden, tmp_path, capsys):
    arrays, cases = golden
    _write_directory(arrays, cases, tmp_path)
    for k, case in enumerate(cases["directory"]):
        generator = image.ImageDataGenerator(**case["generator"])
        iterator = generator.flow_from_directory(str(tmp_path), **case["flow"])
        assert f"Found {len(arrays[f'directory{k}/filenames'])} images belonging to" in capsys.readouterr().out
        assert iterator.filenames == list(arrays[f"directory{k}/filenames"])
        np.testing.assert_array_equal(iterator.classes, arrays[f"directory{k}/classes"])
        assert iterator.class_indices == json.loads(str(arrays[f"directory{k}/class_indices"]))
        for b in range(len(iterator)):
            batch = iterator[b]
            x, y = batch if isinstance(batch, tuple) else (batch, None)
            np.testing.assert_allclose(x, arrays[f"directory{k}/batch{b}_x"], atol=1e-4, err_msg=f"{case} {b}")
            if y is not None:
                np.testing.assert_allclose(y, arrays[f"directory{k}/batch{b}_y"], atol=1e-4)
                assert y.dtype == arrays[f"directory{k}/batch{b}_y"].dtype
            else:
                assert f"directory{k}/batch{b}_y" not in arrays
    with pytest.raises(ValueError, match="class_mode"):
        image.ImageDataGenerator().flow_from_directory(str(tmp_path), class_mode="multi")
    with pytest.raises(ValueError, match="color mode"):
        image.ImageDataGenerator().flow_from_directory(str(tmp_path), color_mode="cmyk")


def test_flow_from_dataframe_matches_tf(golden, tmp_path, capsys):
    pd = pytest.importorskip("pandas")
    arrays, cases = golden
    _write_directory(arrays, cases, tmp_path)
    for k, case in enumerate(cases["dataframe"]):
        generator = image.ImageDataGenerator(**case["generator"])
        with pytest.warns(UserWarning, match="2 invalid image filename"):
            iterator = generator.flow_from_dataframe(pd.DataFrame(cases["dataframe_table"]), str(tmp_path),
                                                     **case["flow"])
        assert "validated image filenames" in capsys.readouterr().out
        assert iterator.filenames == list(arrays[f"dataframe{k}/filenames"])
        for b in range(len(iterator)):
            batch = iterator[b]
            np.testing.assert_allclose(batch[0], arrays[f"dataframe{k}/batch{b}_x"], atol=1e-4,
                                       err_msg=f"{case} {b}")
            targets = batch[1] if isinstance(batch[1], list) else [batch[1]]
            for part, value in enumerate(targets):
                expected = arrays[f"dataframe{k}/batch{b}_y{part}"]
                np.testing.assert_allclose(value, expected)
                assert np.asarray(value).dtype == expected.dtype
            assert (len(batch) == 3) == (f"dataframe{k}/batch{b}_w" in arrays)
            if len(batch) == 3:
                np.testing.assert_allclose(batch[2], arrays[f"dataframe{k}/batch{b}_w"])
    frame = pd.DataFrame(cases["dataframe_table"])
    with pytest.raises(ValueError, match="2 classes"):
        image.ImageDataGenerator().flow_from_dataframe(frame, str(tmp_path), class_mode="binary")
    with pytest.raises(TypeError, match="must be a list"):
        image.ImageDataGenerator().flow_from_dataframe(frame, str(tmp_path), class_mode="multi_output")
    with pytest.raises(TypeError, match="bogus"):
        image.ImageDataGenerator().flow_from_dataframe(frame, str(tmp_path), bogus=1)
