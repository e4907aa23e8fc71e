"""TF1 top-level names used eagerly (TF2 behaviour), written once for `tf = tensorflow.compat.v1` and
`tf = keraslike.compat.v1`: `make_v1_eager_golden.py` records real TF 2.21's results, `tests/compat/
test_v1_top_level_names.py` compares keraslike's."""

import numpy as np


def _sparse(value):
    return {"indices": np.asarray(value.indices).tolist(), "values": _plain(value.values),
            "dense_shape": np.asarray(value.dense_shape).tolist()}


def _plain(value):
    array = np.asarray(value)
    if array.dtype.kind in "OSU":
        return [v.decode() if isinstance(v, bytes) else str(v) for v in array.reshape(-1)]
    return array.tolist()


def cases(tf):
    words = tf.constant(["hello big  world", "a,b c", ""])
    sp = tf.SparseTensor([[0, 1], [2, 0], [2, 1]], [1.0, 2.0, 5.0], [3, 2])
    sp2 = tf.SparseTensor([[0, 1], [1, 1]], [10.0, 20.0], [3, 2])
    out = {
        "string_split": _sparse(tf.string_split(words)),
        "string_split_delims": _sparse(tf.string_split(words, delimiter=", ")),
        "string_split_keep_empty": _sparse(tf.string_split(words, delimiter=" ", skip_empty=False)),
        "string_split_sep": _sparse(tf.string_split(words, sep=" ")),
        "string_to_hash_bucket": _plain(tf.string_to_hash_bucket(tf.constant(["a", "bc"]), 7)),
        "sparse_tensor_to_dense": _plain(tf.sparse_tensor_to_dense(sp)),
        "sparse_reduce_sum": _plain(tf.sparse_reduce_sum(sp, axis=1, keep_dims=True)),
        "sparse_reduce_sum_all": _plain(tf.sparse_reduce_sum(sp)),
        "sparse_reduce_max": _plain(tf.sparse_reduce_max(sp, reduction_axes=0)),
        "sparse_reduce_sum_sparse": _sparse(tf.sparse_reduce_sum_sparse(sp, axis=0)),
        "sparse_add": _plain(tf.sparse_tensor_to_dense(tf.sparse_add(sp, sp2))),
        "sparse_add_thresh": _sparse(tf.sparse_add(sp, sp2, thresh=3.0)),
        "sparse_concat": _sparse(tf.sparse_concat(1, [sp, sp2])),
        "sparse_split": [_sparse(s) for s in tf.sparse_split(sp_input=sp, num_split=2, axis=1)],
        "sparse_segment_sum": _plain(tf.sparse_segment_sum(tf.constant([[1.0, 2.0], [3.0, 4.0]]), [0, 1, 1],
                                                           [0, 0, 1])),
        "sparse_segment_mean": _plain(tf.sparse_segment_mean(tf.constant([1.0, 3.0, 8.0]), [0, 1, 2], [0, 0, 1])),
        "sparse_to_dense_1d": _plain(tf.sparse_to_dense([1, 3], [5], [2.5, 4.0])),
        "count_nonzero_strings": _plain(tf.count_nonzero(tf.constant(["", "a", "b"]))),
        "count_nonzero_input": _plain(tf.count_nonzero(input=tf.constant([[0.0, 1.0], [2.0, 0.0]]),
                                                       reduction_indices=0)),
        "reduce_join_all": _plain(tf.reduce_join(tf.constant([["a", "b"], ["c", "d"]]))),
        "decode_raw": _plain(tf.decode_raw(tf.constant([b"\x01\x02\x03\x04"]), tf.int16)),
        "decode_csv": [_plain(t) for t in tf.decode_csv(tf.constant(["1,a,2.5", "3,,"]), [[0], ["z"], [0.0]])],
        "multinomial_dtype": str(tf.multinomial(tf.math.log([[0.5, 0.5]]), 3).dtype.name
                                 if hasattr(tf.multinomial(tf.math.log([[0.5, 0.5]]), 3).dtype, "name") else ""),
        "multinomial_shape": list(tf.multinomial(tf.math.log([[0.5, 0.5]]), 4, output_dtype=tf.int32).shape),
        "batch_to_space_nd": _plain(tf.batch_to_space_nd(tf.reshape(tf.range(4.0), [4, 1, 1, 1]), [2, 2],
                                                          [[0, 0], [0, 0]])),
        "extract_image_patches": _plain(tf.extract_image_patches(tf.reshape(tf.range(16.0), [1, 4, 4, 1]),
                                                                  [1, 2, 2, 1], [1, 2, 2, 1], [1, 1, 1, 1], "VALID")),
        "uniform_unit_scaling_config": tf.uniform_unit_scaling_initializer(2.0).get_config(),
        "logging_levels": [tf.logging.DEBUG, tf.logging.INFO, tf.logging.WARN, tf.logging.ERROR, tf.logging.FATAL],
        "gfile": sorted(n for n in ("Copy", "DeleteRecursively", "Exists", "FastGFile", "GFile", "Glob",
                                    "IsDirectory", "ListDirectory", "MakeDirs", "MkDir", "Open", "Remove", "Rename",
                                    "Stat", "Walk") if hasattr(tf.gfile, n)),
        "flags": [hasattr(tf.flags, n) for n in ("DEFINE_integer", "DEFINE_string", "FLAGS")] + [
            hasattr(tf.app, "run"), hasattr(tf.app.flags, "DEFINE_float")],
        "get_seed_none": list(tf.get_seed(None)),
    }
    for name, check in (("assert_greater_equal", lambda: tf.assert_greater_equal(
                            tf.constant([1, 2]), tf.constant([2, 2]), data=[tf.constant([7, 8])], message="low")),
                        ("assert_positive", lambda: tf.assert_positive(tf.constant([-1.5]), data=[tf.constant(3)],
                                                                       message="neg"))):
        try:
            check()
            out[name] = "no error"
        except tf.errors.InvalidArgumentError as error:
            text = str(error)
            out[name] = [text.startswith(error.message[:3]), "[7 8]" in text or "7 8" in text, "3" in text,
                         ("low" in text) or ("neg" in text)]
    return out
