"""Cases for issue 25's docstring classes (seeded random streams, tf.raw_ops, missing ops). `run(tf, keras)`
evaluates every case with real TF 2.21 / Keras 3 (make_issue25_docb_golden.py) or keraslike
(tests/ops/test_issue25_docb_golden.py) and returns {case#i: numpy array}; a case that raises is recorded as the
exception's class name. Random cases set the global seed first: their values depend only on what they call.
No TF import here."""

import numpy as np


def _random_cases(tf, c):
    def seq(global_seed, *calls):
        def run():
            tf.random.set_seed(global_seed)
            return [call() for call in calls]
        return run

    for gs in (None, 0, 5, 1234, 2**40 + 3):
        c[f"uniform_seeded_g{gs}"] = seq(gs, lambda: tf.random.uniform([5], seed=3),
                                         lambda: tf.random.uniform([5], seed=3),
                                         lambda: tf.random.uniform([2, 3], seed=3),
                                         lambda: tf.random.uniform([7], seed=-9))
        c[f"normal_seeded_g{gs}"] = seq(gs, lambda: tf.random.normal([7], seed=1),
                                        lambda: tf.random.normal([3, 2], seed=1),
                                        lambda: tf.random.normal([5], mean=2.0, stddev=3.0, seed=2))
        c[f"truncated_seeded_g{gs}"] = seq(gs, lambda: tf.random.truncated_normal([9], seed=4),
                                           lambda: tf.random.truncated_normal([3], seed=4),
                                           lambda: tf.random.truncated_normal([5], dtype=tf.float64, seed=4))
    for gs in (0, 5, 77):  # op seeds from the global seed's sequence
        c[f"global_only_g{gs}"] = seq(gs, lambda: tf.random.uniform([3]), lambda: tf.random.normal([4]),
                                      lambda: tf.random.truncated_normal([5]), lambda: tf.random.uniform([2]),
                                      lambda: tf.random.uniform([], maxval=10, dtype=tf.int32))
    c["shuffle_seeded"] = seq(3, lambda: tf.random.shuffle(np.arange(10), seed=4),
                              lambda: tf.random.shuffle(np.arange(10), seed=4), lambda: tf.random.shuffle(np.arange(7),
                                                                                                       seed=4),
                              lambda: tf.random.shuffle(np.arange(5)), lambda: tf.random.shuffle(np.arange(33.0),
                                                                                                 seed=4),
                              lambda: tf.random.shuffle(np.arange(12).reshape(4, 3), seed=9))
    c["uniform_dtypes"] = seq(11, lambda: tf.random.uniform([6], seed=1, dtype=tf.float64),
                              lambda: tf.random.uniform([6], seed=1, dtype=tf.float16),
                              lambda: tf.random.uniform([6], seed=1, dtype=tf.bfloat16),
                              lambda: tf.random.uniform([6], minval=-3, maxval=17, seed=1, dtype=tf.int32),
                              lambda: tf.random.uniform([6], minval=-3, maxval=2**40, seed=1, dtype=tf.int64),
                              lambda: tf.random.uniform([6], minval=-1.5, maxval=2.5, seed=1))
    c["normal_dtypes"] = seq(12, lambda: tf.random.normal([5], seed=1, dtype=tf.float64),
                             lambda: tf.random.normal([5], seed=1, dtype=tf.float16),
                             lambda: tf.random.truncated_normal([3], seed=2, dtype=tf.float16))
    c["truncated_large"] = seq(3, lambda: tf.random.truncated_normal([1000], seed=5))
    c["seed_zero_pair"] = seq(0, lambda: tf.random.uniform([3], seed=0))
    ones = np.ones((3, 10), np.float32)
    c["dropout_seeded"] = seq(0, lambda: tf.nn.dropout(ones, rate=0.5, seed=1),
                              lambda: tf.nn.dropout(ones, 0.8, seed=1),
                              lambda: tf.nn.dropout(ones, rate=2 / 3, noise_shape=[1, 10], seed=1),
                              lambda: tf.nn.dropout(ones, 0.0), lambda: tf.nn.dropout(ones, 0.3))
    img = np.arange(8).reshape(2, 2, 2, 1)
    c["random_flips"] = seq(None, lambda: tf.image.random_flip_left_right(img[0], 5),
                            lambda: tf.image.random_flip_left_right(img, 6),
                            lambda: tf.image.random_flip_up_down(img[0], 3),
                            lambda: tf.image.random_flip_up_down(img, 4))

    def generator():
        out = []
        for seed in (1234, 7, 2**63 + 11):
            g = tf.random.Generator.from_seed(seed)
            out += [g.normal([2, 3]), g.uniform([5]), g.uniform([4], minval=3, maxval=90, dtype=tf.int32),
                    g.uniform([3], maxval=2**35, dtype=tf.int64), g.truncated_normal([6]),
                    g.uniform_full_int([3], dtype=tf.int64), g.uniform_full_int([3], dtype=tf.int32),
                    g.make_seeds(2), g.normal([3], dtype=tf.float64), g.state]
        g = tf.random.Generator.from_key_counter(5, [2**40, 3], "philox")
        out += [g.normal([4]), g.state]
        g = tf.random.Generator.from_seed(7)
        out += [tf.nn.experimental.general_dropout(np.ones(5, np.float32), 0.5, g.uniform),
                tf.nn.experimental.stateless_dropout(np.ones(5, np.float32), 0.5, g.make_seeds(1)[:, 0])]
        return out
    c["generator"] = generator
    c["stateless_shuffle"] = lambda: [tf.random.experimental.stateless_shuffle(np.arange(n), seed=seed)
                                      for seed in ((8, 9), (1, 2), (0, 0), (123, -5)) for n in (1, 3, 10, 37)] + [
        tf.random.experimental.stateless_shuffle(np.arange(12).reshape(4, 3), seed=[8, 9])]
    ish = tf.random.experimental.index_shuffle
    for i, args in enumerate([(np.arange(4, dtype=np.int32), [5, 9], 3), (np.arange(10), [5, 8], np.full(10, 9)),
                              (np.arange(0, 5000, 123, dtype=np.int64), [-7, 2**31 - 1], np.int64(5000)),
                              (np.arange(6, dtype=np.int64), np.array([[1, 2], [3, 4], [5, 6], [7, 8], [0, 0], [9, 9]]),
                               np.int64(40)),
                              (np.int64(123456), [11, 12], np.int64(2**40)), (0, [1, 2], 0),
                              (np.arange(3), [1, 2], 70000), (np.arange(3), [1, 2], np.int32(70000))]):
        c[f"index_shuffle_{i}"] = lambda args=args: ish(*args)
    c["index_shuffle_bad_seed"] = lambda: ish(1, [1, 2, 3], 5)
    c["stateless_truncated"] = lambda: [tf.random.stateless_truncated_normal([9], seed=[1, 2]),
                                        tf.random.stateless_truncated_normal([3, 2], seed=[7, -3], dtype=tf.float64),
                                        tf.random.stateless_truncated_normal([4], seed=[0, 0], mean=1.0, stddev=0.5)]


