"""`tf.Variable`'s sparse updates and reads (scatter_*, batch_scatter_update, scatter_nd_*, sparse_read,
gather_nd, count_up_to, load, is_initialized) in one sequence, written once for TF and keraslike:
`make_variable_sparse_golden.py` records TF 2.21's results, `tests/ops/test_variable_sparse_updates.py` compares."""

import numpy as np


def cases(tf):
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    out = {}

    def record(name, fn):
        try:
            value = fn()
            out[name] = np.asarray(value.numpy() if hasattr(value, "numpy") else value).tolist()
        except Exception as error:  # noqa: BLE001 - the error type is what is compared
            out[name] = type(error).__name__

    record("sparse_read", lambda: v.sparse_read([2, 0]))
    record("gather_nd", lambda: v.gather_nd([[0, 1], [2, 0]]))
    record("scatter_update", lambda: v.scatter_update(tf.IndexedSlices([[9.0, 9.0]], [1])))
    record("scatter_add_duplicates", lambda: v.scatter_add(tf.IndexedSlices([[1.0, 1.0], [1.0, 1.0]], [0, 0])))
    record("scatter_sub", lambda: v.scatter_sub(tf.IndexedSlices([[0.5, 0.5]], [2])))
    record("scatter_mul", lambda: v.scatter_mul(tf.IndexedSlices([[2.0, 3.0]], [0])))
    record("scatter_max", lambda: v.scatter_max(tf.IndexedSlices([[100.0, 0.0]], [2])))
    record("scatter_min", lambda: v.scatter_min(tf.IndexedSlices([[1.0, 100.0]], [1])))
    record("scatter_div", lambda: v.scatter_div(tf.IndexedSlices([[2.0, 2.0]], [2])))
    record("scatter_nd_update", lambda: v.scatter_nd_update([[0, 0], [1, 1]], [7.0, 8.0]))
    record("scatter_nd_add", lambda: v.scatter_nd_add([[0, 0], [0, 0]], [1.0, 1.0]))
    record("scatter_nd_sub", lambda: v.scatter_nd_sub([[2], [1]], [[1.0, 1.0], [2.0, 2.0]]))
    record("scatter_nd_max", lambda: v.scatter_nd_max([[2, 1]], [-1.0]))
    record("scatter_nd_min", lambda: v.scatter_nd_min([[2, 1], [0, 0]], [-1.0, 0.5]))
    record("batch_scatter_update", lambda: v.batch_scatter_update(tf.IndexedSlices([[5.0], [6.0], [7.0]],
                                                                                   [[0], [1], [0]])))
    record("not_indexed_slices", lambda: v.scatter_update([1.0]))
    record("load", lambda: (v.load([[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]]), v)[1])
    record("is_initialized", lambda: v.is_initialized())
    counter = tf.Variable(1)
    record("count_up_to", lambda: [int(counter.count_up_to(3)), int(counter.count_up_to(3)), int(counter)])
    record("count_up_to_limit", lambda: counter.count_up_to(3))
    record("initial_value", lambda: v.initial_value)
    record("synchronization", lambda: str(v.synchronization))
    rows = tf.IndexedSlices(tf.constant([[1.0], [2.0]]), tf.constant([1, 1]), tf.constant([3, 1]))
    record("indexed_slices_values", lambda: rows.values)
    record("indexed_slices_indices", lambda: rows.indices)
    record("indexed_slices_shape", lambda: list(rows.shape))
    record("indexed_slices_dense", lambda: tf.convert_to_tensor(rows))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(v.sparse_read([0, 0, 2]) * 2.0)
    record("sparse_read_gradient", lambda: tf.convert_to_tensor(tape.gradient(loss, v)))
    return out
