"""Cases for the second pass over the docstring runner's disagreements (`conformance/docstrings/RESULTS.md`):
TF 2.21's own docstring examples that keraslike got wrong, reduced to values.

Each case takes `(tf, keras)`: real TensorFlow 2.21 with Keras 3 in `make_docstring_golden.py`, keraslike in
`tests/ops/test_docstring_golden.py`. Results are encoded by `conversion_cases.encode`; an exception by its
class name. No TensorFlow import here: both sides share this file.
"""

SPARSE = ([[0, 0], [2, 0], [2, 1]], [2, 3, 4], [4, 4])


def _sparse(tf):
    return tf.sparse.SparseTensor(*SPARSE)


def _parts(sparse):
    return [sparse.indices, sparse.values, sparse.dense_shape]


def _map_sparse_rows(tf, keras):
    return _parts(tf.map_fn(lambda row: row * 2, _sparse(tf)))


def _map_sparse_eye(tf, keras):
    return _parts(tf.map_fn(tf.sparse.eye, tf.constant([2, 3]),
                            fn_output_signature=tf.SparseTensorSpec(None, tf.float32)))


def _sparse_arithmetic(tf, keras):
    st = _sparse(tf)
    small = tf.sparse.SparseTensor([[0]], tf.constant([3], tf.int16), [2])
    results = [st * 2, st / 2, st * tf.constant([1, 2, 3, 4]), small / 2]
    return [[r.values, r.dtype.name] for r in results]


def _ensure_shape_traced(shape, wanted):
    def case(tf, keras):
        seen = []

        @tf.function
        def f(t):
            seen.append(t.shape.as_list() if t.shape.rank is not None else None)
            t = tf.ensure_shape(t, wanted)
            seen.append(t.shape.as_list())
            return t

        concrete = f.get_concrete_function(tf.TensorSpec(shape))
        # keraslike runs the body once more to find the output dims; TF's single trace is the first two entries
        return [seen[:2], concrete.structured_outputs.shape.as_list(), concrete(tf.zeros([5, 5])).shape]
    return case


def _recompute_model(tf, keras):
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.layers.Lambda(lambda x: x), keras.layers.Dense(2)])
    model_recompute = tf.recompute_grad(model)
    with tf.GradientTape(persistent=True) as tape:
        r = tf.constant([[1, 2]])
        for _ in range(4):
            r = model_recompute(r)
    return [tape.gradient(r, model.variables), model.variables, r]


def _recompute_function(tf, keras):
    y = tf.Variable(3.0)
    f = tf.recompute_grad(lambda x: tf.sin(x * y))
    x = tf.constant(0.5)
    with tf.GradientTape() as tape:
        tape.watch(x)
        r = f(f(x))
    return tape.gradient(r, [x, y])