def _raw_ops_cases(tf, c):
    r = tf.raw_ops
    x = np.array([[1.5, -2.0, 3.0], [0.5, 4.0, -1.0]], np.float32)
    ids = np.array([0, 0, 2])
    data = np.array([[1, 2, 3, 4], [4, 3, 2, 1], [5, 6, 7, 8]], np.int32)
    c["raw_complex_abs"] = lambda: r.ComplexAbs(x=tf.complex(3.0, 4.0), Tout=tf.float32)
    c["raw_complex"] = lambda: r.Complex(real=[1.0, 2.0], imag=[3.0, 4.0])
    c["raw_real_imag"] = lambda: [r.Real(input=np.array([1 + 2j], np.complex64)),
                                  r.Imag(input=np.array([1 + 2j], np.complex64))]
    for op in ("SegmentMaxV2", "SegmentMinV2", "SegmentProdV2", "SegmentSumV2"):
        c[f"raw_{op}"] = lambda op=op: tf.function(lambda d: getattr(r, op)(
            data=d, segment_ids=tf.constant(ids), num_segments=4), jit_compile=True)(tf.constant(data))
    for op in ("SegmentMax", "SegmentMin", "SegmentProd", "SegmentSum", "SegmentMean"):
        c[f"raw_{op}"] = lambda op=op: getattr(r, op)(data=data.astype(np.float32), segment_ids=ids)
    for op in ("UnsortedSegmentMax", "UnsortedSegmentSum"):
        c[f"raw_{op}"] = lambda op=op: getattr(r, op)(data=data, segment_ids=[2, 0, 2], num_segments=3)
    for op in ("Abs", "Exp", "Sign", "Square", "Tanh", "Erf", "Sigmoid", "Rsqrt", "Floor", "Neg", "Log1p"):
        c[f"raw_{op}"] = lambda op=op: getattr(r, op)(x=np.abs(x) if op in ("Rsqrt", "Log1p") else x)
    for op in ("Relu", "Relu6", "Elu", "Selu", "Softplus", "Softsign"):
        c[f"raw_{op}"] = lambda op=op: getattr(r, op)(features=x)
    c["raw_leaky"] = lambda: r.LeakyRelu(features=x, alpha=0.1)
    for op in ("Add", "AddV2", "Sub", "Mul", "RealDiv", "Maximum", "Minimum", "Pow", "SquaredDifference",
               "FloorDiv", "FloorMod", "DivNoNan", "Xdivy", "Xlogy", "Greater", "LessEqual", "Equal", "NotEqual"):
        c[f"raw_{op}"] = lambda op=op: getattr(r, op)(x=x, y=np.array([2.0, 0.0, -1.5], np.float32))
    c["raw_equal_incompatible"] = lambda: [r.Equal(x=[1, 2], y=[1, 2, 3], incompatible_shape_error=False),
                                           r.NotEqual(x=[1, 2], y=[1, 2, 3], incompatible_shape_error=False)]
    c["raw_atan2"] = lambda: r.Atan2(y=x, x=np.ones(3, np.float32))
    for op in ("Sum", "Max", "Min", "Mean", "Prod"):
        c[f"raw_{op}"] = lambda op=op: [getattr(r, op)(input=x, axis=1), getattr(r, op)(input=x, axis=[0, 1],
                                                                                        keep_dims=True)]
    c["raw_all_any"] = lambda: [r.All(input=x > 0, axis=0), r.Any(input=x > 0, axis=1, keep_dims=True)]
    c["raw_argmax"] = lambda: [r.ArgMax(input=x, dimension=1), r.ArgMin(input=x, dimension=0, output_type=tf.int32)]
    c["raw_matmul"] = lambda: [r.MatMul(a=x, b=x, transpose_b=True), r.MatMul(a=x, b=x, transpose_a=True),
                               r.BatchMatMulV2(x=x[None], y=x[None], adj_y=True)]
    c["raw_shape_ops"] = lambda: [r.Reshape(tensor=x, shape=[3, 2]), r.Transpose(x=x, perm=[1, 0]),
                                  r.ExpandDims(input=x, axis=0), r.Squeeze(input=x[None]), r.Shape(input=x),
                                  r.Size(input=x, out_type=tf.int64), r.Rank(input=x),
                                  r.Tile(input=x, multiples=[1, 2]),
                                  r.Pad(input=x, paddings=[[1, 0], [0, 2]]), r.ReverseV2(tensor=x, axis=[1]),
                                  r.Slice(input=x, begin=[0, 1], size=[2, 2]),
                                  r.BroadcastTo(input=[1, 2], shape=[3, 2])]
    c["raw_pack_concat"] = lambda: [r.Pack(values=[x, x], axis=1), r.ConcatV2(values=[x, x], axis=0),
                                    r.Unpack(value=x, num=2), r.Fill(dims=[2, 2], value=7),
                                    r.Range(start=1, limit=10, delta=3), r.ZerosLike(x=x), r.OnesLike(x=x)]
    c["raw_unpack_bad_num"] = lambda: r.Unpack(value=x, num=3)
    c["raw_gather"] = lambda: [r.GatherV2(params=x, indices=[1, 0, 1], axis=0), r.GatherNd(params=x, indices=[[1, 2]]),
                               r.ScatterNd(indices=[[1], [3]], updates=[5.0, 6.0], shape=[5]),
                               r.TensorScatterAdd(tensor=x, indices=[[0, 0]], updates=[10.0]),
                               r.TensorScatterUpdate(tensor=x, indices=[[1]], updates=[[0.0, 0.0, 0.0]])]
    c["raw_select"] = lambda: [r.Select(condition=[True, False], x=x, y=-x), r.SelectV2(condition=x > 0, t=x, e=0.0),
                               r.Where(condition=x > 0)]
    c["raw_cast_cum"] = lambda: [r.Cast(x=x, DstT=tf.int32), r.Cumsum(x=x, axis=1, exclusive=True),
                                 r.Cumprod(x=x, axis=0, reverse=True), r.OneHot(indices=[0, 2], depth=3, on_value=5.0,
                                                                                 off_value=-1.0)]
    c["raw_nn"] = lambda: [r.Softmax(logits=x), r.LogSoftmax(logits=x), r.L2Loss(t=x),
                           r.BiasAdd(value=x, bias=[1.0, 2.0, 3.0]), r.AddN(inputs=[x, x, x]),
                           r.Einsum(inputs=[x, x], equation="ij,kj->ik"), r.TopKV2(input=x, k=2),
                           r.Identity(input=x), r.StopGradient(input=x)]
    c["raw_positional"] = lambda: r.Add(1, 2)
    c["raw_unknown_kwarg"] = lambda: r.Add(x=1, y=2, z=3)


