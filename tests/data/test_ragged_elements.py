"""RaggedTensor components in tf.data; expected values and specs read off real TF 2.21 for the same pipelines."""

import numpy as np

import keraslike as tf


def test_slices_of_a_ragged_tensor_batch_back_into_ragged():
    rt = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
    ds = tf.data.Dataset.from_tensor_slices(rt)
    assert repr(ds.element_spec) == "RaggedTensorSpec(TensorShape([None]), tf.int32, 0, tf.int64)"
    assert [a.tolist() for a in ds.as_numpy_iterator()] == [[1, 2], [3], [4, 5, 6]]
    assert [b.to_list() for b in ds.batch(2)] == [[[1, 2], [3]], [[4, 5, 6]]]
    assert [a.tolist() for a in ds.batch(2).unbatch().as_numpy_iterator()] == [[1, 2], [3], [4, 5, 6]]
    assert [a.tolist() for a in tf.data.Dataset.from_tensors(rt).unbatch().as_numpy_iterator()] == [
        [1, 2], [3], [4, 5, 6]]
    nested = tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[[1], [2, 3]], [[4]], [[5, 6]]]))
    assert repr(nested.batch(2).element_spec) == (
        "RaggedTensorSpec(TensorShape([None, None, None]), tf.int32, 2, tf.int64)")
    assert [repr(b) for b in nested.batch(2)] == ["<tf.RaggedTensor [[[1], [2, 3]], [[4]]]>",
                                                  "<tf.RaggedTensor [[[5, 6]]]>"]
    shuffled = [a.tolist() for a in ds.shuffle(3).as_numpy_iterator()]
    assert sorted(shuffled) == [[1, 2], [3], [4, 5, 6]]


def test_map_to_ragged_and_ragged_batch():
    words = tf.data.Dataset.from_tensor_slices(["a b", "c", "d e f"])
    split = words.batch(2).map(tf.strings.split)
    assert repr(split.element_spec) == "RaggedTensorSpec(TensorShape([None, None]), tf.string, 1, tf.int64)"
    assert [b.to_list() for b in split] == [[[b"a", b"b"], [b"c"]], [[b"d", b"e", b"f"]]]
    first = next(split.as_numpy_iterator())
    assert isinstance(first, np.ndarray) and [r.tolist() for r in first] == [[b"a", b"b"], [b"c"]]
    batched = words.map(tf.strings.split).ragged_batch(2)
    assert repr(batched.element_spec) == "RaggedTensorSpec(TensorShape([None, None]), tf.string, 1, tf.int64)"
    assert [b.to_list() for b in batched] == [[[b"a", b"b"], [b"c"]], [[b"d", b"e", b"f"]]]
    ranges = tf.data.Dataset.range(4).map(lambda i: tf.ragged.range(i))
    assert repr(ranges.element_spec) == "RaggedTensorSpec(TensorShape([1, None]), tf.int64, 1, tf.int64)"
    assert [b.to_list() for b in ranges.batch(2)] == [[[[]], [[0]]], [[[0, 1]], [[0, 1, 2]]]]
    pairs = tf.data.Dataset.from_tensor_slices(([[1, 2, 3], [4, 5, 6]], [7, 8])).ragged_batch(2)
    values, scalars = next(iter(pairs))
    assert values.tolist() == [[1, 2, 3], [4, 5, 6]] and scalars.tolist() == [7, 8]  # uniform rows: dense, as TF
    assert tf.RaggedTensorSpec.from_value(tf.ragged.constant([[1], []])) == tf.RaggedTensorSpec([2, None], tf.int32)
