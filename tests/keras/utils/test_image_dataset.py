"""`keras.utils.image_dataset_from_directory` against real Keras 3.15, plus the image file helpers."""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "..", "golden")
sys.path.insert(0, GOLDEN)

import make_image_dataset_golden as cases  # noqa: E402

DATA = dict(np.load(os.path.join(GOLDEN, "image_dataset.npz"), allow_pickle=False))
utils = tf.keras.utils


@pytest.fixture(scope="module")
def image_dir(tmp_path_factory):
    base = tmp_path_factory.mktemp("images")
    root, two = base / "all", base / "two"
    cases.build_directory(str(root))
    two.mkdir()
    for c in ("cats", "dogs"):
        os.symlink(root / c, two / c)
    return root


@pytest.mark.parametrize("name", sorted(cases.CASES))
def test_batches_match_keras(name, image_dir):
    kwargs = dict(cases.CASES[name])
    root = str(image_dir.parent / "two") if "class_names" in kwargs else str(image_dir)
    if "class_names" in kwargs:
        kwargs["follow_links"] = True
    result = utils.image_dataset_from_directory(root, verbose=False, **kwargs)
    parts = result if isinstance(result, list) else [result]
    for p, ds in enumerate(parts):
        assert ds.class_names == json.loads(str(DATA[f"{name}/{p}/class_names"]))
        assert [os.path.relpath(f, root) for f in ds.file_paths] == json.loads(str(DATA[f"{name}/{p}/files"]))
        batches = list(ds)
        assert len(batches) == len([k for k in DATA if k.startswith(f"{name}/{p}/x")])
        # PNG decoders convert RGB to gray with slightly different fixed-point rounding (libpng in torchvision
        # vs TF's): a grey level may differ by 1 on a few pixels.
        atol = 1.0 if kwargs.get("color_mode") == "grayscale" else 1e-3
        for b, (x, y) in enumerate(batches):
            want = DATA[f"{name}/{p}/x{b}"]
            assert str(x.dtype).replace("torch.", "") == str(want.dtype)
            np.testing.assert_allclose(np.asarray(x).astype("float64"), want.astype("float64"), rtol=1e-5, atol=atol)
            np.testing.assert_array_equal(np.asarray(y), DATA[f"{name}/{p}/y{b}"])


def test_shuffled_split_covers_every_file_once_and_trains(image_dir, capsys):
    train, val = utils.image_dataset_from_directory(str(image_dir), image_size=(8, 8), batch_size=2, seed=5,
                                                    validation_split=0.3, subset="both")
    assert "Found 9 files belonging to 3 classes." in capsys.readouterr().out
    assert sorted(train.file_paths + val.file_paths) == sorted(set(train.file_paths + val.file_paths))
    assert len(train.file_paths) + len(val.file_paths) == 9 and len(val.file_paths) == 2
    model = tf.keras.Sequential([tf.keras.Input((8, 8, 3)), tf.keras.layers.Rescaling(1 / 255.0),
                                 tf.keras.layers.Flatten(), tf.keras.layers.Dense(3)])
    model.compile("adam", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    model.fit(train, validation_data=val, epochs=1, verbose=0)
    with pytest.raises(ValueError, match="validation_split"):
        utils.image_dataset_from_directory(str(image_dir), subset="training")
    with pytest.raises(ValueError, match="label_mode"):
        utils.image_dataset_from_directory(str(image_dir), label_mode="sparse")


def test_image_file_helpers_round_trip(tmp_path):
    pixels = (np.arange(4 * 5 * 3) % 256).reshape(4, 5, 3).astype("float32")
    utils.save_img(tmp_path / "a.png", pixels, scale=False)
    img = utils.load_img(tmp_path / "a.png")
    np.testing.assert_array_equal(utils.img_to_array(img), pixels)
    assert utils.img_to_array(utils.load_img(tmp_path / "a.png", color_mode="grayscale")).shape == (4, 5, 1)
    assert utils.load_img(tmp_path / "a.png", target_size=(2, 3)).size == (3, 2)
    scaled = utils.img_to_array(utils.array_to_img(pixels))
    assert scaled.min() == 0 and scaled.max() == 255