def _ops_cases(tf, keras, c):
    params = np.array([[1, 2], [3, 4], [5, 6], [7, 8]], np.float32)
    ids = lambda: tf.SparseTensor(indices=[[0, 0], [0, 1], [2, 0], [2, 1], [3, 0]], values=[0, 1, 3, 2, 3],  # noqa
                                  dense_shape=(4, 2))
    weights = lambda: tf.SparseTensor(indices=[[0, 0], [0, 1], [2, 0], [2, 1], [3, 0]],  # noqa
                                      values=[0.1, 1.0, 0.5, -2.0, 0.0], dense_shape=(4, 2))
    for combiner in ("sum", "mean", "sqrtn"):
        c[f"emb_sparse_{combiner}"] = lambda combiner=combiner: [
            tf.nn.embedding_lookup_sparse(params, ids(), None, combiner=combiner),
            tf.nn.embedding_lookup_sparse(params, ids(), weights(), combiner=combiner)]
    c["emb_sparse_default_max_norm"] = lambda: tf.nn.embedding_lookup_sparse(params, ids(), weights(), max_norm=2.0)
    c["emb_sparse_f16"] = lambda: tf.nn.embedding_lookup_sparse(params.astype(np.float16), ids(), weights())
    c["emb_sparse_bad_combiner"] = lambda: tf.nn.embedding_lookup_sparse(params, ids(), None, combiner="max")
    q = tf.quantization
    x = np.array([[1.2, -0.3, 0.7, 0.0], [2.1, 0.5, -1.0, 0.013]], np.float32)
    c["fake_quant_vars"] = lambda: [q.fake_quant_with_min_max_vars(x, -0.5, 0.8),
                                    q.fake_quant_with_min_max_vars(x, -0.5, 0.8, num_bits=4, narrow_range=True),
                                    q.fake_quant_with_min_max_vars(x, 0.3, 2.0),
                                    q.fake_quant_with_min_max_vars(x, -2.0, -0.1, num_bits=3)]
    c["fake_quant_args"] = lambda: [q.fake_quant_with_min_max_args(x), q.fake_quant_with_min_max_args(
        x, min=-1.3, max=0.9, num_bits=6), q.fake_quant_with_min_max_args(x * 10, narrow_range=True)]
    c["fake_quant_bad_bits"] = lambda: q.fake_quant_with_min_max_args(x, num_bits=1)
    c["fake_quant_bad_range"] = lambda: q.fake_quant_with_min_max_args(x, min=1.0, max=0.5)

    def fake_quant_grads():
        lo, hi = tf.Variable(-0.5), tf.Variable(0.8)
        xv = tf.constant(x)
        with tf.GradientTape() as tape:
            tape.watch(xv)
            y = q.fake_quant_with_min_max_vars(xv, lo, hi) * np.arange(1, 9, dtype=np.float32).reshape(2, 4)
        return tape.gradient(y, [xv, lo, hi])
    c["fake_quant_grads"] = fake_quant_grads
    z3, z4 = np.zeros((3, 3), np.float32), np.zeros((2, 4, 4), np.float32)
    c["set_diag_bands"] = lambda: [
        tf.linalg.set_diag(z3, [[2., 3., 4.], [1., 2., 3.]], align="LEFT_RIGHT", k=(-1, 0)),
        tf.linalg.set_diag(z4[0], [[2., 3., 4., 5.], [-1., -2., -3., -4.]], align="LEFT_RIGHT", k=(0, 1)),
        tf.linalg.set_diag(z4, np.arange(2 * 3 * 4, dtype=np.float32).reshape(2, 3, 4), k=(-1, 1)),
        tf.linalg.set_diag(np.zeros((3, 5), np.float32), np.arange(1, 13, dtype=np.float32).reshape(4, 3),
                           k=(-1, 2), align="LEFT_LEFT"),
        tf.linalg.set_diag(np.zeros((5, 3), np.float32), np.arange(1, 10, dtype=np.float32).reshape(3, 3),
                           k=(-2, 0), align="RIGHT_RIGHT"),
        tf.linalg.set_diag(z3, [1.0, 2.0], k=(1, 1))]
    c["set_diag_bad_shape"] = lambda: tf.linalg.set_diag(z3, [[1.0, 2.0, 3.0]], k=(-1, 0))
    c["set_diag_k_list"] = lambda: tf.linalg.set_diag(z3, [1.0, 2.0], k=[-1])
    sp = lambda: tf.SparseTensor(indices=[[0, 0], [1, 2]], values=[1, 2], dense_shape=[3, 4])  # noqa: E731
    c["assert_type_sparse"] = lambda: [tf.debugging.assert_type(sp(), tf_type=tf.int32), 1][1]
    c["assert_type_sparse_wrong"] = lambda: tf.debugging.assert_type(sp(), tf_type=tf.float32)


