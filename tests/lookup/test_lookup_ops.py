"""tf.lookup tables; expected values read off real TF 2.21 for the same calls (hash ids included)."""

import pytest
import torch

import keraslike as tf


def _init():
    return tf.lookup.KeyValueTensorInitializer(tf.constant(["apple", "banana", "cherry"]),
                                               tf.constant([0, 1, 2], tf.int64))


def test_static_hash_table():
    init = _init()
    assert init.key_dtype is tf.string and init.value_dtype == torch.int64
    table = tf.lookup.StaticHashTable(init, default_value=-1)
    out = table.lookup(tf.constant(["banana", "x", "apple"]))
    assert out.dtype == torch.int64 and out.tolist() == [1, -1, 0] and int(table.size()) == 3
    assert table[tf.constant(["cherry"])].tolist() == [2] and int(table.default_value) == -1
    assert table.lookup(tf.ragged.constant([["apple"], ["x", "cherry"]])).to_list() == [[0], [-1, 2]]
    keys, values = table.export()
    assert sorted(zip(keys.numpy().tolist(), values.tolist())) == [(b"apple", 0), (b"banana", 1), (b"cherry", 2)]
    with pytest.raises(TypeError, match="must be <dtype: 'string'>, received: <dtype: 'int32'>"):
        table.lookup(tf.constant([1]))
    numeric = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer([1, 2], [10.0, 20.0]), -1.0)
    assert numeric.lookup(tf.constant([2, 5])).tolist() == [20.0, -1.0] and numeric.key_dtype == torch.int32
    with pytest.raises(TypeError, match="must be <dtype: 'int32'>"):
        numeric.lookup(tf.constant([2, 5], tf.int64))
    with pytest.raises(tf.errors.FailedPreconditionError):
        tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(["a", "a"], [1, 2]), -1)


def test_text_file_initializer(tmp_path):
    vocab = tmp_path / "v.txt"
    vocab.write_text("emerson\nlake\npalmer\n")
    index = tf.lookup.TextFileIndex
    table = tf.lookup.StaticHashTable(
        tf.lookup.TextFileInitializer(str(vocab), tf.string, index.WHOLE_LINE, tf.int64, index.LINE_NUMBER), -1)
    assert table.lookup(tf.constant(["lake", "palmer", "x"])).tolist() == [1, 2, -1] and int(table.size()) == 3
    columns = tmp_path / "c.txt"
    columns.write_text("a\t10\nb\t20\n")
    table = tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(str(columns), tf.string, 0, tf.int64, 1), -1)
    assert table.lookup(tf.constant(["b", "a", "z"])).tolist() == [20, 10, -1]
    table = tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(
        str(vocab), tf.string, -2, tf.int64, -1, vocab_size=2, value_index_offset=5), -1)
    assert table.lookup(tf.constant(["emerson", "lake", "palmer"])).tolist() == [5, 6, -1]
    with pytest.raises(tf.errors.NotFoundError):
        tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(
            str(tmp_path / "missing.txt"), tf.string, -2, tf.int64, -1), -1)


def test_static_vocabulary_table_hashes_oov_like_tf():
    table = tf.lookup.StaticVocabularyTable(_init(), num_oov_buckets=3)
    assert table.lookup(tf.constant(["apple", "zzz", "qq", "banana", ""])).tolist() == [0, 3, 3, 1, 5]
    assert int(table.size()) == 6
    ints = tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer(
        tf.constant([7, 9], tf.int64), tf.constant([0, 1], tf.int64)), 2)
    assert ints.lookup(tf.constant([9, 100, 101], tf.int64)).tolist() == [1, 3, 3]
    hashed = tf.lookup.StaticVocabularyTable(None, 5, lookup_key_dtype=tf.string)
    assert hashed.lookup(tf.constant(["a", "b"])).tolist() == [4, 2]
    with pytest.raises(ValueError, match="num_oov_buckets"):
        tf.lookup.StaticVocabularyTable(_init(), 0)


def test_mutable_and_dense_hash_tables():
    table = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
    table.insert(tf.constant(["a", "b"]), tf.constant([1, 2], tf.int64))
    assert table.lookup(tf.constant(["a", "c"])).tolist() == [1, -1] and int(table.size()) == 2
    table.remove(tf.constant(["a"]))
    assert table.lookup(tf.constant(["a", "b"])).tolist() == [-1, 2]
    keys, values = table.export()
    assert keys.numpy().tolist() == [b"b"] and values.tolist() == [2]
    dense = tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, default_value=-1, empty_key=0, deleted_key=-1)
    dense.insert(tf.constant([5, 6], tf.int64), tf.constant([50, 60], tf.int64))
    assert dense.lookup(tf.constant([5, 7], tf.int64)).tolist() == [50, -1] and int(dense.size()) == 2
    dense.erase(tf.constant([5], tf.int64))
    assert dense.lookup(tf.constant([5, 6], tf.int64)).tolist() == [-1, 60] and int(dense.size()) == 1
    with pytest.raises(tf.errors.InvalidArgumentError):
        dense.insert(tf.constant([0], tf.int64), tf.constant([1], tf.int64))
