"""`MultiHeadAttention(attention_axes=...)` as Keras 3: a model saved by real Keras 3 (which writes the computed
axes, `[1]` for a sequence) loads and predicts what Keras predicted, for attention over one axis of a rank-4
input and over two. Golden: `tests/golden/make_mha_axes_golden.py` under TF 2.21."""

import io
import pathlib
import zipfile

import h5py
import numpy as np
import pytest

import keraslike as tf

keras = tf.keras
FILES = pathlib.Path(__file__).resolve().parents[2] / "golden" / "keras3_files"
EXPECTED = np.load(FILES / "mha_axes.npz")


def test_keras3_file_with_attention_axes_loads_and_predicts_as_keras():
    model = keras.models.load_model(FILES / "mha_axes.keras")
    seq, axes12, scores = model.predict([EXPECTED["xs"], EXPECTED["xg"]], verbose=0)
    np.testing.assert_allclose(seq, EXPECTED["seq"], rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(axes12, EXPECTED["axes12"], rtol=1e-5, atol=1e-5)
    assert scores.shape == EXPECTED["scores"].shape == (2, 3, 2, 4, 4)
    np.testing.assert_allclose(scores, EXPECTED["scores"], rtol=1e-5, atol=1e-6)
    axes = {layer.name: layer.get_config()["attention_axes"] for layer in model.layers if "mha" in layer.name}
    assert axes == {"mha_seq": (1,), "mha_axis2": (2,), "mha_axes12": (1, 2)}


def test_config_round_trips_as_keras_writes_it():
    layer = keras.layers.MultiHeadAttention(2, 3)
    assert layer.get_config()["attention_axes"] is None  # before build: as given
    x = np.zeros((2, 5, 6), "float32")
    layer(x, x)
    assert layer.get_config()["attention_axes"] == (1,)  # after build: the computed axes, as Keras 3
    again = keras.layers.MultiHeadAttention.from_config(layer.get_config())
    again(x, x)
    assert again.attention_axes == (1,)
    assert keras.layers.MultiHeadAttention(2, 3, attention_axes=-2).get_config()["attention_axes"] == (-2,)


def test_explicit_default_axes_compute_the_default():
    x = np.random.default_rng(0).normal(size=(2, 3, 4, 6)).astype("float32")
    default, explicit = keras.layers.MultiHeadAttention(2, 3), keras.layers.MultiHeadAttention(2, 3,
                                                                                               attention_axes=[1, 2])
    default(x, x)
    explicit(x, x)
    explicit.set_weights(default.get_weights())
    np.testing.assert_allclose(explicit(x, x).numpy(), default(x, x).numpy(), rtol=1e-6, atol=1e-6)


def test_bad_axes_and_masks_with_other_axes_raise_naming_the_argument():
    x = np.zeros((2, 3, 4, 6), "float32")
    with pytest.raises(ValueError, match="attention_axes"):
        keras.layers.MultiHeadAttention(2, 3, attention_axes=3)(x, x)
    with pytest.raises(ValueError, match="attention_axes"):
        keras.layers.MultiHeadAttention(2, 3, attention_axes="1")
    with pytest.raises(NotImplementedError, match="attention_mask"):
        keras.layers.MultiHeadAttention(2, 3, attention_axes=2)(x, x, attention_mask=np.ones((2, 4, 4), bool))


def test_keraslike_saves_mha_weights_where_keras3_reads_them(tmp_path):
    model = keras.models.load_model(FILES / "mha_axes.keras")
    path = tmp_path / "again.keras"
    model.save(path)
    with zipfile.ZipFile(path) as archive:
        data = archive.read("model.weights.h5")
    with h5py.File(io.BytesIO(data)) as h5:
        names = sorted(h5["layers/multi_head_attention"].keys())
        assert names == ["_dropout_layer", "_softmax", "key_dense", "output_dense", "query_dense", "value_dense",
                         "vars"]
        assert h5["layers/multi_head_attention/query_dense/vars/0"].shape == (6, 2, 3)
    again = keras.models.load_model(path)
    np.testing.assert_allclose(again.predict([EXPECTED["xs"], EXPECTED["xg"]], verbose=0)[1], EXPECTED["axes12"],
                               rtol=1e-5, atol=1e-5)


def test_group_query_attention_file_from_keras3_loads_and_names_as_keras():
    expected = np.load(FILES / "gqa.npz")
    model = keras.models.load_model(FILES / "gqa.keras")
    np.testing.assert_allclose(model.predict(expected["x"], verbose=0), expected["y"], rtol=1e-5, atol=1e-5)
    keras.backend.clear_session()
    assert keras.layers.GroupQueryAttention(4, 4, 2).name == str(expected["name"]) == "grouped_query_attention"
