"""`tf.sets` cases written once for TF and keraslike: `make_sets_golden.py` records TF 2.21's results,
`tests/sparse/test_sets.py` compares keraslike's."""

import numpy as np


def _plain(value):
    if hasattr(value, "dense_shape"):
        values = np.asarray(value.values)
        return {"indices": np.asarray(value.indices).tolist(), "dense_shape": np.asarray(value.dense_shape).tolist(),
                "values": [v.decode() for v in values] if values.dtype.kind in "OS" else values.tolist()}
    return np.asarray(value).tolist()


def cases(tf):
    a = tf.constant([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])
    b = tf.constant([[[1, 3], [2, 2]], [[5, 5], [6, 9]]])
    sa = tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0]], [3, 1, 7], [2, 3])
    sb = tf.sparse.SparseTensor([[0, 0], [1, 0], [1, 1]], [1, 7, 2], [2, 2])
    calls = {
        "intersection": lambda: tf.sets.intersection(a, b),
        "union": lambda: tf.sets.union(a, b),
        "difference": lambda: tf.sets.difference(a, b),
        "b_minus_a": lambda: tf.sets.difference(a, b, aminusb=False),
        "sparse_union": lambda: tf.sets.union(sa, sb),
        "sparse_size": lambda: tf.sets.size(sa),
        "dense_size": lambda: tf.sets.size(a),
        "empty": lambda: tf.sets.intersection(tf.constant([[1, 2, 3]]), tf.constant([[9, 9, 9]])),
        "strings": lambda: tf.sets.intersection(tf.constant([["a", "b"]]), tf.constant([["b", "c"]])),
        "rank_1": lambda: tf.sets.union(tf.constant([1, 2]), tf.constant([2])),
        "dense_sparse": lambda: tf.sets.union(tf.constant([[1, 2], [0, 0]]), sb),
        "sparse_dense": lambda: tf.sets.union(sb, tf.constant([[1, 2], [3, 4]])),
        "dense_sparse_difference": lambda: tf.sets.difference(tf.constant([[1, 2], [7, 0]]), sb),
        "sparse_dense_difference": lambda: tf.sets.difference(sb, tf.constant([[1, 2], [7, 0]])),
    }
    out = {}
    for name, call in calls.items():
        try:
            out[name] = _plain(call())
        except Exception as error:  # noqa: BLE001 - the error type is compared
            out[name] = type(error).__name__
    return out
