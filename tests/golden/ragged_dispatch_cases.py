"""Cases for TF's ragged dispatch: every API of TF 2.21's `ragged_dispatch.ragged_op_list()` on small ragged
inputs (ragged rank 1 and 2, float/int/bool/string as the op takes, an empty row), and TF's sparse dispatch of
the zero-preserving unary elementwise ops to a SparseTensor's values.

Shared by `make_ragged_dispatch_golden.py` (run under real TensorFlow 2.21) and
`tests/ragged/test_ragged_dispatch.py` (run under keraslike); values are described with
`ragged_shape_cases.describe`. Each case is a statement binding `out`.
"""

SETUP = """
rt = tf.ragged.constant([[1., -2., 3.], [], [0.5, 4.]])
rp = tf.ragged.constant([[0.25, 0.5, 0.75], [], [0.1, 0.9]])
rt2 = tf.ragged.constant([[[1., 2.], [3.]], [], [[4., -5., 6.]]])
ri = tf.ragged.constant([[1, -2, 3], [], [4, 5]])
rpos = tf.ragged.constant([[1, 2, 3], [], [4, 5]])
rb = tf.ragged.constant([[True, False, True], [], [False, True]])
rs = tf.ragged.constant([["Hello", " a b "], [], ["World"]])
rn = tf.ragged.constant([["1.5", "2"], [], ["-3"]])
segment_ids = tf.ragged.constant([[0, 1, 0], [], [2, 1]])
ru = tf.ragged.constant([[[1., 2.], [3., 4.]], [], [[5., 6.]]], ragged_rank=1)
"""

# the float unary elementwise ops (rt, and rp where the domain is (0, 1))
UNARY_FLOAT = [
    "abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "bessel_i0", "bessel_i0e", "bessel_i1",
    "bessel_i1e", "ceil", "cos", "cosh", "digamma", "erf", "erfc", "erfcinv", "erfinv", "exp", "expm1", "floor",
    "is_finite", "is_inf", "is_nan", "lgamma", "log", "log1p", "log_sigmoid", "ndtri", "negative",
    "reciprocal", "reciprocal_no_nan", "rint", "round", "rsqrt", "sigmoid", "sign", "sin", "sinh", "softplus",
    "sqrt", "square", "tan", "tanh", "real", "imag", "conj", "angle",
]
UNIT_DOMAIN = {"acos", "asin", "atanh", "erfcinv", "erfinv", "ndtri"}
SPECIAL = ["bessel_j0", "bessel_j1", "bessel_k0", "bessel_k0e", "bessel_k1", "bessel_k1e", "bessel_y0",
           "bessel_y1", "dawsn", "expint", "fresnel_cos", "fresnel_sin", "spence"]
BINARY_FLOAT = ["add", "atan2", "divide", "divide_no_nan", "equal", "floordiv", "floormod", "greater",
                "greater_equal", "less", "less_equal", "maximum", "minimum", "multiply", "multiply_no_nan",
                "not_equal", "pow", "squared_difference", "subtract", "truediv", "xdivy", "xlog1py", "xlogy",
                "zeta"]
NN_UNARY = ["elu", "gelu", "leaky_relu", "relu", "relu6", "selu", "silu", "softsign", "softmax"]
REDUCE = ["reduce_all", "reduce_any", "reduce_max", "reduce_mean", "reduce_min", "reduce_prod", "reduce_std",
          "reduce_sum", "reduce_variance"]
SEGMENT = ["max", "mean", "min", "prod", "sqrt_n", "sum"]

CASES = {}
for _n in UNARY_FLOAT:
    _x = "rp" if _n in UNIT_DOMAIN else "rt"
    CASES[f"math.{_n}"] = f"out = tf.math.{_n}({_x})"
    CASES[f"math.{_n}.rank2"] = f"out = tf.math.{_n}(rt2)" if _n not in UNIT_DOMAIN else f"out = tf.math.{_n}(rp)"
for _n in SPECIAL:
    CASES[f"math.special.{_n}"] = f"out = tf.math.special.{_n}(rp)"
