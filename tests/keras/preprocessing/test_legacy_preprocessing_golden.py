"""`tf.keras.preprocessing.sequence` / `.text` against real TF 2.21 (tests/golden/preprocessing_legacy.json, written
by tests/golden/make_preprocessing_golden.py), plus the behaviour goldens cannot pin (salted `hash`, errors)."""

import json
import os
import random
import warnings

import numpy as np
import pytest

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "..", "golden", "preprocessing_legacy.json")
sequence = tf.keras.preprocessing.sequence
text = tf.keras.preprocessing.text


@pytest.fixture(scope="module")
def golden():
    with open(GOLDEN) as f:
        return json.load(f)


def test_make_sampling_table_matches_tf(golden):
    for case in golden["sampling_tables"]:
        np.testing.assert_allclose(sequence.make_sampling_table(**case["args"]), case["table"], rtol=1e-12)
    np.testing.assert_allclose(sequence.make_sampling_table(10, sampling_factor=0.05), golden["skipgram_table"],
                               rtol=1e-12)


def test_skipgrams_match_tf_under_the_same_python_random_seed(golden):
    table = np.array(golden["skipgram_table"])
    for case in golden["skipgrams"]:
        args = dict(case["args"])
        if args.get("sampling_table") == "table":
            args["sampling_table"] = table
        random.seed(case["random_seed"])
        couples, labels = sequence.skipgrams(golden["sentence"], 10, **args)
        assert couples == case["couples"], case["args"]
        assert labels == case["labels"], case["args"]


def test_skipgrams_pairs_and_labels_stay_aligned_when_shuffled():
    random.seed(None)
    sentence = [1, 2, 3, 4, 5, 6]
    positives = set()
    for i, w in enumerate(sentence):
        positives.update((w, sentence[j]) for j in range(max(0, i - 2), min(6, i + 3)) if j != i)
    couples, labels = sequence.skipgrams(sentence, 7, window_size=2, negative_samples=0.0)
    assert all(label == 1 for label in labels) and {tuple(c) for c in couples} == positives
    couples, labels = sequence.skipgrams(sentence, 50, window_size=2, negative_samples=1.0)
    assert labels.count(1) == labels.count(0) == len(positives)
    for (w, context), label in zip(couples, labels):
        if label == 1:
            assert (w, context) in positives
        assert 1 <= context < 50


def test_skipgrams_bad_arguments():
    with pytest.raises(ValueError, match="window_size"):
        sequence.skipgrams([1, 2], 3, window_size=-1)
    with pytest.raises(ValueError, match="negative_samples"):
        sequence.skipgrams([1, 2], 3, negative_samples=-1)
    with pytest.raises(ValueError, match="size"):
        sequence.make_sampling_table(0)


def test_timeseries_generator_matches_tf(golden):
    data = np.arange(40, dtype="float32").reshape(20, 2)
    targets = np.arange(20, dtype="int64") * 10
    for case in golden["timeseries"]:
        generator = sequence.TimeseriesGenerator(data, targets, **case["args"])
        assert len(generator) == case["len"], case["args"]
        for i in range(len(generator)):
            x, y = generator[i]
            np.testing.assert_array_equal(x, case["x"][i])
            np.testing.assert_array_equal(y, case["y"][i])
            assert x.dtype == np.float32 and y.dtype == np.int64


