"""`tf.sparse`: SparseTensor and the ops over it (implementation in keraslike/_src/sparse/)."""

# ruff: noqa: F401, I001
from keraslike._src.sparse.sparse_tensor import SparseTensor
from keraslike._src.sparse.sparse_ops import (
    add, bincount, concat, cross, cross_hashed, expand_dims, eye, fill_empty_rows, from_dense, map_values, maximum,
    minimum, reduce_max, reduce_sum, reorder, reset_shape, reshape, retain, sampled_addmm, segment_mean,
    segment_sqrt_n, segment_sum, slice, softmax, sparse_dense_matmul, split, to_dense, to_indicator, transpose,
)
