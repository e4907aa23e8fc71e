"""Text/categorical preprocessing layers: what the goldens do not cover (errors, configs, saving, files,
datasets, callables). Values are hand-computed from Keras's rules; hashes are checked against TF in the goldens."""

import json
import re
import string
import zipfile

import h5py
import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike._src.ops import string_hash

layers = tf.keras.layers


def _vals(x):
    return x.numpy().tolist() if hasattr(x, "numpy") else x


# ---- hashes ------------------------------------------------------------------------------------------
def test_siphash_reference_vector():
    # The SipHash-2-4 paper's test vector: key 00..0f, message 00..0e -> a129ca6149be45e5.
    key = (int.from_bytes(bytes(range(8)), "little"), int.from_bytes(bytes(range(8, 16)), "little"))
    assert string_hash.siphash24(key, bytes(range(15))) == 0xA129CA6149BE45E5


def test_hash_bucket_dedupes_and_keeps_shape():
    values = np.array([[b"a", b"b"], [b"a", b"a"]], dtype=object)
    out = string_hash.hash_bucket(values, 1 << 40)
    assert out.shape == (2, 2) and out[0, 0] == out[1, 0] == out[1, 1] == string_hash.fingerprint64(b"a") % (1 << 40)


# ---- errors: every rejected argument names itself ------------------------------------------------------
@pytest.mark.parametrize("make", [
    lambda: layers.StringLookup(sparse=True, output_mode="multi_hot"),
    lambda: layers.IntegerLookup(sparse=True, output_mode="count"),
    lambda: layers.TextVectorization(sparse=True, output_mode="multi_hot"),
    lambda: layers.Hashing(3, sparse=True, output_mode="one_hot"),
    lambda: layers.HashedCrossing(3, sparse=True),
])
def test_sparse_raises_naming_it(make):
    with pytest.raises(ValueError, match="sparse"):
        make()


@pytest.mark.parametrize("make, match", [
    (lambda: layers.StringLookup(max_tokens=1), "max_tokens"),
    (lambda: layers.StringLookup(num_oov_indices=-1), "num_oov_indices"),
    (lambda: layers.StringLookup(output_mode="onehot"), "output_mode"),
    (lambda: layers.StringLookup(invert=True, output_mode="count"), "invert"),
    (lambda: layers.StringLookup(pad_to_max_tokens=True), "pad_to_max_tokens"),
    (lambda: layers.StringLookup(vocabulary=["a"], output_mode="tf_idf"), "idf_weights"),
    (lambda: layers.StringLookup(idf_weights=[1.0]), "idf_weights"),
    (lambda: layers.StringLookup(vocabulary=["a", "b", "a"]), "repeated"),
    (lambda: layers.StringLookup(vocabulary=["a", "[M]"], mask_token="[M]"), "mask"),
    (lambda: layers.StringLookup(vocabulary=["a", "b", "c"], max_tokens=3), "max_tokens"),
    (lambda: layers.StringLookup(encoding="latin-1"), "encoding"),
    (lambda: layers.StringLookup(salt="x"), "salt"),
    (lambda: layers.StringLookup(foo=1), "foo"),
    (lambda: layers.IntegerLookup(vocabulary_dtype="int32"), "vocabulary_dtype"),
    (lambda: layers.IntegerLookup(salt=3), "salt"),
    (lambda: layers.TextVectorization(standardize="upper"), "standardize"),
    (lambda: layers.TextVectorization(split="comma"), "split"),
    (lambda: layers.TextVectorization(ngrams=[1, 2]), "ngrams"),
    (lambda: layers.TextVectorization(output_mode="multi_hot", output_sequence_length=3), "output_sequence_length"),
    (lambda: layers.TextVectorization(output_mode="count", ragged=True), "ragged"),
    (lambda: layers.Hashing(0), "num_bins"),
    (lambda: layers.Hashing(3, dtype="float32"), "dtype"),
    (lambda: layers.Hashing(3, salt=1.5), "salt"),
    (lambda: layers.HashedCrossing(3, output_mode="count"), "output_mode"),
])
def test_bad_arguments_raise(make, match):
    with pytest.raises((ValueError, TypeError), match=match):
        make()


def test_oov_with_no_oov_indices_raises():
    layer = layers.StringLookup(vocabulary=["a"], num_oov_indices=0)
    with pytest.raises(ValueError, match="num_oov_indices=0"):
        layer(["a", "zz"])


def test_adapt_after_vocabulary_raises():
    with pytest.raises(ValueError, match="Cannot adapt"):
        layers.StringLookup(vocabulary=["a"]).adapt(["a", "b"])
    with pytest.raises(ValueError, match="Cannot adapt"):
        layers.TextVectorization(vocabulary=["a"]).adapt(["a b"])


