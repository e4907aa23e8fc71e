"""SparseTensors in a TF1 graph, written once for the TF golden script (make_graph_sparse_golden.py) and
tests/compat/test_graph_sparse.py.

`run(tf)` builds one graph with `tf.compat.v1.string_split` and `tf.sparse.from_dense` on placeholders,
`tf.sparse.to_dense`/`reduce_sum` on their results and on `tf.compat.v1.sparse_placeholder`s, and records what
`Session.run` returns (a SparseTensorValue's parts, dense results) for feeds of lists, SparseTensorValues and
triples, plus the static shapes TF reports and a string placeholder fed with Python strings.
"""

import numpy as np


def _plain(value):
    if hasattr(value, "_fields"):  # SparseTensorValue
        return {"type": type(value).__name__, **{k: _plain(v) for k, v in zip(value._fields, value)}}
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    array = np.asarray(value)
    if array.dtype == object:
        return [v.decode() if isinstance(v, bytes) else v for v in array.ravel().tolist()]
    return {"value": array.tolist(), "dtype": str(array.dtype)}


def run(tf):
    v1 = tf.compat.v1
    out = {}
    with tf.Graph().as_default():
        s = v1.placeholder(tf.string, [None])
        split = v1.string_split(s, delimiter=" ")
        x = v1.placeholder(tf.float32, [None, 3])
        st = tf.sparse.from_dense(x)
        back = tf.sparse.to_dense(st)
        fed = v1.sparse_placeholder(tf.float32, shape=[2, 3], name="fed")
        any_rank = v1.sparse.placeholder(tf.int64)
        summed = tf.sparse.reduce_sum(fed, axis=1)
        dense_fed = tf.sparse.to_dense(fed)
        words = tf.sparse.to_dense(split, default_value="")
        out["static_shapes"] = {k: str(t.shape) for k, t in {
            "split.indices": split.indices, "split.values": split.values, "split.dense_shape": split.dense_shape,
            "from_dense.indices": st.indices, "to_dense": back, "sparse_placeholder": fed,
            "sparse_placeholder.indices": fed.indices, "any_rank.indices": any_rank.indices,
            "any_rank.dense_shape": any_rank.dense_shape, "to_dense_of_placeholder": dense_fed}.items()}
        out["is_sparse_tensor"] = [isinstance(split, tf.SparseTensor), isinstance(fed, tf.SparseTensor)]
        with v1.Session() as sess:
            out["split"] = _plain(sess.run(split, {s: ["a b c", "d e"]}))
            out["split_parts"] = _plain(sess.run([split.values, split.indices], {s: ["x y"]}))
            out["split_to_dense"] = _plain(sess.run(words, {s: ["p q", "r"]}))
            out["from_dense"] = _plain(sess.run(st, {x: [[0, 1, 0], [2, 0, 3]]}))
            out["round_trip"] = _plain(sess.run(back, {x: [[0, 1, 0], [2, 0, 3]]}))
            value = v1.SparseTensorValue(indices=[[0, 1], [1, 2]], values=[5.0, 6.0], dense_shape=[2, 3])
            out["fed_value"] = _plain(sess.run([summed, dense_fed], {fed: value}))
            triple = (np.array([[0, 0]]), np.array([2.0], np.float32), np.array([2, 3]))
            out["fed_triple"] = _plain(sess.run(summed, {fed: triple}))
            out["fetch_dict"] = _plain(sess.run({"sp": split, "n": tf.size(split.values)}, {s: ["p q r"]}))
            out["fetch_fed_placeholder"] = _plain(sess.run(any_rank, {any_rank: ([[1]], [7], [4])}))
            out["string_feed"] = _plain(sess.run(tf.strings.length(s), {s: ["ab", "c"]}))
    return out
