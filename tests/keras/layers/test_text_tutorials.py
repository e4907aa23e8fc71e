"""The text tutorials as users run them, against real TensorFlow 2.21 (tests/golden/text_tutorial.json, made by
tests/golden/make_text_tutorial_golden.py):

- TF's "Basic text classification": text_dataset_from_directory (seeded split) + TextVectorization adapted on a
  mapped dataset + Embedding model fit + an export model evaluated/predicted on raw strings;
- keras.io's "Structured data classification with FeatureSpace": the same encodings (lookups, discretized and
  normalized floats, hashed crosses) in concat and dict modes, a training and an inference model;
- keras.io's "Structured data classification": StringLookup/IntegerLookup/Normalization adapted on mapped
  tf.data features of a dict dataset, functional model with `keras.Input(dtype="string")`, fit, predict.

Same vocabularies, split and encodings as TF; training (unseeded in the structured program) must learn."""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf

GOLDEN_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "golden")
sys.path.insert(0, GOLDEN_DIR)
import feature_space_case  # noqa: E402
import structured_tutorial_case  # noqa: E402
import text_tutorial_case  # noqa: E402

with open(os.path.join(GOLDEN_DIR, "text_tutorial.json")) as _f:
    GOLDEN = json.load(_f)


def test_basic_text_classification(tmp_path):
    text_tutorial_case.make_reviews(str(tmp_path))
    got = text_tutorial_case.program(tf, str(tmp_path))
    expected = GOLDEN["text_classification"]
    for key in ("vocabulary", "vectorized_examples", "train_texts", "class_names", "history_keys"):
        assert got[key] == expected[key], key
    assert got["test_accuracy"] >= 0.9 and expected["test_accuracy"] >= 0.9
    positive, neutral, negative = got["predictions"]
    assert positive > 0.5 > negative and positive > neutral > negative


def test_structured_data_classification():
    # seeded: 96 rows, 3 epochs and Dropout(0.2) land between 0.67 and 0.88 train accuracy with the draw (on main
    # as with the in-place dropout mask), so an unseeded run failed the 0.7 bar by the test order's RNG state
    tf.keras.utils.set_random_seed(0)
    got = structured_tutorial_case.program(tf)
    expected = GOLDEN["structured_data"]
    assert got["vocabularies"] == expected["vocabularies"]
    np.testing.assert_allclose(got["encoded_sample"], expected["encoded_sample"], rtol=1e-5, atol=1e-5)
    assert got["history_keys"] == expected["history_keys"]
    assert got["train_accuracy"] >= 0.7 and expected["train_accuracy"] >= 0.7
    assert got["sample_probability"] > 0.5 and expected["sample_probability"] > 0.5


def test_feature_space_classification():
    got = feature_space_case.program(tf)
    expected = GOLDEN["feature_space"]
    for key in ("preprocessed_first", "single"):
        np.testing.assert_allclose(got[key], expected[key], rtol=1e-5, atol=1e-4)
    assert got["encoded_shape"] == expected["encoded_shape"] == [None, 110]
    assert sorted(got["dict"]) == sorted(expected["dict"])
    for key, value in expected["dict"].items():
        np.testing.assert_allclose(got["dict"][key], value, rtol=1e-5, atol=1e-4)
    assert got["train_accuracy"] >= 0.8 and expected["train_accuracy"] >= 0.8
    assert got["probability_in_range"]


def test_predict_on_raw_strings():
    """As Keras 3 on TF: tf.string tensors and object arrays of str predict; numpy str arrays and lists raise."""
    layer = tf.keras.layers.TextVectorization(vocabulary=["cat", "the"], output_sequence_length=3)
    model = tf.keras.Sequential([layer, tf.keras.layers.Embedding(4, 2), tf.keras.layers.GlobalAveragePooling1D()])
    direct = model(tf.constant(["the cat", "cat"])).numpy()
    for x in (tf.constant(["the cat", "cat"]), np.array(["the cat", "cat"], dtype=object)):
        np.testing.assert_allclose(model.predict(x, verbose=0, batch_size=1), direct, rtol=1e-6)
    for x in (np.array(["the cat"]), ["the cat"]):
        with pytest.raises(ValueError):
            model.predict(x, verbose=0)