for _n in BINARY_FLOAT:
    CASES[f"math.{_n}"] = f"out = tf.math.{_n}(rp, rp + 1.)"
    CASES[f"math.{_n}.dense"] = f"out = tf.math.{_n}(rp, 2.)"
for _n in ["bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift"]:
    CASES[f"bitwise.{_n}"] = f"out = tf.bitwise.{_n}(rpos, rpos)"
for _n in ["logical_and", "logical_or", "logical_xor"]:
    CASES[f"math.{_n}"] = f"out = tf.math.{_n}(rb, tf.logical_not(rb))"
for _n in NN_UNARY:
    CASES[f"nn.{_n}"] = f"out = tf.nn.{_n}(rt)"
    CASES[f"nn.{_n}.rank2"] = f"out = tf.nn.{_n}(rt2)"
for _n in REDUCE:
    _x = "rb" if _n in ("reduce_all", "reduce_any") else "rt"
    CASES[f"math.{_n}"] = f"out = tf.math.{_n}({_x}, axis=1)"
    CASES[f"math.{_n}.all"] = f"out = tf.math.{_n}({_x})"
    CASES[f"math.{_n}.axis0"] = f"out = tf.math.{_n}({_x}, axis=0)"
for _n in SEGMENT:
    CASES[f"math.unsorted_segment_{_n}"] = f"out = tf.math.unsorted_segment_{_n}(rt, segment_ids, 3)"
