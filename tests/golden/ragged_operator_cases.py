"""Cases for RaggedTensor's Python operators (`rt > 2`, `rt ** 2`, `7 // rt`, `rt == rt`, `~mask`, `abs(rt)`),
which TF routes to its math ops on the flat values (TF's ragged_operators.py).

Shared by `make_ragged_operator_golden.py` (run under real TensorFlow 2.21) and
`tests/ragged/test_ragged_operators.py` (run under keraslike); values are described with
`ragged_shape_cases.describe`.
"""

SETUP = """
rt = tf.ragged.constant([[1., 2., 3.], [], [4., 5.]])
ri = tf.ragged.constant([[1, -2, 3], [], [4, 5]])
rb = tf.ragged.constant([[True, False, True], [], [False, True]])
"""

CASES = {
    "gt": "out = rt > 2.",
    "ge": "out = rt >= 2.",
    "lt_int_scalar": "out = rt < 2",
    "le_int": "out = ri <= 2",
    "eq_scalar": "out = rt == 2.",
    "ne_scalar": "out = rt != 2.",
    "eq_same": "out = rt == rt",
    "eq_not_broadcastable": "out = tf.ragged.constant([[1, 2], [3]]) == tf.ragged.constant([[1, 2], [3, 4]])",
    "ne_not_broadcastable": "out = tf.ragged.constant([[1, 2], [3]]) != tf.ragged.constant([[1, 2], [3, 4]])",
    "eq_dense_not_broadcastable": "out = tf.ragged.constant([[1, 2], [3]]) == tf.constant([[1, 2], [3, 4]])",
    "eq_dense": "out = tf.ragged.constant([[1, 2], [3, 4]]) == tf.constant([[1, 2], [3, 5]])",
    "eq_none": "out = [rt == None, rt != None]",  # noqa: E711 - the operator's rule for None
    "gt_dense_column": "out = rt > tf.constant([[1.], [2.], [3.]])",
    "dense_lt_ragged": "out = tf.constant([[1.], [2.], [3.]]) < rt",
    "pow": "out = rt ** 2",
    "rpow": "out = 2. ** rt",
    "floordiv": "out = ri // 2",
    "rfloordiv": "out = 7 // ri",
    "mod": "out = ri % 3",
    "rmod": "out = 7 % ri",
    "truediv_int": "out = ri / 2",
    "rtruediv": "out = 1. / rt",
    "rtruediv_int": "out = 6 / ri",
    "and": "out = rb & rb",
    "rand_python": "out = True & rb",
    "or": "out = rb | (rt > 3.)",
    "xor": "out = rb ^ rb",
    "invert": "out = ~rb",
    "abs": "out = abs(ri)",
    "neg": "out = -ri",
    "sub_reversed_scalar": "out = 10 - ri",
    "int_times_float": "out = ri * 2.5",
    "reduce_all_and": "out = tf.reduce_all(rb & True)",
    "where_cmp": "out = tf.ragged.boolean_mask(rt, rt > 2.)",
}