def test_timeseries_generator_is_a_py_dataset_for_fit():
    data = np.random.rand(50, 3).astype("float32")
    generator = sequence.TimeseriesGenerator(data, data[:, :1], length=5, batch_size=8, shuffle=True)
    assert isinstance(generator, tf.keras.utils.PyDataset)
    x, y = generator[0]
    assert x.shape == (8, 5, 3) and y.shape == (8, 1)
    model = tf.keras.Sequential([tf.keras.Input((5, 3)), tf.keras.layers.Flatten(), tf.keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    history = model.fit(generator, epochs=1, verbose=0)
    assert np.isfinite(history.history["loss"][0])
    config = json.loads(generator.to_json())
    assert config["class_name"] == "TimeseriesGenerator" and config["config"]["length"] == 5
    with pytest.raises(ValueError, match="same length"):
        sequence.TimeseriesGenerator(data, data[:3], length=2)
    with pytest.raises(ValueError, match="end_index"):
        sequence.TimeseriesGenerator(data, data, length=10, start_index=45)
    with pytest.raises(TypeError):
        sequence.TimeseriesGenerator(data, data, length=2, bogus=1)


def _check_tokenizer(tokenizer, case, golden):
    assert list(tokenizer.word_counts.items()) == [tuple(p) for p in case["word_counts"]]
    assert dict(tokenizer.word_docs) == case["word_docs"]
    assert tokenizer.word_index == case["word_index"]
    assert tokenizer.index_word == {int(k): v for k, v in case["index_word"].items()}
    assert {int(k): v for k, v in dict(tokenizer.index_docs).items()} == {
        int(k): v for k, v in case["index_docs"].items()}
    assert tokenizer.document_count == case["document_count"]
    assert tokenizer.texts_to_sequences(golden["queries"]) == case["sequences"]
    assert list(tokenizer.texts_to_sequences_generator(golden["queries"])) == case["generator"]
    assert tokenizer.sequences_to_texts(case["sequences"] + [[1, 2, 99, 0, 3]]) == case["texts"]
    for mode, matrix in case["matrices"].items():
        np.testing.assert_allclose(tokenizer.texts_to_matrix(golden["queries"], mode=mode), matrix, rtol=1e-12,
                                   err_msg=f"{case['config']} {mode}")


def test_tokenizer_matches_tf(golden):
    for case in golden["tokenizers"]:
        tokenizer = text.Tokenizer(**case["config"])
        tokenizer.fit_on_texts(golden["corpus"])
        _check_tokenizer(tokenizer, case, golden)
        saved = json.loads(tokenizer.to_json())
        assert saved["class_name"] == case["to_json"]["class_name"]
        assert {k: json.loads(v) if k in ("word_counts", "word_docs", "index_docs", "index_word", "word_index")
                else v for k, v in saved["config"].items()} == {
            k: json.loads(v) if k in ("word_counts", "word_docs", "index_docs", "index_word", "word_index") else v
            for k, v in case["to_json"]["config"].items()}


def test_tokenizer_from_json_restores_tf_saved_tokenizers(golden):
    for case in golden["tokenizers"]:
        restored = text.tokenizer_from_json(json.dumps(case["to_json"]))  # written by real TF
        _check_tokenizer(restored, case, golden)
        again = text.tokenizer_from_json(restored.to_json())
        assert again.word_index == restored.word_index and again.num_words == case["config"].get("num_words")
    with pytest.raises(ValueError, match="Tokenizer"):
        text.tokenizer_from_json('{"config": {}}')


def test_text_to_word_sequence_and_md5_hashing_match_tf(golden):
    for case in golden["word_sequences"]:
        assert text.text_to_word_sequence(**case["args"]) == case["words"], case["args"]
    for case in golden["hashing_md5"]:
        assert text.hashing_trick(case["text"], case["n"], hash_function="md5") == case["indices"], case


def test_one_hot_and_hashing_trick_with_python_hash():
    words = text.text_to_word_sequence("The quick brown fox, the lazy dog.")
    assert text.one_hot("The quick brown fox, the lazy dog.", 20) == [hash(w) % 19 + 1 for w in words]
    assert text.hashing_trick("a b a", 5, hash_function=len) == [2, 2, 2]
    assert text.hashing_trick("A-B", 9, hash_function=ord, analyzer=lambda s: s.split("-")) == [
        ord("A") % 8 + 1, ord("B") % 8 + 1]
    with pytest.raises(ValueError, match="hash_function"):
        text.hashing_trick("a", 5, hash_function="sha1")
    with pytest.raises(ValueError, match="n="):
        text.one_hot("a", 1)


def test_tokenizer_options_and_errors():
    tokenizer = text.Tokenizer(analyzer=lambda s: s.split("|"))
    tokenizer.fit_on_texts(["a|b|a", "c|a"])
    assert tokenizer.word_index == {"a": 1, "b": 2, "c": 3}
    assert tokenizer.texts_to_sequences(["c|b|zz"]) == [[3, 2]]
    tokenizer = text.Tokenizer(num_words=3)
    tokenizer.fit_on_sequences([[1, 2], [2, 2, 5]])
    assert tokenizer.document_count == 2 and dict(tokenizer.index_docs) == {1: 1, 2: 2, 5: 1}
    np.testing.assert_allclose(tokenizer.sequences_to_matrix([[1, 2, 2, 7]], mode="count"), [[0, 1, 2]])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert text.Tokenizer(nb_words=7).num_words == 7
    assert any("num_words" in str(w.message) for w in caught)
    with pytest.raises(TypeError, match="bogus"):
        text.Tokenizer(bogus=1)
    with pytest.raises(ValueError, match="mode"):
        tokenizer.sequences_to_matrix([[1]], mode="onehot")
    with pytest.raises(ValueError, match="num_words"):
        text.Tokenizer().texts_to_matrix(["a"])
    with pytest.raises(ValueError, match="tfidf"):
        text.Tokenizer(num_words=4).sequences_to_matrix([[1]], mode="tfidf")
