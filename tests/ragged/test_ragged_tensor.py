"""tf.RaggedTensor and tf.ragged: values read off real TF 2.21 eager for the same calls."""

import numpy as np
import pytest
import torch

import keraslike as tf


def _rt():
    return tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2], [6], []])


def test_constant_structure_and_repr():
    rt = _rt()
    assert repr(rt) == "<tf.RaggedTensor [[3, 1, 4, 1], [], [5, 9, 2], [6], []]>" and str(rt) == repr(rt)
    assert rt.shape.as_list() == [5, None] and rt.dtype == torch.int32 and rt.ragged_rank == 1
    assert rt.row_splits.tolist() == [0, 4, 4, 7, 8, 8] and rt.row_splits.dtype == torch.int64
    assert rt.values.tolist() == [3, 1, 4, 1, 5, 9, 2, 6] and rt.flat_values is rt.values
    assert rt.row_lengths().tolist() == [4, 0, 3, 1, 0] and int(rt.nrows()) == 5
    assert rt.value_rowids().tolist() == [0, 0, 0, 0, 2, 2, 2, 3] and rt.bounding_shape().tolist() == [5, 4]
    assert rt.to_list() == [[3, 1, 4, 1], [], [5, 9, 2], [6], []]
    nested = tf.ragged.constant([[[1, 2], [3]], [[4]]])
    assert nested.shape.as_list() == [2, None, None] and nested.ragged_rank == 2
    assert repr(nested) == "<tf.RaggedTensor [[[1, 2], [3]], [[4]]]>"
    assert tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1).shape.as_list() == [2, None, 2]
    assert tf.ragged.constant([[], []]).dtype == torch.float32 and tf.ragged.constant([[1.5]]).dtype == torch.float32
    s = tf.ragged.constant([["a", "b"], ["c"]])
    assert repr(s) == "<tf.RaggedTensor [[b'a', b'b'], [b'c']]>" and s.dtype is tf.string
    assert [r.tolist() for r in s.numpy()] == [[b"a", b"b"], [b"c"]]
    assert repr(tf.ragged.range([0, 2], [3, 5])) == "<tf.RaggedTensor [[0, 1, 2],\n [2, 3, 4]]>"
    with pytest.raises(ValueError, match="same nesting depth"):
        tf.ragged.constant([[1, [2]]])


def test_factories():
    assert tf.RaggedTensor.from_row_splits([3, 1, 4, 1, 5], [0, 4, 4, 5]).to_list() == [[3, 1, 4, 1], [], [5]]
    assert tf.RaggedTensor.from_row_lengths([1, 2, 3], [2, 0, 1]).to_list() == [[1, 2], [], [3]]
    assert tf.RaggedTensor.from_value_rowids([1, 2, 3, 4], [0, 0, 2, 2], nrows=4).to_list() == [[1, 2], [], [3, 4], []]
    assert tf.RaggedTensor.from_row_starts([1, 2, 3], [0, 1]).to_list() == [[1], [2, 3]]
    assert tf.RaggedTensor.from_row_limits([1, 2, 3], [1, 3]).to_list() == [[1], [2, 3]]
    assert tf.RaggedTensor.from_tensor([[1, 0, 0], [2, 3, 0]], padding=0).to_list() == [[1], [2, 3]]
    assert tf.RaggedTensor.from_tensor([[1, 0, 0], [2, 3, 0]], lengths=[1, 3]).to_list() == [[1], [2, 3, 0]]
    assert tf.RaggedTensor.from_nested_row_lengths([1, 2, 3], [[2], [1, 2]]).to_list() == [[[1], [2, 3]]]
    assert tf.RaggedTensor.from_uniform_row_length([1, 2, 3, 4], 2).to_list() == [[1, 2], [3, 4]]
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.RaggedTensor.from_row_splits([1, 2], [0, 3])
    with pytest.raises(ValueError, match="private"):
        tf.RaggedTensor(torch.zeros(1), torch.zeros(2))


def test_to_tensor_indexing_and_math():
    rt = _rt()
    assert rt.to_tensor().tolist() == [[3, 1, 4, 1], [0, 0, 0, 0], [5, 9, 2, 0], [6, 0, 0, 0], [0, 0, 0, 0]]
    assert rt.to_tensor(default_value=-1, shape=[2, 3]).tolist() == [[3, 1, 4], [-1, -1, -1]]
    assert tf.ragged.constant([["a"], ["b", "c"]]).to_tensor().numpy().tolist() == [[b"a", b""], [b"b", b"c"]]
    assert rt[0].tolist() == [3, 1, 4, 1] and rt[-3].tolist() == [5, 9, 2]
    assert rt[1:3].to_list() == [[], [5, 9, 2]] and rt[:, :2].to_list() == [[3, 1], [], [5, 9], [6], []]
    assert rt[::2].to_list() == [[3, 1, 4, 1], [5, 9, 2], []]
    with pytest.raises(ValueError, match="inner ragged dimension"):
        rt[:, 0]
    assert [r.tolist() for r in tf.ragged.constant([[1], [2, 3]])] == [[1], [2, 3]]
    assert (rt + 1).to_list() == [[4, 2, 5, 2], [], [6, 10, 3], [7], []]
    assert (rt * 2).to_list() == [[6, 2, 8, 2], [], [10, 18, 4], [12], []]
    assert tf.reduce_sum(rt, axis=1).tolist() == [9, 0, 16, 6, 0]
    assert tf.reduce_mean(tf.ragged.constant([[1.0, 2.0], [3.0]]), axis=1).tolist() == [1.5, 3.0]
    assert tf.reduce_max(rt, axis=0).tolist() == [6, 9, 4, 1] and int(tf.reduce_sum(rt)) == 31
    assert tf.reduce_max(rt, axis=1).tolist()[1] == np.iinfo(np.int32).min  # TF: lowest value for empty rows
    assert tf.ragged.map_flat_values(tf.ones_like, rt).to_list() == [[1, 1, 1, 1], [], [1, 1, 1], [1], []]
    assert tf.ragged.row_splits_to_segment_ids([0, 2, 2, 5]).tolist() == [0, 0, 2, 2, 2]
    assert tf.ragged.segment_ids_to_row_splits([0, 0, 2]).tolist() == [0, 2, 2, 3]
    stacked = tf.ragged.stack([tf.ragged.constant([[1], [2, 3]]), tf.ragged.constant([[4]])])
    assert stacked.to_list() == [[[1], [2, 3]], [[4]]]
    assert tf.ragged.boolean_mask([[1, 2, 3], [4, 5, 6]], [[True, False, True], [False, False, True]]).to_list() == [
        [1, 3], [6]]
    assert rt.merge_dims(0, 1).tolist() == [3, 1, 4, 1, 5, 9, 2, 6]
    assert tf.ragged.constant([[[1, 2], [3]], [[4]]]).merge_dims(1, -1).to_list() == [[1, 2, 3], [4]]


def test_size_rank_and_shape_of_ragged():
    rt = _rt()
    assert int(tf.size(rt)) == 8 and int(tf.rank(rt)) == 2  # TF 2.21: 8, 2
    assert repr(tf.shape(rt)) == "<DynamicRaggedShape lengths=[5, (4, 0, 3, 1, 0)] num_row_partitions=1>"
