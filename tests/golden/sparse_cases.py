"""tf.sparse cases shared by make_sparse_golden.py (real TF) and tests/sparse/test_sparse_ops.py.

Each case is a function of the `tf` module, so the same code runs under TensorFlow and keraslike.
"""

import numpy as np


def _st(tf, dtype="float32"):
    return tf.sparse.SparseTensor(indices=[[0, 0], [0, 2], [1, 1], [2, 3]], values=tf.constant(
        [1.0, -2.0, 3.0, 4.0], dtype=getattr(tf, dtype)), dense_shape=[3, 4])


def _unordered(tf):
    return tf.sparse.SparseTensor(indices=[[2, 3], [0, 2], [1, 1], [0, 0]], values=[4.0, -2.0, 3.0, 1.0],
                                  dense_shape=[3, 4])


def _b(tf):
    return tf.sparse.SparseTensor(indices=[[0, 0], [1, 1], [2, 0]], values=[10.0, -3.0, 0.5], dense_shape=[3, 4])


def _rank3(tf):
    return tf.sparse.SparseTensor(indices=[[0, 0, 1], [0, 1, 0], [1, 0, 2], [1, 1, 1]], values=[1, 2, 3, 4],
                                  dense_shape=[2, 2, 3])


MATRIX = np.arange(8, dtype=np.float32).reshape(4, 2) - 3.0
LEFT = np.arange(6, dtype=np.float32).reshape(2, 3) * 0.5