def test_encoded_output_needs_a_vocabulary():
    with pytest.raises(RuntimeError, match="vocabulary"):
        layers.StringLookup(output_mode="multi_hot")(["a"])


def test_ragged_true_gives_rows():
    layer = layers.TextVectorization(ragged=True, vocabulary=["a", "b"])
    out = layer(["a b q", "b", ""])
    assert isinstance(out, tf.RaggedTensor) and out.to_list() == [[2, 3, 1], [3], []]
    cut = layers.TextVectorization(ragged=True, vocabulary=["a", "b"], output_sequence_length=2)
    assert cut(["a b q", "b"]).to_list() == [[2, 3], [3]]


def test_tutorial_custom_standardization_with_tf_strings():
    def custom_standardization(input_data):  # TF's text classification tutorial, verbatim
        lowercase = tf.strings.lower(input_data)
        stripped_html = tf.strings.regex_replace(lowercase, "<br />", " ")
        return tf.strings.regex_replace(stripped_html, "[%s]" % re.escape(string.punctuation), "")

    layer = layers.TextVectorization(standardize=custom_standardization, split=tf.strings.split,
                                     output_sequence_length=4)
    layer.adapt(["Great<br />movie!", "GREAT plot, great."])
    assert layer.get_vocabulary() == ["", "[UNK]", "great", "plot", "movie"]
    assert _vals(layer(tf.constant(["a great<br />plot"]))) == [[1, 2, 3, 0]]


def test_split_needs_rank_1_or_trailing_1():
    with pytest.raises(ValueError, match="last shape dimension must be 1"):
        layers.TextVectorization(vocabulary=["a"])([["a", "b"]])


def test_hashed_crossing_input_checks():
    cross = layers.HashedCrossing(5)
    with pytest.raises(ValueError, match="list or tuple"):
        cross(np.array([1, 2]))
    with pytest.raises(ValueError, match="at least two"):
        cross([np.array([1, 2])])
    with pytest.raises(ValueError, match="equal shape"):
        cross([np.array([1, 2]), np.array([1, 2, 3])])
    with pytest.raises(ValueError, match="integer or string"):
        cross([np.array([1.0, 2.0]), np.array([1, 2])])


# ---- vocabularies ------------------------------------------------------------------------------------
def test_vocabulary_file(tmp_path):
    path = tmp_path / "vocab.txt"
    path.write_bytes("cat\ndog\ncafé\n".encode())
    layer = layers.StringLookup(vocabulary=str(path))
    assert layer.get_vocabulary() == ["[UNK]", "cat", "dog", "café"]
    assert _vals(layer(["dog", "café", "owl"])) == [2, 3, 0]
    ints = tmp_path / "ints.txt"
    ints.write_text("10\n20\n")
    assert _vals(layers.IntegerLookup(vocabulary=str(ints))(np.array([20, 10, 5]))) == [2, 1, 0]
    with pytest.raises(ValueError, match="does not exist"):
        layers.StringLookup(vocabulary=str(tmp_path / "missing.txt"))


def test_set_vocabulary_and_special_tokens():
    layer = layers.StringLookup(mask_token="", num_oov_indices=2)
    layer.set_vocabulary(["x", "y"])
    assert layer.get_vocabulary() == ["", "[UNK]", "[UNK]", "x", "y"]
    assert layer.get_vocabulary(include_special_tokens=False) == ["x", "y"]
    assert layer.vocabulary_size() == 5
    assert _vals(layer(["", "y"])) == [0, 4]


def test_vocabulary_size_is_frozen_for_encodings():
    layer = layers.StringLookup(vocabulary=["a", "b"], output_mode="multi_hot")
    with pytest.raises(RuntimeError, match="vocabulary size cannot be changed"):
        layer.set_vocabulary(["a", "b", "c"])


def test_integer_lookup_tokens_and_invert_roundtrip():
    data = np.array([[3, 3, 9], [9, 9, 4]])
    lookup = layers.IntegerLookup()
    lookup.adapt(data)
    assert lookup.get_vocabulary() == [-1, 9, 3, 4]  # by count, ties by the larger value
    invert = layers.IntegerLookup(vocabulary=lookup.get_vocabulary(), invert=True)
    assert _vals(invert(lookup(data))) == data.tolist()
    assert lookup(torch.tensor([4, 100])).dtype == torch.int64


# ---- TextVectorization: callables, datasets, maps ------------------------------------------------------
def test_callable_standardize_and_split():
    def standardize(x):  # gets a tf.string tensor, returns one
        assert x.dtype == tf.string
        return tf.constant([s.replace(b"<br />", b" ").upper() for s in x.numpy().reshape(-1)])

    def split(x):  # rank-1 strings -> rows of tokens
        return [s.split(b",") for s in x.numpy().tolist()]

    layer = layers.TextVectorization(standardize=standardize, split=split)
    layer.adapt(["a,b<br />c", "b,b"])
    # "A,B C" and "B,B": B twice, then the ties "B C" and "A", the larger token first
    assert layer.get_vocabulary() == ["", "[UNK]", "B", "B C", "A"]
    assert _vals(layer(["b,b<br />c", "a,q"])) == [[2, 3], [4, 1]]


