"""Cases for issue 25 item 5 (remaining names and ops). `run(tf, keras)` evaluates every case with real TF 2.21 /
Keras 3 (make_issue25_ops_golden.py) or keraslike (tests/ops/test_issue25_ops_golden.py) and returns
{case#i: numpy array}; a case that raises is recorded as the exception's class name. No TF import here."""

import numpy as np

SPECIAL_X = np.array([-7.5, -3.0, -1.0, -0.25, 0.0, 1e-3, 0.3, 0.5, 1.0, 1.7, 2.0, 3.3, 5.0, 5.99, 6.01, 8.0, 15.0,
                      40.0,
                      41.0, 90.0, 700.0])
PROBS = np.array([[0.1, 0.9, 0.3], [0.3, 0.7, 0.7], [0.5, 0.2, 0.3]], np.float32)


def _cases(tf, keras):
    c = {}
    v1 = tf.compat.v1
    for name in ("to_float", "to_double", "to_int32", "to_int64", "to_bfloat16", "to_complex64", "to_complex128"):
        c[f"v1_{name}"] = lambda name=name: getattr(v1, name)(np.array([1.5, -2.25, 3.0]))
    c["setdiff1d"] = lambda: v1.setdiff1d([1, 2, 3, 4, 2, 6], [2, 4])
    c["setdiff1d_int64"] = lambda: v1.setdiff1d(np.array([5, 1, 5, 9]), np.array([1]), index_dtype=tf.int64)
    c["setdiff1d_strings"] = lambda: v1.setdiff1d(["a", "b", "c", "a"], ["b"])
    c["setdiff1d_2d"] = lambda: v1.setdiff1d([[1, 2]], [2])
    for name in ("dawsn", "expint", "fresnel_cos", "fresnel_sin", "spence"):
        # float32 stops at 41: TF's float32 kernels overflow exp(90) (expint = inf where 1.37e37 is representable)
        # and lose sin's argument at 700 (fresnel); keraslike computes in float64 and rounds once
        c[f"special_{name}_float32"] = lambda name=name: getattr(tf.math.special, name)(
            SPECIAL_X[:-2].astype(np.float32))
        c[f"special_{name}_float64"] = lambda name=name: getattr(tf.math.special, name)(SPECIAL_X)
        c[f"special_{name}_int"] = lambda name=name: getattr(tf.math.special, name)(np.array([1, 2]))
    c["special_names"] = lambda: np.array(sorted(n for n in dir(tf.math.special) if not n.startswith("_")))
    ones = np.ones((4, 5), np.float32)
    c["stateless_dropout"] = lambda: tf.nn.experimental.stateless_dropout(ones, 0.4, seed=[3, 7])
    c["stateless_dropout_noise_shape"] = lambda: tf.nn.experimental.stateless_dropout(
        ones, rate=0.5, seed=[1, 0], noise_shape=[4, 1])
    c["stateless_dropout_f64"] = lambda: tf.nn.experimental.stateless_dropout(ones.astype(np.float64), 0.25,
                                                                              seed=[5, 5])
    c["stateless_dropout_rate1"] = lambda: tf.nn.experimental.stateless_dropout(ones, 1.0, seed=[1, 2])
    c["stateless_dropout_int"] = lambda: tf.nn.experimental.stateless_dropout(np.ones(3, np.int32), 0.5, seed=[1, 2])
    c["general_dropout"] = lambda: tf.nn.experimental.general_dropout(
        ones, 0.5, uniform_sampler=lambda shape, dtype: tf.random.stateless_uniform(shape, dtype=dtype, seed=[1, 2]))
    x = np.array([[1.0, 5.0, 3.0, 4.0, 5.0], [2.0, -1.0, 0.0, 7.0, 2.0]], np.float32)
    c["approx_max_k"] = lambda: tf.nn.approx_max_k(x, 3)
    c["isotonic_default"] = lambda: tf.nn.isotonic_regression([[1.0, 3.0, 2.0, 4.0]])
    c["isotonic_ties"] = lambda: tf.nn.isotonic_regression([3.0, 3.0, 1.0, 2.0, 2.0])
    c["isotonic_increasing"] = lambda: tf.nn.isotonic_regression(x, decreasing=False)
    c["isotonic_int"] = lambda: tf.nn.isotonic_regression([[1, 3, 2, 4]], decreasing=False)
    c["isotonic_axis0_f64"] = lambda: tf.nn.isotonic_regression(x.astype(np.float64), axis=0)
    c["isotonic_namedtuple"] = lambda: np.array(
        [type(tf.nn.isotonic_regression(x)).__name__, type(tf.nn.isotonic_regression(x, decreasing=False)).__name__,
         type(tf.nn.isotonic_regression(x, axis=0)).__name__])
    c["isotonic_bad_axis"] = lambda: tf.nn.isotonic_regression(x, axis=2)

    def grow(i, m):
        return i + 1, tf.concat([m, m], axis=0)
    c["while_loop_shape_invariants"] = lambda: tf.while_loop(
        lambda i, m: i < 4, grow, loop_vars=[tf.constant(0), tf.ones([2, 2])],
        shape_invariants=[tf.TensorShape([]), tf.TensorShape([None, 2])])
    params = np.arange(24).reshape(2, 3, 4)
    c["gather_batch_dims_-1"] = lambda: tf.gather([[1, 2, 3], [4, 5, 6]], [[0, 2], [1, 0]], batch_dims=-1)
    c["gather_batch_dims_-1_axis2"] = lambda: tf.gather(params, np.array([[[3, 0], [1, 1], [2, 0]],
                                                                          [[0, 0], [3, 2], [1, 3]]]),
                                                        axis=2, batch_dims=-1)
    c["gather_batch_dims_-2"] = lambda: tf.gather(params, np.array([[2, 0], [1, 1]]), axis=1, batch_dims=-1)
    c["gather_strings_batch_dims_-1"] = lambda: tf.gather([["a", "b"], ["c", "d"]], [[1], [0]], batch_dims=-1)
    words = [[["a0", "a1"], ["a2", "a3"]], [["b0", "b1"], ["b2", "b3"]]]
    c["gather_nd_strings_batch1"] = lambda: tf.gather_nd([["a", "b"], ["c", "d"]], [[1], [0]], batch_dims=1)
    c["gather_nd_strings_batch1_deep"] = lambda: tf.gather_nd(words, [[[1, 0], [0, 1]], [[0, 0], [1, 1]]], batch_dims=1)
    c["gather_nd_strings_batch1_rows"] = lambda: tf.gather_nd(words, [[1], [0]], batch_dims=1)
    c["gather_nd_strings_batch2"] = lambda: tf.gather_nd(words, [[[1], [0]], [[0], [0]]], batch_dims=2)
    c["gather_nd_numbers_batch1"] = lambda: tf.gather_nd(params, [[[1, 0], [0, 3]], [[2, 2], [0, 0]]], batch_dims=1)
    c["assert_type_string"] = lambda: np.array(tf.debugging.assert_type(tf.constant(["a", "b"]), tf.string) is None)
    c["assert_type_string_wrong"] = lambda: tf.debugging.assert_type(tf.constant(["a"]), tf.int32)
    c["assert_type_number_vs_string"] = lambda: tf.debugging.assert_type(tf.constant([1.0]), tf.string)
    rag = tf.ragged.constant([[1, 2, 3], [], [4, 5], [6]])
    c["map_fn_ragged_to_scalar"] = lambda: tf.map_fn(tf.reduce_sum, rag, fn_output_signature=tf.int32)
    c["map_fn_ragged_to_ragged"] = lambda: tf.map_fn(
        lambda r: r * 2, rag, fn_output_signature=tf.RaggedTensorSpec(shape=[None], dtype=tf.int32))
    c["map_fn_dense_to_ragged"] = lambda: tf.map_fn(
        tf.range, tf.constant([3, 5, 2]), fn_output_signature=tf.RaggedTensorSpec(shape=[None], dtype=tf.int32))
    c["map_fn_ragged_tuple"] = lambda: tf.map_fn(
        lambda r: (tf.reduce_max(r), tf.size(r)), tf.ragged.constant([[1, 9], [4, 5, 6]]),
        fn_output_signature=(tf.int32, tf.int32))
    vol = np.arange(2 * 4 * 4 * 6 * 2, dtype=np.float32).reshape(2, 4, 4, 6, 2)
    kops = keras.ops
    c["extract_patches_volume"] = lambda: kops.image.extract_patches(vol, (2, 2, 3))
    c["extract_patches_volume_unbatched"] = lambda: kops.image.extract_patches(vol[0], (2, 2, 2), strides=(1, 2, 2))
    c["extract_patches_volume_same"] = lambda: kops.image.extract_patches(vol, (3, 3, 3), strides=2, padding="same")
    c["extract_patches_image"] = lambda: kops.image.extract_patches(vol[0, 0], (2, 3))
    c["extract_patches_bad_size"] = lambda: kops.image.extract_patches(vol, (2, 2, 2, 2))
    c["extract_patches_3d"] = lambda: kops.image.extract_patches_3d(vol, 2)
    c["in_top_k_out_of_range"] = lambda: kops.in_top_k(np.array([0, 5, -1]), PROBS, k=2)
    c["in_top_k_ties"] = lambda: kops.in_top_k(np.array([1, 2, 0]), PROBS, k=1)
    c["tf_in_top_k_out_of_range"] = lambda: tf.math.in_top_k(np.array([3, 1, 7]), PROBS, k=3)
    c["tf_in_top_k_nan"] = lambda: tf.math.in_top_k(np.array([1, 0]), np.array([[0.1, np.nan], [0.5, 0.1]],
                                                                               np.float32), k=1)
    c["top_k_ties"] = lambda: kops.top_k(np.ones((2, 40), np.float32), 5)
    layers = keras.layers

    def td_shape(batch, timesteps, inner):
        inputs = keras.Input(shape=(timesteps, 12, 12, 3), batch_size=batch)
        return np.array([-1 if d is None else d for d in layers.TimeDistributed(inner)(inputs).shape])
    c["time_distributed_conv_batch"] = lambda: td_shape(32, 10, layers.Conv2D(4, 3))
    c["time_distributed_conv_none"] = lambda: td_shape(None, 10, layers.Conv2D(4, 3))
    c["time_distributed_conv_none_steps"] = lambda: td_shape(None, None, layers.Conv2D(4, 3))
    c["time_distributed_compute_output_shape"] = lambda: np.array(
        [-1 if d is None else d for d in layers.TimeDistributed(layers.Dense(3)).compute_output_shape((None, 5, 4))])
    c["dense_known_batch"] = lambda: np.array(layers.Dense(3)(keras.Input(shape=(4,), batch_size=8)).shape)

    def dims(shape):
        return np.array([-1 if d is None else d for d in shape])
    for name, make, shapes in [
            ("activation", lambda: layers.Activation("relu"), [(None, 3)]),
            ("dropout", lambda: layers.Dropout(0.5), [(None, 3, 2)]),
            ("flatten", lambda: layers.Flatten(), [(None, 3, 4)]),
            ("flatten_unknown", lambda: layers.Flatten(), [(None, None, 4)]),
            ("concatenate", lambda: layers.Concatenate(), [[(None, 3), (None, 4)]]),
            ("add", lambda: layers.Add(), [[(2, 3), (2, 3)]]),
            ("dot", lambda: layers.Dot(axes=1), [[(None, 3), (None, 3)]]),
            ("lambda", lambda: layers.Lambda(lambda x: x[:, :2]), [(None, 3)]),
            ("softmax", lambda: layers.Softmax(), [(4, 3)]),
            ("prelu", lambda: layers.PReLU(), [(None, 3)]),
            ("multi_head_attention", lambda: layers.MultiHeadAttention(2, 4), [(None, 5, 8), (None, 6, 8)]),
            ("bidirectional", lambda: layers.Bidirectional(layers.LSTM(3)), [(None, 5, 2)]),
            ("bidirectional_sequences", lambda: layers.Bidirectional(layers.LSTM(3, return_sequences=True)),
             [(None, 5, 2)]),
            ("time_distributed_flatten", lambda: layers.TimeDistributed(layers.Flatten()), [(None, 2, 3, 4)])]:
        c[f"compute_output_shape_{name}"] = lambda make=make, shapes=shapes: dims(make().compute_output_shape(*shapes))

    class Doubler(layers.Layer):
        def call(self, x):
            return x * 2
    c["compute_output_shape_user_layer"] = lambda: Doubler().compute_output_shape((None, 3))
    metrics = keras.metrics
    for cls, kwargs, args in [
            ("IoU", dict(num_classes=2, target_class_ids=[0]), ([0, 0, 1, 1], [0, 1, 0, 1])),
            ("MeanIoU", dict(num_classes=2), ([0, 0, 1, 1], [0, 1, 0, 1])),
            ("BinaryIoU", dict(target_class_ids=[0, 1], threshold=0.3), ([0, 1, 0, 1], [0.1, 0.2, 0.4, 0.7])),
            ("OneHotIoU", dict(num_classes=3, target_class_ids=[0, 2]),
             ([[0, 0, 1], [1, 0, 0], [0, 1, 0], [1, 0, 0]],
              [[0.2, 0.3, 0.5], [0.1, 0.2, 0.7], [0.5, 0.3, 0.1], [0.1, 0.4, 0.5]])),
            ("MeanIoU_float", dict(num_classes=2, dtype="float32"), ([0, 0, 1, 1], [0, 1, 0, 1]))]:
        def update(cls=cls, kwargs=kwargs, args=args):
            m = getattr(metrics, cls.split("_")[0])(**kwargs)
            first = m.update_state(*args)
            second = m.update_state(*args, sample_weight=[0.2, 0.3, 0.4, 0.1])
            return first, second, m.result()
        c[f"{cls}_update_state"] = update

    def metric(cls, y_true, y_pred, sample_weight=None, **kwargs):
        m = getattr(metrics, cls)(**kwargs)
        m.update_state(y_true, y_pred, sample_weight=sample_weight)
        return m.result()
    c["precision_thresholds"] = lambda: metric("Precision", [0, 1, 1, 1], [1, 0, 0.6, 1], thresholds=[0.3, 0.5, 0.7])
    c["precision_threshold"] = lambda: metric("Precision", [0, 1, 1, 1], [1, 0, 0.6, 1], thresholds=0.7)
    c["precision_docstring"] = lambda: metric("Precision", [0, 1, 1, 1], [1, 0, 1, 1], sample_weight=[0, 0, 1, 0])
    c["precision_top_k_ties"] = lambda: metric("Precision", [0, 0, 1, 1], [1, 1, 1, 1], top_k=2)
    c["precision_top_k_4"] = lambda: metric("Precision", [0, 0, 1, 1], [1, 1, 1, 1], top_k=4)
    c["recall_top_k_ties"] = lambda: metric("Recall", [[0, 0, 1, 1]], [[1, 1, 1, 1]], top_k=2)
    c["recall_thresholds"] = lambda: metric("Recall", [0, 1, 1, 1], [1, 0, 0.6, 1], thresholds=[0.3, 0.5, 0.7])
    ints_t, ints_p = [[0, 1], [0, 0]], [[1, 1], [0, 0]]
    c["mape_metric_int_zeros"] = lambda: metric("MeanAbsolutePercentageError", ints_t, ints_p)
    c["mape_metric_float_zeros"] = lambda: metric("MeanAbsolutePercentageError", [[0.0, 1], [0, 0]], [[1.0, 1], [0, 0]])
    c["mape_metric_weighted"] = lambda: metric("MeanAbsolutePercentageError", [[0.0, 1], [0, 0]], [[1.0, 1], [0, 0]],
                                               sample_weight=[1, 0])
    c["mape_metric_int_nonzero"] = lambda: metric("MeanAbsolutePercentageError", [[2, 1], [3, 3]], [[1, 1], [0, 1]])
    c["mape_fn_int"] = lambda: keras.losses.mean_absolute_percentage_error(np.array(ints_t), np.array(ints_p))
    c["mape_fn_int_true"] = lambda: keras.losses.mean_absolute_percentage_error(ints_t, [[1.0, 1], [0, 0]])
    c["mape_loss_int"] = lambda: keras.losses.MeanAbsolutePercentageError()(ints_t, ints_p)
    c["mse_loss_int"] = lambda: keras.losses.MeanSquaredError()(ints_t, ints_p)
    return c


def _arrays(value):
    """A result as a list of numpy arrays (ragged: flat values and row splits; named tuples: their fields)."""
    if isinstance(value, (tuple, list)):
        return [a for v in value for a in _arrays(v)]
    if hasattr(value, "flat_values") and hasattr(value, "nested_row_splits"):
        return [_arrays(value.flat_values)[0]] + [np.asarray(s).astype(np.int64) for s in value.nested_row_splits]
    if "bfloat16" in str(getattr(value, "dtype", "")) and hasattr(value, "float"):  # a torch tensor
        value = value.float()
    if hasattr(value, "numpy"):
        value = value.numpy()
    arr = np.asarray(value)
    if arr.dtype == object:  # strings
        arr = np.array([v.decode() if isinstance(v, bytes) else v for v in arr.reshape(-1)]).reshape(arr.shape)
    if str(arr.dtype) == "bfloat16":
        arr = arr.astype(np.float32)
    return [arr]


def run(tf, keras):
    out = {}
    for name, fn in _cases(tf, keras).items():
        try:
            value = fn()
        except Exception as e:  # recorded: both sides must raise the same class
            out[name] = type(e).__name__
            continue
        for i, v in enumerate(_arrays(value)):
            out[f"{name}#{i}"] = v
    return out