CASES = {
    "to_dense": lambda tf: tf.sparse.to_dense(_st(tf)),
    "to_dense_default": lambda tf: tf.sparse.to_dense(_st(tf), default_value=9.0),
    "from_dense": lambda tf: tf.sparse.from_dense(tf.constant([[0.0, 1.5, 0.0], [2.0, 0.0, -1.0]])),
    "matmul": lambda tf: tf.sparse.sparse_dense_matmul(_st(tf), tf.constant(MATRIX)),
    "matmul_adjoint_a": lambda tf: tf.sparse.sparse_dense_matmul(_st(tf), tf.constant(MATRIX[:3]), adjoint_a=True),
    "matmul_adjoint_b": lambda tf: tf.sparse.sparse_dense_matmul(_st(tf), tf.constant(MATRIX.T), adjoint_b=True),
    "dense_matmul_sparse": lambda tf: tf.sparse.sparse_dense_matmul(tf.constant(LEFT), _st(tf)),
    "reorder": lambda tf: tf.sparse.reorder(_unordered(tf)),
    "reshape": lambda tf: tf.sparse.reshape(_st(tf), [2, -1]),
    "reshape_3d": lambda tf: tf.sparse.reshape(_rank3(tf), [3, 4]),
    "add_sparse": lambda tf: tf.sparse.add(_st(tf), _b(tf)),
    "add_threshold": lambda tf: tf.sparse.add(_st(tf), _b(tf), threshold=2.0),
    "add_dense": lambda tf: tf.sparse.add(_st(tf), tf.ones([3, 4])),
    "concat_0": lambda tf: tf.sparse.concat(0, [_st(tf), _b(tf)]),
    "concat_1": lambda tf: tf.sparse.concat(1, [_st(tf), _b(tf)]),
    "concat_expand": lambda tf: tf.sparse.concat(
        1, [_st(tf), tf.sparse.SparseTensor([[4, 0]], [7.0], [5, 2])], expand_nonconcat_dims=True),
    "reduce_sum_all": lambda tf: tf.sparse.reduce_sum(_st(tf)),
    "reduce_sum_0": lambda tf: tf.sparse.reduce_sum(_st(tf), axis=0),
    "reduce_sum_1_keep": lambda tf: tf.sparse.reduce_sum(_st(tf), axis=1, keepdims=True),
    "reduce_sum_sparse": lambda tf: tf.sparse.reduce_sum(_rank3(tf), axis=[0, 2], output_is_sparse=True),
    "reduce_sum_3d": lambda tf: tf.sparse.reduce_sum(_rank3(tf), axis=-1),
    "reduce_max_0": lambda tf: tf.sparse.reduce_max(_st(tf), axis=0),
    "reduce_max_1": lambda tf: tf.sparse.reduce_max(_st(tf), axis=1),
    "reduce_max_sparse": lambda tf: tf.sparse.reduce_max(_st(tf), axis=1, output_is_sparse=True),
    "retain": lambda tf: tf.sparse.retain(_st(tf), tf.constant([True, False, False, True])),
    "slice": lambda tf: tf.sparse.slice(_st(tf), [0, 1], [2, 3]),
    "slice_edge": lambda tf: tf.sparse.slice(_st(tf), [1, 2], [5, 5]),
    "transpose": lambda tf: tf.sparse.transpose(_st(tf)),
    "transpose_perm": lambda tf: tf.sparse.transpose(_rank3(tf), [2, 0, 1]),
    "to_indicator": lambda tf: tf.sparse.to_indicator(tf.sparse.SparseTensor(
        [[0, 0], [0, 1], [1, 0], [2, 2]], tf.constant([3, 1, 0, 3], tf.int64), [3, 3]), 4),
    "expand_dims": lambda tf: tf.sparse.expand_dims(_st(tf), 1),
    "eye": lambda tf: tf.sparse.eye(3, 4),
    "fill_empty_rows": lambda tf: tf.sparse.fill_empty_rows(
        tf.sparse.SparseTensor([[1, 0], [3, 2]], [5.0, 6.0], [5, 3]), -1.0),
    "maximum": lambda tf: tf.sparse.maximum(_st(tf), _b(tf)),
    "minimum": lambda tf: tf.sparse.minimum(_st(tf), _b(tf)),
    "softmax": lambda tf: tf.sparse.softmax(_st(tf)),
    "split": lambda tf: tf.sparse.split(sp_input=_st(tf), num_split=3, axis=1),
    "reset_shape": lambda tf: tf.sparse.reset_shape(_st(tf)),
    "reset_shape_new": lambda tf: tf.sparse.reset_shape(_st(tf), [4, 6]),
    "segment_sum": lambda tf: tf.sparse.segment_sum(tf.constant(MATRIX), [0, 1, 3, 3], [0, 0, 1, 2]),
    "segment_mean": lambda tf: tf.sparse.segment_mean(tf.constant(MATRIX), [0, 1, 3], [0, 0, 2]),
    "segment_sqrt_n": lambda tf: tf.sparse.segment_sqrt_n(tf.constant(MATRIX), [0, 1, 2], [0, 0, 0]),
    "map_values": lambda tf: tf.sparse.map_values(tf.multiply, _st(tf), 2.0),
    "sparse_mul_dense": lambda tf: _st(tf) * tf.constant([1.0, 2.0, 3.0, 4.0]),
    "int_to_dense": lambda tf: tf.sparse.to_dense(_rank3(tf)),
}
ERROR_CASES = {
    "unordered_to_dense": lambda tf: tf.sparse.to_dense(_unordered(tf)),
    "out_of_bounds": lambda tf: tf.sparse.to_dense(tf.sparse.SparseTensor([[0, 5]], [1.0], [2, 2])),
    "repeated": lambda tf: tf.sparse.to_dense(tf.sparse.SparseTensor([[0, 1], [0, 1]], [1.0, 2.0], [2, 2])),
}


def _records(tf):
    import records_cases

    return [records_cases.example(tf, spec).SerializeToString() for spec in records_cases.EXAMPLES]


def _varlen_dataset(tf):
    spec = {"tags": tf.io.VarLenFeature(tf.string), "score": tf.io.VarLenFeature(tf.float32)}
    return tf.data.Dataset.from_tensor_slices(_records(tf)).map(lambda r: tf.io.parse_single_example(r, spec))