CASES.update({
    "__operators__.eq": "out = tf.__operators__.eq(ri, ri)",
    "__operators__.ne": "out = tf.__operators__.ne(ri, ri + 1)",
    "bitwise.invert": "out = tf.bitwise.invert(ri)",
    "math.logical_not": "out = tf.math.logical_not(rb)",
    "bitcast": "out = tf.bitcast(ri, tf.uint32)",
    "broadcast_to": "out = tf.broadcast_to(tf.constant([[1], [2], [3]]), tf.shape(ri))",
    "cast": "out = tf.cast(ri, tf.float64)",
    "cast.rank2": "out = tf.cast(rt2, tf.int32)",
    "clip_by_value": "out = tf.clip_by_value(rt, -1., 2.)",
    "clip_by_value.rank2": "out = tf.clip_by_value(rt2, 0., 4.)",
    "concat": "out = tf.concat([rt, rt], axis=0)",
    "concat.axis1": "out = tf.concat([rt, rt], axis=1)",
    "debugging.assert_equal": "tf.debugging.assert_equal(ri, ri); out = 1",
    "debugging.assert_equal.fails": "tf.debugging.assert_equal(ri, ri + 1); out = 1",
    "debugging.assert_greater_equal": "tf.debugging.assert_greater_equal(ri, ri); out = 1",
    "debugging.assert_greater": "tf.debugging.assert_greater(ri + 1, ri); out = 1",
    "debugging.assert_less_equal": "tf.debugging.assert_less_equal(ri, ri); out = 1",
    "debugging.assert_less": "tf.debugging.assert_less(ri, ri + 1); out = 1",
    "debugging.assert_less.fails": "tf.debugging.assert_less(ri, ri); out = 1",
    "debugging.assert_near": "tf.debugging.assert_near(rt, rt); out = 1",
    "debugging.assert_none_equal": "tf.debugging.assert_none_equal(ri, ri + 1); out = 1",
    "debugging.check_numerics": "out = tf.debugging.check_numerics(rt, 'bad')",
    "debugging.check_numerics.fails": "out = tf.debugging.check_numerics(rt / 0., 'bad')",
    "dtypes.complex": "out = tf.math.abs(tf.dtypes.complex(rt, rt))",
    "dtypes.saturate_cast": "out = tf.dtypes.saturate_cast(rt * 100., tf.int8)",
    "dynamic_partition": "out = tf.dynamic_partition(ri, tf.ragged.constant([[0, 1, 0], [], [1, 1]]), 2)",
    "dynamic_partition.dense_partitions": "out = tf.dynamic_partition(ri, [0, 1, 1], 2)",
    "expand_dims": "out = tf.expand_dims(ri, 0)",
    "expand_dims.axis1": "out = tf.expand_dims(ri, 1)",
    "expand_dims.axis2": "out = tf.expand_dims(ri, 2)",
    "expand_dims.neg": "out = tf.expand_dims(ri, -1)",
    "gather_nd": "out = tf.gather_nd(ri, [[2], [0]])",
    "gather_nd.full": "out = tf.gather_nd(ri, [[2, 1], [0, 0]])",
    "gather": "out = tf.gather(ri, [2, 0, 2])",
    "gather.rank2": "out = tf.gather(rt2, [2, 1, 0])",
    "gather.ragged_indices": "out = tf.gather([10, 20, 30], tf.ragged.constant([[0, 2], [], [1]]))",
    "gather.axis1": "out = tf.gather(ri, [0], axis=1)",
    "image.adjust_brightness": "out = tf.image.adjust_brightness(rt, 0.5)",
    "image.adjust_gamma": "out = tf.image.adjust_gamma(rp, 2.)",
    "image.convert_image_dtype": "out = tf.image.convert_image_dtype(rp, tf.uint8)",
    "io.decode_base64": "out = tf.io.decode_base64(tf.io.encode_base64(rs))",
    "io.encode_base64": "out = tf.io.encode_base64(rs)",
    "linalg.matmul": ("out = tf.linalg.matmul(tf.ragged.constant([[[1., 2.], [3., 4.]], [[5., 6.]]]), "
                      "tf.constant([[1., 0.], [0., 2.]]))"),
    "linalg.matmul.dense_rows": ("out = tf.linalg.matmul(tf.ragged.constant([[1., 2.], [3., 4.]]), "
                                 "tf.ragged.constant([[1., 0.], [0., 2.]]))"),
    "math.add_n": "out = tf.math.add_n([rt, rt, rt])",
    "math.bincount": "out = tf.math.bincount(rpos)",
    "math.bincount.axis": "out = tf.math.bincount(rpos, axis=-1)",
    "math.cumsum": "out = tf.math.cumsum(rt, axis=1)",
    "math.cumsum.exclusive": "out = tf.math.cumsum(ri, axis=1, exclusive=True, reverse=True)",
    "math.cumsum.axis0": "out = tf.math.cumsum(ri, axis=0)",
    "math.nextafter": "out = tf.math.nextafter(rt, 10.) - rt",
    "math.scalar_mul": "out = tf.math.scalar_mul(3., rt)",
    "nn.dropout": "out = tf.nn.dropout(rt, 0.)",
    "nn.dropout.shape": "out = tf.shape(tf.nn.dropout(rt, 0.5)).row_partitions[0].row_splits()",
    "nn.experimental.stateless_dropout": "out = tf.nn.experimental.stateless_dropout(rt, 0., seed=[1, 2])",
    "nn.leaky_relu.alpha": "out = tf.nn.leaky_relu(rt, alpha=0.5)",
    "nn.softmax.axis": "out = tf.nn.softmax(rt, axis=-1)",
    "nn.sigmoid_cross_entropy_with_logits": "out = tf.nn.sigmoid_cross_entropy_with_logits(labels=rp, logits=rt)",
    "one_hot": "out = tf.one_hot(rpos, 6)",
    "one_hot.values": "out = tf.one_hot(rpos, 4, on_value=5, off_value=-1)",
    "ones_like": "out = tf.ones_like(ri)",
    "ones_like.dtype": "out = tf.ones_like(rt2, dtype=tf.int64)",
    "zeros_like": "out = tf.zeros_like(rt)",
    "rank": "out = tf.rank(rt2)",
    "realdiv": "out = tf.realdiv(rt, rt + 10.)",
    "reshape": "out = tf.reshape(ri, [-1])",
    "reverse": "out = tf.reverse(ri, [1])",
    "size": "out = tf.size(rt2)",
    "size.int64": "out = tf.size(ri, out_type=tf.int64)",
    "sparse.bincount": "out = tf.sparse.to_dense(tf.sparse.bincount(rpos))",
    "split": "out = tf.split(ri, 3)",
    "split.sizes": "out = tf.split(ri, [1, 2])",
    "split.axis1": "out = tf.split(ru, 2, axis=2)",
    "squeeze": "out = tf.squeeze(tf.expand_dims(ri, 2), axis=2)",
    "squeeze.ragged_axis": "out = tf.squeeze(ri, axis=1)",
    "squeeze.no_axis": "out = tf.squeeze(ri)",
    "squeeze.axis0": "out = tf.squeeze(tf.ragged.constant([[[1, 2], [3]]]), axis=0)",
    "stack": "out = tf.stack([rt, rt])",
    "stack.axis1": "out = tf.stack([ri, ri], axis=1)",
    "stack.dense": "out = tf.stack([ri, tf.ragged.constant([[7], [8, 9], []])], axis=0)",
    "strings.as_string": "out = tf.strings.as_string(ri)",
    "strings.format": "out = tf.strings.format('{}', ri)",
    "strings.format.float": "out = tf.strings.format('{}', rt)",
    "strings.format.summarize": "out = tf.strings.format('x={}', tf.ragged.constant([list(range(10)), []]))",
    "strings.format.strings": "out = tf.strings.format('{} and {}', [rs, rb])",
    "strings.format.uniform": "out = tf.strings.format('{}', ru)",
    "strings.format.rows": "out = tf.strings.format('{}', tf.ragged.constant([[1] * 3] * 8))",
    "strings.join": "out = tf.strings.join([rs, rs], separator='-')",
    "strings.length": "out = tf.strings.length(rs)",
    "strings.lower": "out = tf.strings.lower(rs)",
    "strings.upper": "out = tf.strings.upper(rs)",
    "strings.reduce_join": "out = tf.strings.reduce_join(rs, axis=1, separator='|')",
    "strings.reduce_join.all": "out = tf.strings.reduce_join(rs)",
    "strings.regex_full_match": "out = tf.strings.regex_full_match(rs, 'H.*')",
    "strings.regex_replace": "out = tf.strings.regex_replace(rs, 'o', '0')",
    "strings.strip": "out = tf.strings.strip(rs)",
    "strings.substr": "out = tf.strings.substr(rs, 1, 2)",
    "strings.to_hash_bucket_fast": "out = tf.strings.to_hash_bucket_fast(rs, 10)",
    "strings.to_hash_bucket_strong": "out = tf.strings.to_hash_bucket_strong(rs, 10, [1, 2])",
    "strings.to_hash_bucket": "out = tf.strings.to_hash_bucket(rs, 10)",
    "strings.to_number": "out = tf.strings.to_number(rn)",
    "strings.unicode_script": "out = tf.strings.unicode_script(ri + 60)",
    "strings.unicode_transcode": "out = tf.strings.unicode_transcode(rs, 'UTF-8', 'UTF-16-BE')",
    "tile": "out = tf.tile(ri, [2, 2])",
    "truncatediv": "out = tf.truncatediv(ri, ri * 0 + 2)",
    "truncatemod": "out = tf.truncatemod(ri, ri * 0 + 2)",
    "where": "out = tf.where(rb, ri, ri * 10)",
    "where.scalar_branches": "out = tf.where(rb, 1, 0)",
    "where.condition_only": "out = tf.where(rb)",
    "where.rank2": "out = tf.where(rt2 > 2., rt2, 0.)",
    "identity": "out = tf.identity(rt)",
    "print": "tf.print(rt); out = 1",
    "io.decode_compressed": "out = tf.io.decode_compressed(rs)",
    "image.random_brightness": "out = tf.image.random_brightness(rt, 0.)",
    "image.stateless_random_brightness": ("out = tf.shape(tf.image.stateless_random_brightness(rt, 0.5, seed=[1, 2]))"
                                          ".row_partitions[0].row_splits()"),
    # ops TF's list omits: TF refuses a RaggedTensor for them
    "refused.argmax": "out = tf.argmax(rt, axis=1)",
    "refused.sort": "out = tf.sort(rt)",
    "refused.unstack": "out = tf.unstack(ri)",
    "refused.transpose": "out = tf.transpose(ri)",
    "refused.argmin": "out = tf.math.argmin(rt)",
    "refused.top_k": "out = tf.math.top_k(rt, 1)",
    "refused.cumprod": "out = tf.math.cumprod(rt, axis=1)",
    "refused.log_softmax": "out = tf.nn.log_softmax(rt)",
    "refused.l2_normalize": "out = tf.nn.l2_normalize(rt, axis=1)",
    "sweep.reduce_logsumexp": "out = tf.math.reduce_logsumexp(rt, axis=1)",
    "refused.reduce_euclidean_norm": "out = tf.math.reduce_euclidean_norm(rt, axis=1)",
    "refused.norm": "out = tf.norm(rt)",
    "refused.pad": "out = tf.pad(ri, [[0, 1], [0, 0]])",
    "refused.slice": "out = tf.slice(ri, [0, 0], [1, 1])",
    "refused.segment_sum": "out = tf.math.segment_sum(rt, [0, 0, 1])",
    "refused.count_nonzero": "out = tf.math.count_nonzero(ri)",
    "sweep.cast_complex_abs": "out = tf.math.abs(tf.cast(rt, tf.complex64))",
    "refused.matrix_transpose": "out = tf.linalg.matrix_transpose(ri)",
    "refused.nn_bias_add": "out = tf.nn.bias_add(rt, [1.])",
    "refused.tensor_scatter": "out = tf.tensor_scatter_nd_update(ri, [[0]], [[1, 2, 3]])",
    "refused.convert": "out = tf.convert_to_tensor(ri)",
    "refused.numpy_like": "out = tf.experimental.numpy.mean(rt)",
})