def test_character_split_is_unicode():
    layer = layers.TextVectorization(split="character", standardize=None, vocabulary=["é", "a"])
    assert _vals(layer(["aé", "é"])) == [[3, 2], [2, 0]]


def test_adapt_on_dataset_and_map():
    corpus = ["the cat", "the dog", "a dog barks"]
    ds = tf.data.Dataset.from_tensor_slices(corpus).batch(2)
    layer = layers.TextVectorization(output_sequence_length=3)
    layer.adapt(ds)
    assert layer.get_vocabulary() == ["", "[UNK]", "the", "dog", "cat", "barks", "a"]
    mapped = list(ds.map(layer).as_numpy_iterator())
    assert [m.tolist() for m in mapped] == [[[2, 4, 0], [2, 3, 0]], [[6, 3, 5]]]
    ints = tf.data.Dataset.from_tensor_slices(np.array([[5], [6], [6]])).batch(2)
    lookup = layers.IntegerLookup()
    lookup.adapt(ints, steps=1)  # one batch: [[5], [6]]
    assert lookup.get_vocabulary() == [-1, 6, 5]


def test_scalar_and_string_tensor_inputs():
    layer = layers.StringLookup(vocabulary=["a", "b"])
    out = layer(tf.constant("b"))
    assert out.shape == () and int(out) == 2
    assert _vals(layer(tf.constant([["a"], ["b"]]))) == [[1], [2]]
    assert layers.StringLookup(vocabulary=["a"], invert=True)(np.array([1, 0])).dtype == tf.string


def test_hashing_in_dataset_map_matches_direct_call():
    layer = layers.Hashing(num_bins=7, salt=[1, 2])
    values = np.array([["x"], ["y"], ["z"]])
    ds = tf.data.Dataset.from_tensor_slices(values).batch(2).map(layer)
    assert np.concatenate(list(ds.as_numpy_iterator())).tolist() == _vals(layer(values))


# ---- configs and saving --------------------------------------------------------------------------------
@pytest.mark.parametrize("layer", [
    layers.StringLookup(vocabulary=["a", "b"], num_oov_indices=2, mask_token="", salt=5),
    layers.IntegerLookup(vocabulary=[4, 8], output_mode="multi_hot", oov_method="farmhash"),
    layers.TextVectorization(vocabulary=["a", "b"], ngrams=(1, 2), output_sequence_length=4),
    layers.TextVectorization(vocabulary=["a", "b"], output_mode="tf_idf", idf_weights=[0.5, 2.0]),
    layers.Hashing(9, mask_value="", salt=3, output_mode="count"),
    layers.HashedCrossing(6, output_mode="one_hot"),
])
def test_config_roundtrip_gives_same_outputs(layer):
    config = json.loads(json.dumps(layer.get_config()))
    clone = type(layer).from_config(config)
    if isinstance(layer, layers.HashedCrossing):
        inputs = [np.array([1, 2, 3]), np.array(["a", "b", "a"])]
    elif isinstance(layer, layers.IntegerLookup):
        inputs = np.array([[4, 5], [8, 8]])
    elif isinstance(layer, layers.TextVectorization):
        inputs = ["a b a", "b q"]
    else:
        inputs = [["a", ""], ["zz", "b"]]
    assert _vals(clone(inputs)) == _vals(layer(inputs))


def test_keras_file_keeps_adapted_vocabulary_and_idf(tmp_path):
    corpus = ["the cat sat", "the dog", "a cat and a dog"]
    ints = layers.TextVectorization(output_sequence_length=4)
    ints.adapt(corpus)
    tfidf = layers.TextVectorization(output_mode="tf_idf", max_tokens=6)
    tfidf.adapt(corpus)
    lookup = layers.StringLookup(num_oov_indices=2)
    lookup.adapt(np.array(["x", "y", "y"]))
    queries = ["the cat and a bird", "dog"]
    for i, layer in enumerate((ints, tfidf, lookup)):
        model = tf.keras.Sequential([layer])
        expected = _vals(model(queries))
        path = str(tmp_path / f"m{i}.keras")
        model.save(path)
        names = zipfile.ZipFile(path).namelist()
        prefix = f"assets/layers/{'string_lookup' if layer is lookup else 'text_vectorization'}/"
        assert prefix + "vocabulary.txt" in names  # Keras 3's asset layout
        loaded = tf.keras.models.load_model(path)
        assert loaded.layers[0].get_vocabulary() == layer.get_vocabulary()
        np.testing.assert_allclose(np.asarray(_vals(loaded(queries))), np.asarray(expected), rtol=1e-6)
    with zipfile.ZipFile(str(tmp_path / "m1.keras")) as zf, zf.open("model.weights.h5") as f:
        with h5py.File(f, "r") as h5:
            idf = h5["layers/text_vectorization/vars/idf_weights"][()]
    np.testing.assert_allclose(idf, tfidf.idf_weights.numpy())