DATASET_CASES = {
    "slices_batch": lambda tf: list(tf.data.Dataset.from_tensor_slices(_st(tf)).batch(3)),
    "slices_rows": lambda tf: list(tf.data.Dataset.from_tensor_slices(_rank3(tf))),
    "varlen_batch": lambda tf: [e["tags"] for e in _varlen_dataset(tf).batch(2)],
    "varlen_unbatch": lambda tf: [e["score"] for e in _varlen_dataset(tf).batch(2).unbatch()],
}
SPEC_CASES = {
    "slices": lambda tf: repr(tf.data.Dataset.from_tensor_slices(_st(tf)).element_spec),
    "slices_batch": lambda tf: repr(tf.data.Dataset.from_tensor_slices(_st(tf)).batch(3).element_spec),
    "varlen": lambda tf: repr(_varlen_dataset(tf).element_spec["tags"]),
    "varlen_batch": lambda tf: repr(_varlen_dataset(tf).batch(2).element_spec["tags"]),
    "varlen_unbatch": lambda tf: repr(_varlen_dataset(tf).batch(2).unbatch().element_spec["score"]),
}

SERIALIZE_CASES = {  # name -> function returning a string tensor of serialized TensorProtos
    "serialize_sparse": lambda tf: tf.io.serialize_sparse(_st(tf)),
    "serialize_many_sparse": lambda tf: tf.io.serialize_many_sparse(tf.sparse.reorder(_rank3(tf))),
    "serialize_strings": lambda tf: tf.io.serialize_sparse(
        tf.sparse.SparseTensor([[1]], tf.constant([b"ab"]), [3])),
}

_V = [[3, 1, 1], [0, 3, 5]]
CASES.update({
    "bincount_all": lambda tf: tf.sparse.bincount(tf.constant(_V, tf.int64)),
    "bincount_rows": lambda tf: tf.sparse.bincount(tf.constant(_V, tf.int64), axis=-1),
    "bincount_binary_min": lambda tf: tf.sparse.bincount(tf.constant(_V, tf.int64), axis=-1, binary_output=True,
                                                         minlength=8),
    "bincount_weights_max": lambda tf: tf.sparse.bincount(tf.constant(_V, tf.int64), weights=tf.constant(
        [[0.5, 1.0, 2.0], [1.0, 1.0, 1.0]]), axis=-1, maxlength=4),
    "bincount_int32": lambda tf: tf.sparse.bincount(tf.constant([1, 2, 2], tf.int32)),
    "bincount_sparse": lambda tf: tf.sparse.bincount(tf.sparse.SparseTensor(
        [[0, 0], [1, 2]], tf.constant([4, 4], tf.int64), [2, 3]), axis=-1),
    "bincount_ragged": lambda tf: tf.sparse.bincount(tf.ragged.constant([[1, 1], [], [2]]), axis=-1),
})


def _cross_inputs(tf):
    return [tf.sparse.from_dense(tf.constant([[b"a", b"b"], [b"c", b""]])), tf.constant([[1], [2]], tf.int64)]


CASES.update({
    "cross": lambda tf: tf.sparse.cross(_cross_inputs(tf)),
    "cross_separator": lambda tf: tf.sparse.cross(_cross_inputs(tf), separator="--"),
    "cross_hashed_100": lambda tf: tf.sparse.cross_hashed(_cross_inputs(tf), num_buckets=100),
    "cross_hashed": lambda tf: tf.sparse.cross_hashed(_cross_inputs(tf)),
    "cross_hashed_key": lambda tf: tf.sparse.cross_hashed(_cross_inputs(tf), num_buckets=10, hash_key=123),
    "cross_three": lambda tf: tf.sparse.cross([tf.constant([[b"x", b"y"]]), tf.constant([[7, 8]], tf.int64),
                                               tf.sparse.from_dense(tf.constant([[b"p"]]))]),
})
