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
LAYERS = {key: DATA.pop(key) for key in [k for k in DATA if k.startswith("layers/")]}
MAKE = {"int": int, "float": float, "bool": bool, "np64": np.int64, "np32": np.int32, "tensor": tf.constant}


@pytest.mark.parametrize("key", sorted(DATA))
def test_embedding_dims_match_keras(key, monkeypatch):
    version, name = key.split("/")
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1" if version == "2" else "0")
    input_dim, output_dim = (MAKE[kind](value) for kind, value in CASES[name])
    want = DATA[key]
    if key in ("3/numpy", "3/tensor"):  # Keras 3 refuses numpy ints and int tensors here; keraslike takes them for
        want = DATA[key.replace("3/", "2/")]  # every layer, as tf_keras does (layer_meta.py, by design)
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


@pytest.mark.parametrize("key", sorted(k for k in LAYERS if k.startswith("layers/2/")))
def test_layer_sizes_from_integer_scalar_tensors_as_tf_keras(key, monkeypatch):
    """tf_keras takes `Dense(tf.shape(x)[1])` etc. (int(units)); Keras 3 takes it in Conv2D and LSTM only, keraslike
    in every layer."""
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    n = tf.shape(tf.zeros((1, 8)))[1]
    layers = tf.keras.layers
    make = {
        "Dense": lambda: layers.Dense(n)(tf.zeros((2, 3))),
        "Conv2D": lambda: layers.Conv2D(n, 3)(tf.zeros((1, 5, 5, 2))),
        "LSTM": lambda: layers.LSTM(n)(tf.zeros((1, 4, 2))),
        "MultiHeadAttention": lambda: layers.MultiHeadAttention(num_heads=tf.constant(2), key_dim=n)(
            tf.zeros((1, 3, 4)), tf.zeros((1, 3, 4))),
    }[key.split("/")[-1]]
    assert list(make().shape) == LAYERS[key]["output"]