SPARSE_SETUP = """
st = tf.sparse.SparseTensor(indices=[[0, 1], [1, 0], [2, 2]], values=[-4., 0.25, 9.], dense_shape=[3, 4])
si = tf.sparse.SparseTensor(indices=[[0, 0], [1, 2]], values=[-3, 5], dense_shape=[2, 3])
"""

SPARSE_UNARY = ["abs", "asin", "asinh", "atan", "atanh", "ceil", "conj", "expm1", "floor", "imag", "is_finite",
                "is_inf", "is_nan", "log1p", "negative", "real", "rint", "round", "sign", "sin", "sinh",
                "sqrt", "square", "tan", "tanh", "bessel_i1", "bessel_i1e", "erf", "erfinv", "ndtri"]
SPARSE_CASES = {}
for _n in SPARSE_UNARY:
    SPARSE_CASES[f"math.{_n}"] = (f"s = tf.math.{_n}(st); "
                                   "out = [s.indices, s.values, s.dense_shape, type(s).__name__]")
SPARSE_CASES.update({
    "cast": "s = tf.cast(si, tf.float32); out = [s.indices, s.values, s.dense_shape, type(s).__name__]",
    "cast.float": "s = tf.cast(st, tf.int32); out = [s.values, type(s).__name__]",
    "nn.relu": "s = tf.nn.relu(st); out = [s.values, type(s).__name__]",
    "nn.relu6": "s = tf.nn.relu6(st); out = [s.values, type(s).__name__]",
    "nn.elu": "s = tf.nn.elu(st); out = [s.values, type(s).__name__]",
    "nn.softsign": "s = tf.nn.softsign(st); out = [s.values, type(s).__name__]",
    "nn.leaky_relu": "s = tf.nn.leaky_relu(st); out = [s.values, type(s).__name__]",
    "math.bitwise_invert": "s = tf.bitwise.invert(si); out = [s.values, type(s).__name__]",
    "math.logical_not": "out = tf.math.logical_not(tf.sparse.SparseTensor([[0]], [True], [2]))",
    "math.exp": "out = tf.math.exp(st)",
    "math.cos": "out = tf.math.cos(st)",
    "math.sigmoid": "out = tf.math.sigmoid(st)",
    "math.log": "out = tf.math.log(st)",
    "math.add_scalar": "out = tf.math.add(st, 1.)",
    "math.multiply_scalar": "out = tf.math.multiply(st, 2.)",
    "identity": "s = tf.identity(st); out = [s.values, type(s).__name__]",
    "zeros_like": "s = tf.zeros_like(st); out = [s.values, type(s).__name__]",
    "ones_like": "out = tf.ones_like(st)",
    "size": "out = tf.size(st)",
    "rank": "out = tf.rank(st)",
    "math.reduce_sum": "out = tf.math.reduce_sum(st)",
    "clip_by_value": "out = tf.clip_by_value(st, -1., 1.)",
})
