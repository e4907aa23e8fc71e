"""`layers.Embedding` dimension arguments against real Keras 3.15 and tf_keras
(`tests/golden/make_embedding_dims_golden.py`).

Found by keras-io's cct (Keras 2): its positional embedding is `layers.Embedding(input_dim=tf.shape(x)[1],
output_dim=tf.shape(x)[-1])`, which tf_keras takes; keraslike raised ValueError for the integer scalar tensor.
"""

import builtins
import json
import os

import numpy as np
import pytest

import keraslike as tf

with open(os.path.join(os.path.dirname(__file__), "..", "..", "golden", "embedding_dims.json")) as f:
    DATA = json.load(f)
CASES = DATA.pop("cases")
MAKE = {"int": int, "float": float, "bool": bool, "np64": np.int64, "np32": np.int32, "tensor": tf.constant}


@pytest.mark.parametrize("key", sorted(DATA))
def test_embedding_dims_match_keras(key, monkeypatch):
    version, name = key.split("/")
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1" if version == "2" else "0")
    input_dim, output_dim = (MAKE[kind](value) for kind, value in CASES[name])
    want = DATA[key]
    if key == "3/numpy":  # Keras 3 refuses numpy ints; keraslike takes them for every layer (layer_meta.py, by design)
        want = DATA["2/numpy"]
    if "raises" in want:
        with pytest.raises(getattr(builtins, want["raises"])):
            tf.keras.layers.Embedding(input_dim=input_dim, output_dim=output_dim)
        return
    layer = tf.keras.layers.Embedding(input_dim=input_dim, output_dim=output_dim)
    out = layer(tf.constant([[0, 1]]))
    assert list(layer.embeddings.shape) == want["table"] and list(out.shape) == want["output"]
    assert isinstance(layer.get_config()["input_dim"], int)


def test_cct_positional_embedding_from_a_dynamic_shape(monkeypatch):
    """The program's pattern (Keras 2): the sequence length of a tokenizer's output as the vocabulary size."""
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    tokens = tf.reshape(tf.ones((1, 8, 8, 128)), (-1, 64, 128))
    sequence_length, projection_dim = tf.shape(tokens)[1], tf.shape(tokens)[-1]
    pos_embed = tf.keras.layers.Embedding(input_dim=sequence_length, output_dim=projection_dim)
    positions = tf.range(start=0, limit=sequence_length, delta=1)
    assert tuple(pos_embed(positions).shape) == (64, 128)
    assert tuple((tokens + pos_embed(positions)).shape) == (1, 64, 128)