JPEG_PIXELS = [[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]


def _jpeg_accurate(quality, as_float):
    def case(tf, keras):
        x = tf.constant(JPEG_PIXELS, tf.uint8)
        return tf.image.adjust_jpeg_quality(tf.image.convert_image_dtype(x, tf.float32) if as_float else x, quality,
                                            dct_method="INTEGER_ACCURATE")
    return case


def _numpy_function_types(where):
    def case(tf, keras):
        seen = []

        def f(*args):
            seen.append([type(a).__name__ for a in args])
            return seen[-1][0] == "bytes"

        inputs = [tf.constant("s"), tf.constant(2.0), tf.constant(["a", "b"]), tf.constant([1, 2])]
        if where == "eager":
            tf.numpy_function(f, inputs, tf.bool)
        elif where == "function":
            tf.function(lambda *xs: tf.numpy_function(f, list(xs), tf.bool))(*inputs)
        else:
            list(tf.data.Dataset.from_tensors(tuple(inputs)).map(lambda *xs: tf.numpy_function(f, list(xs), tf.bool)))
        return seen
    return case


def _numpy_function_upper(tf, keras):
    d = tf.data.Dataset.from_tensor_slices(["hello", "world"])
    d = d.map(lambda x: tf.numpy_function(func=lambda t: t.decode("utf-8").upper(), inp=[x], Tout=tf.string))
    return [b.decode() for b in d.as_numpy_iterator()]


def _values(tf, shape, offset=0.0):
    n = 1
    for d in shape:
        n *= d
    return tf.reshape(tf.cos(tf.range(n, dtype=tf.float32) + offset), shape)


def _block_lower(tf):
    full = tf.linalg.LinearOperatorFullMatrix
    a, b, c = full(_values(tf, [2, 3, 4, 4])), full(_values(tf, [5, 4], 1.0)), full(_values(tf, [2, 1, 5, 5], 2.0))
    return tf.linalg.LinearOperatorBlockLowerTriangular([[a], [b, c]])


def _block_diag(tf):
    full = tf.linalg.LinearOperatorFullMatrix
    return tf.linalg.LinearOperatorBlockDiag([full(_values(tf, [3, 2, 2])), full(_values(tf, [3, 3], 1.0))])


def _blockwise(make, call, shapes, **kwargs):
    def case(tf, keras):
        parts = [_values(tf, shape, 0.5 * i) for i, shape in enumerate(shapes)]
        return getattr(make(tf), call)(parts, **kwargs)
    return case


CASES = {
    "map_fn_sparse_reduce_sum": lambda tf, keras: tf.map_fn(tf.sparse.reduce_sum, _sparse(tf),
                                                            fn_output_signature=tf.int32),
    "map_fn_sparse_to_dense": lambda tf, keras: tf.map_fn(tf.sparse.to_dense, _sparse(tf),
                                                          fn_output_signature=tf.int32),
    "map_fn_sparse_rows": _map_sparse_rows,
    "map_fn_sparse_eye": _map_sparse_eye,
    "sparse_arithmetic_dtypes": _sparse_arithmetic,
    "sparse_mul_float_into_int": lambda tf, keras: _sparse(tf) * 2.5,
    "sparse_mul_float_tensor_into_int": lambda tf, keras: _sparse(tf) * tf.constant(2.5),
    "ensure_shape_traced_partial": _ensure_shape_traced([None, None], [None, 5]),
    "ensure_shape_traced_full": _ensure_shape_traced([None, None], [5, 5]),
    "ensure_shape_traced_unknown_rank": _ensure_shape_traced(None, [5, None]),
    "ensure_shape_traced_incompatible": _ensure_shape_traced([None, 3], [None, 5]),
    "recompute_grad_model": _recompute_model,
    "recompute_grad_function": _recompute_function,
    "numpy_function_types_eager": _numpy_function_types("eager"),
    "numpy_function_types_function": _numpy_function_types("function"),
    "numpy_function_types_dataset": _numpy_function_types("dataset"),
    "numpy_function_string_map": _numpy_function_upper,
    "block_lower_matvec_blockwise": _blockwise(_block_lower, "matvec", [[2, 1, 4], [2, 3, 5]]),
    "block_lower_matvec_blockwise_adjoint": _blockwise(_block_lower, "matvec", [[4], [5]], adjoint=True),
    "block_lower_matmul_blockwise": _blockwise(_block_lower, "matmul", [[4, 2], [2, 3, 5, 2]]),
    "block_lower_matmul_blockwise_adjoint_arg": _blockwise(_block_lower, "matmul", [[2, 4], [2, 5]],
                                                          adjoint_arg=True),
    "block_diag_matvec_blockwise": _blockwise(_block_diag, "matvec", [[3, 2], [3]]),
    "block_diag_matmul_blockwise": _blockwise(_block_diag, "matmul", [[2, 1], [3, 1]], adjoint=True),
    "adjust_jpeg_quality_accurate_100": _jpeg_accurate(100, False),
    "adjust_jpeg_quality_accurate_75": _jpeg_accurate(75, False),
    "adjust_jpeg_quality_accurate_float": _jpeg_accurate(75, True),
    "decode_jpeg_unknown_dct_method": lambda tf, keras: tf.io.decode_jpeg(
        tf.io.encode_jpeg(tf.constant(JPEG_PIXELS, tf.uint8)), dct_method="INTEGER"),
    "adjust_jpeg_quality_unknown_dct_method": lambda tf, keras: tf.image.adjust_jpeg_quality(
        tf.constant(JPEG_PIXELS, tf.uint8), 75, dct_method="INTEGER"),
}
