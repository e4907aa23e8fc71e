"""Segment reductions under torch.compile (what `tf.function(jit_compile=True)` runs): one graph, no break on a
boolean mask or a `.item()` (the docstring examples of `tf.raw_ops.SegmentMaxV2`/`SegmentMinV2` compiled 7 graphs
and ran past 20 s on a loaded machine), and XLA's semantics for ids the CPU kernels reject: out-of-range and
negative ids are dropped, SegmentMaxV2 takes unsorted ids. Values from real TF 2.21
(tests/golden/make_segment_xla_golden.py); eagerly, an out-of-range id still raises as TF's CPU kernel."""

import numpy as np
import pytest
import torch

import keraslike as tf

DATA = [[1, 2, 3, 4], [4, 3, 2, 1], [5, 6, 7, 8]]
LOW = -2147483648


def _compiled(fn):
    # backend="eager": dynamo traces (fullgraph=True raises on any graph break) without inductor's compile cost
    return torch.compile(fn, backend="eager", fullgraph=True)


@pytest.mark.parametrize("op", [tf.math.unsorted_segment_max, tf.math.unsorted_segment_min,
                                tf.math.unsorted_segment_sum, tf.math.unsorted_segment_prod])
def test_unsorted_segment_ops_trace_as_one_graph(op):
    data, ids = torch.tensor(DATA), torch.tensor([0, 0, 1])
    np.testing.assert_array_equal(_compiled(lambda d, i: op(d, i, 3))(data, ids), op(data, ids, 3))


def test_segment_v2_docstring_values_compiled():
    data, ids = torch.tensor(DATA), torch.tensor([0, 0, 1])
    got = _compiled(lambda d, i: tf.raw_ops.SegmentMaxV2(data=d, segment_ids=i, num_segments=2))(data, ids)
    np.testing.assert_array_equal(got, [[4, 3, 3, 4], [5, 6, 7, 8]])
    got = _compiled(lambda d, i: tf.raw_ops.SegmentMinV2(data=d, segment_ids=i, num_segments=2))(data, ids)
    np.testing.assert_array_equal(got, [[1, 2, 2, 1], [5, 6, 7, 8]])


def test_xla_semantics_for_rejected_ids():
    data = torch.tensor(DATA, dtype=torch.int32)
    got = _compiled(lambda d: tf.raw_ops.SegmentMaxV2(data=d, segment_ids=torch.tensor([0, 1, 5]),
                                                      num_segments=2))(data)
    np.testing.assert_array_equal(got, [[1, 2, 3, 4], [4, 3, 2, 1]])
    got = _compiled(lambda d: tf.math.unsorted_segment_max(d, torch.tensor([0, 5, -1]), 2))(data)
    np.testing.assert_array_equal(got, [[1, 2, 3, 4], [LOW] * 4])
    got = _compiled(lambda d: tf.raw_ops.SegmentMaxV2(data=d, segment_ids=torch.tensor([1, 0, 1]),
                                                      num_segments=3))(data)
    np.testing.assert_array_equal(got, [[4, 3, 2, 1], [5, 6, 7, 8], [LOW] * 4])


def test_eager_out_of_range_and_negative_ids():
    data = tf.constant(DATA)
    with pytest.raises(tf.errors.InvalidArgumentError, match="num_segments"):
        tf.math.unsorted_segment_max(data, [0, 5, 1], 2)
    np.testing.assert_array_equal(tf.math.unsorted_segment_max(data, [0, -1, 0], 2), [[5, 6, 7, 8], [LOW] * 4])
    np.testing.assert_array_equal(tf.math.segment_sum(data, [0, 0, 2]), [[5, 5, 5, 5], [0] * 4, [5, 6, 7, 8]])


@pytest.mark.parametrize("op", ["segment_sum", "segment_max", "segment_min", "segment_prod"])
def test_keras_segment_ops_trace_as_one_graph(op):
    fn = getattr(tf.keras.ops, op)
    data, ids = torch.tensor(DATA, dtype=torch.float32), torch.tensor([0, 3, 1])
    eager = fn(data, ids, num_segments=2)  # id 3 >= num_segments: dropped, as Keras
    np.testing.assert_array_equal(_compiled(lambda d, i: fn(d, i, num_segments=2))(data, ids), eager)
    expected = {"segment_sum": [[1, 2, 3, 4], [5, 6, 7, 8]], "segment_prod": [[1, 2, 3, 4], [5, 6, 7, 8]],
                "segment_max": [[1, 2, 3, 4], [5, 6, 7, 8]], "segment_min": [[1, 2, 3, 4], [5, 6, 7, 8]]}[op]
    np.testing.assert_array_equal(eager, expected)