def _image_nn_cases(tf, c):
    img = np.arange(2 * 5 * 6 * 2, dtype=np.float32).reshape(2, 5, 6, 2)
    for i, (off, centered, normalized) in enumerate([
            ([[1, 1], [1.6, 2.7]], False, False), ([[-0.9, 2.2], [0.0, 0.0]], False, False),
            ([[0.5, 0.5], [1.4, -1.6]], True, False), ([[0.2, 0.3], [0.21, 0.55]], False, True),
            ([[0.0, 0.0], [0.3, -0.5]], True, True), ([[-0.9, 0.8], [3.0, 4.0]], True, True),
            ([[4.0, -2.0], [-3.0, 5.0]], False, False)]):
        c[f"glimpse_{i}"] = lambda off=off, centered=centered, normalized=normalized: tf.image.extract_glimpse(
            img, size=(3, 4), offsets=off, centered=centered, normalized=normalized, noise="zero")
    c["glimpse_docstring"] = lambda: tf.image.extract_glimpse(
        np.arange(9, dtype=np.float32).reshape(1, 3, 3, 1), size=(2, 2), offsets=[[1, 1]], centered=False,
        normalized=False)
    rng = np.random.RandomState(0)
    logits = rng.randn(12, 4, 6).astype(np.float32)
    labels = np.array([[1, 2, 2, 0, 0], [3, 1, 4, 5, 2], [5, 5, 5, 0, 0], [2, 0, 0, 0, 0]], np.int64)
    label_length, logit_length = np.array([3, 5, 3, 1]), np.array([12, 10, 12, 4])

    def ctc(**kw):
        lg = tf.constant(kw.pop("logits", logits))
        with tf.GradientTape() as tape:
            tape.watch(lg)
            loss = tf.nn.ctc_loss(labels=kw.pop("labels", labels), logits=lg, label_length=label_length,
                                  logit_length=logit_length, **kw)
        return [loss, tape.gradient(loss, lg)]
    c["ctc_loss_blank0"] = lambda: ctc(blank_index=0, labels=labels + (labels == 0) * 1)
    c["ctc_loss_blank_last"] = lambda: ctc(blank_index=-1, labels=np.where(labels == 5, 4, labels))
    c["ctc_loss_blank2"] = lambda: ctc(blank_index=2, labels=np.where(labels == 2, 3, labels))
    c["ctc_loss_batch_major"] = lambda: ctc(logits=logits.transpose(1, 0, 2), logits_time_major=False, blank_index=0,
                                            labels=labels + (labels == 0) * 1)
    inf = float("inf")
    greedy_logits = np.array([[[0., -inf, -inf], [-2.3, -inf, -0.1]], [[-inf, -0.5, -inf], [-inf, -inf, -0.1]],
                              [[-inf, -inf, -inf], [-0.1, -inf, -2.3]]], np.float32)
    c["ctc_greedy_docstring"] = lambda: tf.nn.ctc_greedy_decoder(greedy_logits, [2, 3], blank_index=1)
    c["ctc_greedy_default_blank"] = lambda: tf.nn.ctc_greedy_decoder(logits, logit_length)
    c["ctc_greedy_no_merge"] = lambda: tf.nn.ctc_greedy_decoder(logits[:, :, :3], logit_length, merge_repeated=False,
                                                                blank_index=0)


