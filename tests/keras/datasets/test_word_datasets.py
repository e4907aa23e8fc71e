"""keras.datasets.imdb / reuters read Keras's `.npz` files from the cache, encoded exactly as real Keras 3.

The expected values are real Keras 3 on the same fake files (tests/golden/make_word_datasets_golden.py).
"""

import json
import os
import pickle
import sys

import numpy as np
import pytest

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "..", "golden")
sys.path.insert(0, GOLDEN)
import word_datasets  # noqa: E402


@pytest.fixture
def keras_home(tmp_path, monkeypatch):
    monkeypatch.setenv("KERAS_HOME", str(tmp_path))
    os.makedirs(tmp_path / "datasets")
    word_datasets.write(str(tmp_path / "datasets"))
    return tmp_path / "datasets"


def test_imdb_and_reuters_match_keras(keras_home):
    with open(os.path.join(GOLDEN, "word_datasets.json")) as f:
        golden = json.load(f)
    for case, imdb, reuters in zip(word_datasets.CASES, golden["imdb"], golden["reuters"]):
        assert word_datasets.as_json(tf.keras.datasets.imdb.load_data(**case)) == imdb, case
        assert word_datasets.as_json(tf.keras.datasets.reuters.load_data(test_split=0.25, **case)) == reuters, case
    (x_train, _), _ = tf.keras.datasets.imdb.load_data()
    assert x_train.dtype == object and x_train.ndim == 1
    assert tf.keras.datasets.imdb.get_word_index() == {"the": 1, "movie": 2}
    assert len(tf.keras.datasets.reuters.get_label_names()) == 46


def test_imdb_maxlen_too_small_and_hostile_pickle(keras_home):
    with pytest.raises(ValueError, match="Increase maxlen"):
        tf.keras.datasets.imdb.load_data(maxlen=1)

    class Evil:
        def __reduce__(self):
            return (os.system, ("true",))

    evil = np.empty(1, dtype=object)
    evil[0] = Evil()
    np.savez(keras_home / "imdb.npz", x_train=evil, y_train=np.zeros(1), x_test=evil, y_test=np.zeros(1))
    with pytest.raises(pickle.UnpicklingError, match="Refusing"):
        tf.keras.datasets.imdb.load_data()
