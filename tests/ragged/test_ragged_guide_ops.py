"""TF's ragged-tensor guide, its first ops cell: `tf.tile(digits, [1, 2])` and `tf.map_fn(tf.math.square, digits)`
on a RaggedTensor, and its embedding cell. Expected values are TF 2.21's output for the same calls (run there)."""
import os

import numpy as np
import pytest

import keraslike as tf

DIGITS = [[3, 1, 4, 1], [], [5, 9, 2], [6], []]


def test_tile_ragged():
    digits = tf.ragged.constant(DIGITS)
    assert tf.tile(digits, [1, 2]).to_list() == [[3, 1, 4, 1, 3, 1, 4, 1], [], [5, 9, 2, 5, 9, 2], [6, 6], []]
    assert tf.tile(digits, [2, 1]).to_list() == DIGITS + DIGITS
    assert tf.tile(digits, [1, 0]).to_list() == [[], [], [], [], []]


def test_map_fn_over_ragged_rows_gives_ragged():
    digits = tf.ragged.constant(DIGITS)
    squared = tf.map_fn(tf.math.square, digits)
    assert isinstance(squared, tf.RaggedTensor)
    assert squared.to_list() == [[9, 1, 16, 1], [], [25, 81, 4], [36], []]


def test_guide_cell_runs():
    digits = tf.ragged.constant(DIGITS)
    words = tf.ragged.constant([["So", "long"], ["thanks", "for", "all", "the", "fish"]])
    assert tf.add(digits, 3).to_list() == [[6, 4, 7, 4], [], [8, 12, 5], [9], []]
    assert tf.concat([digits, [[5, 3]]], axis=0).to_list() == DIGITS + [[5, 3]]
    assert tf.strings.substr(words, 0, 2).to_list() == [[b"So", b"lo"], [b"th", b"fo", b"al", b"th", b"fi"]]


def test_guide_embedding_cell_matches_tf():
    """The guide's embedding cell (ragged ids into embedding_lookup, ragged string joins) against TF 2.21
    (tests/golden/make_ragged_guide_golden.py)."""
    golden = np.load(os.path.join(os.path.dirname(__file__), "..", "golden", "ragged_guide.npz"))
    queries = tf.ragged.constant([["Who", "is", "Dan", "Smith"], ["Pause"], ["Will", "it", "rain", "later", "today"]])
    embedding_table = tf.Variable(golden["table"])
    word_buckets = tf.strings.to_hash_bucket_fast(queries, 1024)
    word_embeddings = tf.nn.embedding_lookup(embedding_table, word_buckets)
    assert isinstance(word_embeddings, tf.RaggedTensor)
    np.testing.assert_array_equal(word_buckets.flat_values.numpy(), golden["word_buckets"])
    np.testing.assert_allclose(word_embeddings.flat_values.numpy(), golden["word_embeddings"], rtol=1e-6)
    marker = tf.fill([queries.nrows(), 1], "#")
    padded = tf.concat([marker, queries, marker], axis=1)
    bigrams = tf.strings.join([padded[:, :-1], padded[:, 1:]], separator="+")
    assert list(bigrams.flat_values.numpy()) == list(golden["bigrams"])
    bigram_embeddings = tf.nn.embedding_lookup(embedding_table, tf.strings.to_hash_bucket_fast(bigrams, 1024))
    all_embeddings = tf.concat([word_embeddings, bigram_embeddings], axis=1)
    np.testing.assert_allclose(tf.reduce_mean(all_embeddings, axis=1).numpy(), golden["avg_embedding"], rtol=1e-5)


def test_reverse_ragged_and_palindrome_function():
    rt = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
    assert tf.reverse(rt, [1]).to_list() == [[2, 1], [3], [6, 5, 4]]
    assert tf.reverse(rt, [0]).to_list() == [[4, 5, 6], [3], [1, 2]]

    @tf.function
    def make_palindrome(x, axis):
        return tf.concat([x, tf.reverse(x, [axis])], axis)

    assert make_palindrome(rt, axis=1).to_list() == [[1, 2, 2, 1], [3, 3], [4, 5, 6, 6, 5, 4]]


def test_function_with_ragged_input_signature():
    @tf.function(input_signature=[tf.RaggedTensorSpec(shape=[None, None], dtype=tf.int32)])
    def max_and_min(rt):
        return (tf.math.reduce_max(rt, axis=-1), tf.math.reduce_min(rt, axis=-1))

    high, low = max_and_min(tf.ragged.constant([[1, 2], [3], [4, 5, 6]]))
    assert high.numpy().tolist() == [2, 3, 6] and low.numpy().tolist() == [1, 3, 4]
    with pytest.raises(TypeError, match="Binding inputs to tf.function failed"):
        max_and_min(tf.ragged.constant([[1.0]]))
