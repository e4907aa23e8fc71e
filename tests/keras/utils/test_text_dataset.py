"""`keras.utils.text_dataset_from_directory` against real Keras 3.15 (tests/golden/text_dataset.json, made by
tests/golden/make_text_dataset_golden.py on the folder of tests/golden/text_dataset_cases.py): files, order,
labels, class names, splits and printed messages; plus its argument errors."""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf

GOLDEN_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "golden")
sys.path.insert(0, GOLDEN_DIR)
import text_dataset_cases  # noqa: E402

with open(os.path.join(GOLDEN_DIR, "text_dataset.json")) as _f:
    GOLDEN = json.load(_f)["cases"]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    root = str(tmp_path_factory.mktemp("texts"))
    text_dataset_cases.make_corpus(root)
    return root


@pytest.mark.parametrize("name", sorted(text_dataset_cases.CASES))
def test_matches_keras(name, corpus):
    assert text_dataset_cases.run(name, tf.keras.utils, corpus) == GOLDEN[name]


def test_batches_are_string_tensors_and_int32_labels(corpus):
    ds = tf.keras.utils.text_dataset_from_directory(corpus, batch_size=4, shuffle=False, verbose=False)
    texts, labels = next(iter(ds))
    assert texts.dtype == tf.string and tuple(texts.shape) == (4,)
    assert labels.dtype == tf.int32
    assert ds.class_names == ["neg", "pos", "zzz"]
    for name in ("text_dataset_from_directory", "image_dataset_from_directory", "timeseries_dataset_from_array"):
        assert getattr(tf.keras.preprocessing, name) is getattr(tf.keras.utils, name)  # Keras 3 keeps both


def test_shuffle_reshuffles_each_epoch_but_keeps_every_file(corpus):
    ds = tf.keras.utils.text_dataset_from_directory(corpus, batch_size=None, seed=5, verbose=False)
    epochs = [[t.numpy() for t, _ in ds] for _ in range(3)]
    assert all(sorted(e) == sorted(epochs[0]) and len(e) == 13 for e in epochs)
    assert len({tuple(e) for e in epochs}) > 1


@pytest.mark.parametrize("kwargs, match", [
    ({"labels": "folders"}, "labels"),
    ({"labels": [0] * 13, "class_names": ["a"]}, "class_names"),
    ({"label_mode": "sparse"}, "label_mode"),
    ({"format": "grain"}, "format"),
    ({"validation_split": 1.5, "subset": "training", "seed": 1}, "validation_split"),
    ({"validation_split": 0.2}, "subset"),
    ({"validation_split": 0.2, "subset": "train", "seed": 1}, "subset"),
    ({"validation_split": 0.2, "subset": "training"}, "seed"),
    ({"label_mode": "binary"}, "exactly 2"),
    ({"class_names": ["pos", "cat"]}, "class_names"),
    ({"labels": [0, 1]}, "lengths of `labels`"),
])
def test_bad_arguments_raise(corpus, kwargs, match):
    with pytest.raises(ValueError, match=match):
        tf.keras.utils.text_dataset_from_directory(corpus, verbose=False, **kwargs)


def test_empty_directory_raises(tmp_path):
    (tmp_path / "a").mkdir()
    with pytest.raises(ValueError, match="No text files found"):
        tf.keras.utils.text_dataset_from_directory(str(tmp_path), verbose=False)


def test_follow_links(corpus, tmp_path):
    os.symlink(os.path.join(corpus, "pos"), str(tmp_path / "linked"))
    kwargs = {"labels": None, "shuffle": False, "verbose": False}

    with pytest.raises(ValueError, match="No text files"):
        tf.keras.utils.text_dataset_from_directory(str(tmp_path), **kwargs)
    ds = tf.keras.utils.text_dataset_from_directory(str(tmp_path), follow_links=True, batch_size=None, **kwargs)
    assert len([np.asarray(t) for t in ds]) == 6
