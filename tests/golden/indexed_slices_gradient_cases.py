"""What a user observes of `tape.gradient` of row lookups (TF's `IndexedSlices`), written once for the TF golden
script (make_indexed_slices_gradient_golden.py) and tests/autodiff/test_indexed_slices_gradient.py."""

import numpy as np


def _dtype(tf, value):
    return tf.as_dtype(value.dtype).name


def run(tf):
    out = {}
    v = tf.Variable(np.arange(12, dtype="float32").reshape(4, 3))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.gather(v, [0, 2, 0]) * 2.0)
    g = tape.gradient(y, v)
    out["one_lookup"] = {"is_indexed_slices": isinstance(g, tf.IndexedSlices), "is_tensor": bool(tf.is_tensor(g)),
                         "values": np.asarray(g.values).tolist(), "indices": np.asarray(g.indices).tolist(),
                         "indices_dtype": _dtype(tf, g.indices), "dense_shape": np.asarray(g.dense_shape).tolist(),
                         "dense_shape_dtype": _dtype(tf, g.dense_shape), "str_start": str(g)[:14]}
    dense = tf.convert_to_tensor(g)
    out["converted"] = {"is_indexed_slices": isinstance(dense, tf.IndexedSlices),
                        "value": np.asarray(dense).tolist()}
    out["op_result_is_indexed_slices"] = isinstance(tf.multiply(g, 2.0), tf.IndexedSlices)
    clipped, norm = tf.clip_by_global_norm([g], 1.0)
    out["clip_by_global_norm"] = {"is_indexed_slices": isinstance(clipped[0], tf.IndexedSlices),
                                  "norm": float(norm), "dense": np.asarray(tf.convert_to_tensor(clipped[0])).tolist()}
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.gather(v, [0, 2, 0]) * 2.0) + tf.reduce_sum(tf.gather(v, tf.constant([3], tf.int64)))
    g = tape.gradient(y, v)
    out["two_lookups"] = {"indices": np.asarray(g.indices).tolist(), "indices_dtype": _dtype(tf, g.indices),
                          "values": np.asarray(g.values).tolist()}
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.gather(v, [0])) + tf.reduce_sum(v)
    g = tape.gradient(y, v)
    out["with_dense_use"] = {"is_indexed_slices": isinstance(g, tf.IndexedSlices), "has_indices": hasattr(g, "indices")
                             and not callable(g.indices), "value": np.asarray(g).tolist()}
    w = tf.Variable(np.zeros((3, 2), "float32"))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.gather(w, [0, 0, 2]) * tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
    tf.keras.optimizers.Adam(0.1).apply_gradients([(tape.gradient(y, w), w)])
    out["adam_step"] = w.numpy().tolist()
    emb = tf.keras.layers.Embedding(5, 2)
    emb.build((None,))
    with tf.GradientTape() as tape:
        total = tf.reduce_sum(emb(tf.constant([[1, 3]])))
    out["embedding_is_indexed_slices"] = isinstance(tape.gradient(total, emb.trainable_variables)[0],
                                                    tf.IndexedSlices)
    return out
