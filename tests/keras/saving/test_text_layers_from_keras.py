"""`.keras` files of adapted TextVectorization/StringLookup models written by real Keras 3.15 load in keraslike
with the same vocabulary and outputs (Keras's `assets/<path>/vocabulary.txt` and `vars/idf_weights` layout).
Files and expected values: tests/golden/make_text_saving_golden.py."""

import json
import os

import numpy as np
import pytest

import keraslike as tf

HERE = os.path.dirname(__file__)
with open(os.path.join(HERE, "..", "..", "golden", "text_saving.json")) as _f:
    CASES = json.load(_f)["cases"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_keras_file_loads_with_its_vocabulary(name):
    case = CASES[name]
    model = tf.keras.models.load_model(os.path.join(HERE, "data", f"{name}.keras"))
    assert model.layers[0].get_vocabulary() == case["vocabulary"]
    out = model(tf.constant(case["inputs"]))
    np.testing.assert_allclose(np.asarray(out.numpy()), np.asarray(case["output"]), rtol=1e-6)


def test_keraslike_file_round_trips_the_same_way(tmp_path):
    model = tf.keras.models.load_model(os.path.join(HERE, "data", "text_vectorization_tfidf.keras"))
    path = str(tmp_path / "again.keras")
    model.save(path)
    again = tf.keras.models.load_model(path)
    case = CASES["text_vectorization_tfidf"]
    np.testing.assert_allclose(again(tf.constant(case["inputs"])).numpy(), np.asarray(case["output"]), rtol=1e-6)