# ---- FeatureSpace ----------------------------------------------------------------------------------------
FeatureSpace = tf.keras.utils.FeatureSpace
TABLE = {"color": np.array(["red", "blue", "red", "green"]), "size": np.array([1, 2, 2, 3]),
         "weight": np.array([1.0, 2.0, 3.0, 4.0], "float32")}


@pytest.mark.parametrize("kwargs, match", [
    ({"features": {}}, "cannot be None or empty"),
    ({"features": {"a": "floaty"}}, "Invalid feature type"),
    ({"features": {"a": "float"}, "output_mode": "list"}, "output_mode"),
    ({"features": {"a": "float"}, "crosses": [("a", "b")]}, "unknown features"),
    ({"features": {"a": "float"}, "crosses": [("a", "a")], "crossing_dim": 0}, "crossing_dim"),
])
def test_feature_space_bad_arguments(kwargs, match):
    with pytest.raises(ValueError, match=match):
        FeatureSpace(**kwargs)


def test_feature_space_needs_adapt_and_a_dict():
    space = FeatureSpace({"color": "string_categorical", "weight": "float_normalized"})
    with pytest.raises(ValueError, match="adapt"):
        space({k: TABLE[k] for k in ("color", "weight")})
    space.adapt({k: TABLE[k] for k in ("color", "weight")})
    with pytest.raises(ValueError, match="only be called with a dict"):
        space(TABLE["weight"])


def test_feature_space_concat_refuses_unencoded_ints():
    space = FeatureSpace({"size": FeatureSpace.integer_categorical(output_mode="int")})
    with pytest.raises(ValueError, match="Cannot concatenate"):
        space.adapt({"size": TABLE["size"]})


def test_feature_space_values_and_config():
    features = {"color": "string_categorical", "size": FeatureSpace.integer_hashed(4), "weight": "float_rescaled"}
    space = FeatureSpace(features, crosses=[("color", "size")], crossing_dim=8)
    space.adapt(TABLE)
    out = space({k: v[:2] for k, v in TABLE.items()})
    # sorted names: color (multi-hot over ["[UNK]", "red", "green", "blue"]: ties, the larger token first),
    # size (4 hash bins), weight (rescaled by 1), then the cross
    assert tuple(out.shape) == (2, 4 + 4 + 1 + 8) and out.dtype == torch.float32
    assert out[:, :4].tolist() == [[0, 1, 0, 0], [0, 0, 0, 1]]
    assert out[:, 8].tolist() == [1.0, 2.0]
    size_bins = layers.Hashing(4)(np.array([1, 2])).tolist()
    assert [row.index(1.0) for row in out[:, 4:8].tolist()] == size_bins
    cross = layers.HashedCrossing(8)([np.array([1, 3]), np.array(size_bins)])  # (color index, size bin)
    assert [row.index(1.0) for row in out[:, 9:].tolist()] == cross.tolist()
    single = space({k: v[0] for k, v in TABLE.items()})
    assert single.tolist() == out[0].tolist()
    clone = FeatureSpace.from_config(json.loads(json.dumps(space.get_config())))
    assert sorted(clone.features) == sorted(features) and [c.name for c in clone.crosses] == ["color_X_size"]


def test_feature_space_save_and_load(tmp_path):
    table = {**TABLE, "height": np.array([1.0, 5.0, 3.0, 9.0], "float32")}
    space = FeatureSpace({"color": "string_categorical", "size": "integer_categorical", "weight": "float_normalized",
                          "height": FeatureSpace.float_discretized(3)}, crosses=[("color", "size")], crossing_dim=8)
    space.adapt(table)
    expected = space(table).numpy()
    path = str(tmp_path / "space.keras")
    space.save(path)
    loaded = tf.keras.models.load_model(path)
    assert isinstance(loaded, FeatureSpace)
    np.testing.assert_allclose(loaded(table).numpy(), expected, rtol=1e-6)
    assert loaded.preprocessors["height"].bin_boundaries == space.preprocessors["height"].bin_boundaries


def test_discretization_config_keeps_adapted_boundaries():
    layer = layers.Discretization(num_bins=3)
    layer.adapt(np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]))
    clone = layers.Discretization.from_config(layer.get_config())
    assert clone.bin_boundaries == layer.bin_boundaries == [2.0, 4.0]  # as real Keras adapts these values