def _signal_cases(tf, c):
    rng = np.random.RandomState(1)
    wave = rng.randn(2, 50).astype(np.float32)
    c["vorbis_window"] = lambda: [tf.signal.vorbis_window(8), tf.signal.vorbis_window(5, dtype=tf.float64)]
    c["mdct"] = lambda: [tf.signal.mdct(wave, 8), tf.signal.mdct(wave, 12, pad_end=True, norm="ortho"),
                         tf.signal.mdct(wave.astype(np.float64), 16, window_fn=None),
                         tf.signal.mdct(wave, 8, window_fn=tf.signal.hann_window)]
    coeffs = rng.randn(2, 5, 6).astype(np.float32)
    c["inverse_mdct"] = lambda: [tf.signal.inverse_mdct(coeffs), tf.signal.inverse_mdct(coeffs, norm="ortho"),
                                 tf.signal.inverse_mdct(coeffs, window_fn=None)]
    c["mdct_round_trip"] = lambda: tf.signal.inverse_mdct(tf.signal.mdct(np.pad(wave, [[0, 0], [4, 0]]), 8,
                                                                         pad_end=True))
    c["mdct_bad_length"] = lambda: tf.signal.mdct(wave, 6)


def _cases(tf, keras):
    c = {}
    _signal_cases(tf, c)
    _image_nn_cases(tf, c)
    _ops_cases(tf, keras, c)
    _random_cases(tf, c)
    _raw_ops_cases(tf, c)
    return c


def _arrays(value):
    """A result as a list of numpy arrays (ragged: flat values and row splits; sparse: its three parts)."""
    if isinstance(value, (tuple, list)):
        return [a for v in value for a in _arrays(v)]
    if hasattr(value, "flat_values") and hasattr(value, "nested_row_splits"):
        return [_arrays(value.flat_values)[0]] + [np.asarray(s).astype(np.int64) for s in value.nested_row_splits]
    if all(hasattr(value, a) for a in ("indices", "values", "dense_shape")):
        return [a for part in (value.indices, value.values, value.dense_shape) for a in _arrays(part)]
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
