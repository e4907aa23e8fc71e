"""Cases for the TF core surface (tensor attributes, control flow, functional ops, nest, checks, gradients).

Each `case_*` function takes the `tf` module (real TensorFlow when `make_core_golden.py` runs,
keraslike in `tests/ops/test_core_surface_golden.py`) and returns a value built from tensors,
shapes, dtypes and Python values; `encode` turns it into JSON. A case that raises is recorded
by its exception class name. No TensorFlow import here: both sides share this file.
"""

import collections

import numpy as np


def encode(value):
    """JSON-able form of a result (tensors as dtype name + nested list)."""
    if hasattr(value, "numpy") and hasattr(value, "dtype") and not isinstance(value, np.ndarray):
        array = np.asarray(value.numpy())
        return {"dtype": str(array.dtype), "shape": list(array.shape), "value": array.tolist()}
    if isinstance(value, np.ndarray):
        return {"dtype": str(value.dtype), "shape": list(value.shape), "value": value.tolist()}
    if isinstance(value, (np.generic,)):
        return value.item()
    if hasattr(value, "as_list") and hasattr(value, "rank"):
        return {"shape": None if value.rank is None else list(value.as_list())}
    if isinstance(value, dict):
        return {"dict": {str(k): encode(v) for k, v in value.items()}}
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    if isinstance(value, type):
        return value.__name__
    return {"repr": type(value).__name__}


def run(case, tf):
    try:
        return encode(case(tf))
    except Exception as err:  # noqa: BLE001 - the error class is the expected outcome
        return {"error": type(err).__name__}


# ---- tensors as TF code treats them ----------------------------------------------------------

def case_shape_attributes(tf):
    x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    return [x.shape.as_list(), x.shape.rank, x.shape.ndims, x.get_shape().as_list(), x.shape[1:].as_list(),
            x.shape.num_elements(), x.shape.is_fully_defined(), x.shape.dims == [2, 3] or x.shape.dims]


def case_tensor_shape_arithmetic(tf):
    a = tf.TensorShape([None, 3])
    b = tf.TensorShape([2, None])
    return [a.merge_with(b), a.concatenate([4]), a + b, a.is_compatible_with(b),
            a.is_compatible_with([2, 4]), a.most_specific_compatible_shape([5, 3]),
            a.num_elements(), tf.TensorShape(None).rank, a.with_rank(2), a.is_fully_defined(),
            tf.TensorShape([2, 3]) == tf.TensorShape([2, 3]), bool(tf.TensorShape([])), bool(tf.TensorShape(None))]


def case_merge_incompatible(tf):
    return tf.TensorShape([2, 3]).merge_with([2, 4])


def case_with_rank_bad(tf):
    return tf.TensorShape([2, 3]).with_rank(3)


def case_with_rank_at_least(tf):
    return [tf.TensorShape([2, 3]).with_rank_at_least(1), tf.TensorShape([2, 3]).with_rank_at_most(2)]


def case_eager_shape_merge(tf):
    x = tf.zeros([2, 3])
    return [x.shape.merge_with([None, 3]), x.shape.is_compatible_with([2, None]),
            x.shape.concatenate(tf.TensorShape([None]))]


def case_set_shape_bad(tf):
    x = tf.zeros([2, 3])
    x.set_shape([3, 3])
    return x


def case_set_shape_ok(tf):
    x = tf.zeros([2, 3])
    x.set_shape([None, 3])
    return x.shape


def case_dtype_attributes(tf):
    out = []
    for d in (tf.float16, tf.float32, tf.float64, tf.int8, tf.int16, tf.int32, tf.int64, tf.uint8, tf.bool,
              tf.complex64, tf.complex128):
        out.append([d.name, d.is_floating, d.is_integer, d.is_bool, d.is_complex, d.is_unsigned, d.size,
                    d.as_datatype_enum, d.real_dtype.name, d.base_dtype.name, np.dtype(d.as_numpy_dtype).name])
    return out


def case_dtype_limits(tf):
    return [[d.min, d.max] for d in (tf.int8, tf.uint8, tf.int32, tf.int64, tf.float16, tf.float32, tf.float64)]


def case_tensor_dtype(tf):
    x = tf.constant([1, 2])
    return [x.dtype.name, x.dtype.is_integer, x.dtype.as_numpy_dtype.__name__, x.numpy().dtype.name,
            x.dtype.is_compatible_with(tf.int32), x.dtype == tf.int32]


# ---- control flow ----------------------------------------------------------------------------

def case_cond(tf):
    x, y = tf.constant(2), tf.constant(5)
    return [tf.cond(x < y, lambda: tf.add(x, y), lambda: tf.square(y)),
            tf.cond(tf.constant(False), lambda: 1, lambda: 2)]


def case_cond_vector_pred(tf):
    return tf.cond(tf.constant([True, False]), lambda: 1, lambda: 2)


def case_cond_missing_branch(tf):
    return tf.cond(True, lambda: 1)


def case_case(tf):
    x, y = tf.constant(1), tf.constant(2)
    return tf.case([(tf.less(x, y), lambda: tf.constant(17)), (tf.greater(x, y), lambda: tf.constant(23))],
                   default=lambda: tf.constant(-1), exclusive=True)


def case_case_default(tf):
    x, y = tf.constant(3), tf.constant(3)
    return tf.case([(tf.less(x, y), lambda: tf.constant(17))], default=lambda: tf.constant(-1))


def case_case_none_true(tf):
    return tf.case([(tf.constant(False), lambda: 1), (tf.constant(False), lambda: 2)])


def case_switch_case(tf):
    fns = {0: lambda: tf.constant(17), 1: lambda: tf.constant(31)}
    return [tf.switch_case(tf.constant(1), fns), tf.switch_case(tf.constant(7), fns, default=lambda: tf.constant(-1)),
            tf.switch_case(tf.constant(-2), [lambda: tf.constant(1), lambda: tf.constant(2)])]


def case_switch_case_gap(tf):
    return tf.switch_case(tf.constant(3), {3: lambda: 1, 1: lambda: 2})


def case_while_loop(tf):
    i = tf.constant(0)
    r = tf.while_loop(lambda i: tf.less(i, 10), lambda i: (tf.add(i, 1),), [i])
    return r


def case_while_loop_tuple(tf):
    return tf.while_loop(lambda i, j: i < 3, lambda i, j: (i + 1, j * 2.0), (tf.constant(0), tf.constant(1.0)))


def case_while_loop_python_start(tf):
    return tf.while_loop(lambda i: i < 10, lambda i: [i + 1], [0])


def case_while_loop_maximum_iterations(tf):
    return [tf.while_loop(lambda i: i < 10, lambda i: [i + 1], [tf.constant(0)], maximum_iterations=4),
            tf.while_loop(lambda i: i < 10, lambda i: [i + 1], [tf.constant(0)], maximum_iterations=tf.constant(2))]


def case_while_loop_shape_invariants(tf):
    return tf.while_loop(lambda x: tf.shape(x)[0] < 4, lambda x: [tf.concat([x, x], 0)], [tf.constant([1.0])],
                         shape_invariants=[tf.TensorShape([None])])


def case_while_loop_bad_structure(tf):
    return tf.while_loop(lambda i, j: i < 3, lambda i, j: (i + 1,), (tf.constant(0), tf.constant(1.0)))


def case_while_loop_not_callable(tf):
    return tf.while_loop(1, lambda i: i + 1, [0])


def case_while_loop_bad_parallel(tf):
    return tf.while_loop(lambda i: i < 3, lambda i: [i + 1], [0], parallel_iterations=0)


def case_while_loop_dict(tf):
    return tf.while_loop(lambda d: d["a"] < 3, lambda d: [{"a": d["a"] + 1, "b": d["b"] * 2}],
                         [{"a": tf.constant(0), "b": tf.constant(1.5)}])


# ---- functional ops --------------------------------------------------------------------------

def case_map_fn(tf):
    return [tf.map_fn(lambda t: t * t, tf.constant([1.0, 2.0, 3.0])),
            tf.map_fn(lambda t: t[0] * t[1], (tf.constant([1, 2, 3]), tf.constant([-1, 1, -1])),
                      fn_output_signature=tf.int32),
            tf.map_fn(lambda t: tf.reduce_sum(t), tf.constant([[1.0, 2.0], [3.0, 4.0]])),
            tf.map_fn(lambda t: 1.0, tf.zeros([2]))]


def case_map_fn_spec_and_dict(tf):
    return [tf.map_fn(lambda t: tf.stack([t, t * 2]), tf.constant([1.0, 2.0]),
                      fn_output_signature=tf.TensorSpec([2], tf.float32)),
            tf.map_fn(lambda d: {"s": d["a"] + d["b"]}, {"a": tf.constant([1, 2]), "b": tf.constant([3, 4])},
                      fn_output_signature={"s": tf.int32}),
            tf.map_fn(lambda t: t * 2, tf.zeros([0, 3]), fn_output_signature=tf.TensorSpec([3], tf.float32))]


def case_map_fn_dtype_mismatch(tf):
    return tf.map_fn(lambda t: t * 2, tf.constant([1, 2, 3]), fn_output_signature=tf.float32)


def case_map_fn_structure_mismatch(tf):
    return tf.map_fn(lambda t: t[0] * t[1], (tf.constant([1, 2, 3]), tf.constant([-1, 1, -1])))


def case_map_fn_scalar(tf):
    return tf.map_fn(lambda t: t, tf.constant(1.0))


def case_map_fn_lengths(tf):
    return tf.map_fn(lambda t: t[0], (tf.zeros([2]), tf.zeros([3])), fn_output_signature=tf.float32)


def case_vectorized_map(tf):
    return [tf.vectorized_map(lambda t: tf.reduce_sum(t) * t, tf.constant([[1.0, 2.0], [3.0, 4.0]])),
            tf.vectorized_map(lambda t: t[0] + t[1], (tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0]))),
            tf.vectorized_map(lambda t: tf.matmul(tf.reshape(t, [1, 2]), tf.reshape(t, [2, 1])),
                              tf.constant([[1.0, 2.0], [3.0, 4.0]]))]


def case_scan(tf):
    elems = tf.constant([1, 2, 3, 4, 5, 6])
    return [tf.scan(lambda a, x: a + x, elems),
            tf.scan(lambda a, x: a + x, elems, initializer=tf.constant(10), reverse=True),
            tf.scan(lambda a, x: (a[0] + x, a[1] * x), tf.constant([1.0, 2.0, 3.0]),
                    initializer=(tf.constant(0.0), tf.constant(1.0))),
            tf.scan(lambda a, x: a + x, tf.zeros([0]), initializer=tf.constant(0.0))]


def case_fold(tf):
    elems = tf.constant([1, 2, 3, 4, 5, 6])
    return [tf.foldl(lambda a, x: a + x, elems), tf.foldr(lambda a, x: a - x, tf.constant([1, 2, 3]),
                                                          initializer=tf.constant(10)),
            tf.foldl(lambda a, x: a + x[0] * x[1], (tf.constant([1, 2]), tf.constant([3, 4])),
                     initializer=tf.constant(0)),
            tf.foldr(lambda a, x: a * 10 + x, tf.constant([1, 2, 3]))]


def case_py_function(tf):
    return [tf.py_function(lambda a, b: a * b, [tf.constant(2.0), 3.0], tf.float32),
            tf.py_function(lambda a: (a, a + 1), [tf.constant(2)], [tf.int32, tf.int32]),
            tf.py_function(lambda a: 3, [tf.constant(2)], tf.float32)]


def case_py_function_dtype(tf):
    return tf.py_function(lambda a: a, [tf.constant(2)], tf.float32)


def case_numpy_function(tf):
    return [tf.numpy_function(lambda a: (a * 2).astype(np.float32), [tf.constant([1.0, 2.0])], tf.float32),
            tf.numpy_function(lambda a: np.sort(a), [tf.constant([3, 1, 2])], tf.int32)]


def case_tensor_array(tf):
    ta = tf.TensorArray(tf.float32, size=3)
    ta = ta.write(0, 1.0)
    ta = ta.write(2, 2.0)
    dyn = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    for i in range(3):
        dyn = dyn.write(i, float(i) * 2)
    return [ta.stack(), dyn.stack(), dyn.size(),
            tf.TensorArray(tf.int32, size=3).unstack([5, 6, 7]).gather([2, 0]),
            tf.TensorArray(tf.int32, size=3).scatter([2, 0], [5, 6]).stack(),
            tf.TensorArray(tf.int32, size=2).split([1, 2, 3], [1, 2]).read(1),
            tf.TensorArray(tf.float32, size=2, infer_shape=False).write(0, [1.0, 2.0]).write(1, [3.0]).concat(),
            tf.TensorArray(tf.int32, size=0, element_shape=[2]).stack(),
            tf.TensorArray(tf.int32, size=1).write(0, [1, 2]).element_shape,
            tf.TensorArray(tf.int32, size=1).dtype.name]


def case_tensor_array_write_out_of_range(tf):
    return tf.TensorArray(tf.float32, size=2).write(5, 1.0)


def case_tensor_array_dtype(tf):
    return tf.TensorArray(tf.float32, size=2).write(0, tf.constant(1))


def case_tensor_array_shape(tf):
    return tf.TensorArray(tf.float32, size=2).write(0, [1.0, 2.0]).write(1, [1.0])


def case_tensor_array_read_twice(tf):
    ta = tf.TensorArray(tf.int32, size=1).write(0, 1)
    return [ta.read(0), ta.read(0)]


def case_tensor_array_while(tf):
    def body(i, ta):
        return i + 1, ta.write(i, tf.cast(i, tf.float32) ** 2)
    _, ta = tf.while_loop(lambda i, ta: i < 4, body, (tf.constant(0), tf.TensorArray(tf.float32, size=4)))
    return ta.stack()


# ---- nest ------------------------------------------------------------------------------------

P = collections.namedtuple("P", "b a")


def case_nest(tf):
    od = collections.OrderedDict([("b", 1), ("a", 2)])
    return [tf.nest.flatten({"b": [1, 2], "a": 3}), tf.nest.flatten(od), tf.nest.flatten(P(1, 2)),
            tf.nest.flatten(None), tf.nest.flatten("ab"),
            [tf.nest.is_nested([]), tf.nest.is_nested({}), tf.nest.is_nested("a"), tf.nest.is_nested(set())],
            tf.nest.map_structure(lambda a, b: a + b, (1, [2, 3]), (10, [20, 30])),
            tf.nest.map_structure(lambda a, b: a + b, (1, [2, 3]), (10, (20, 30)), check_types=False),
            list(tf.nest.pack_sequence_as(od, [5, 6]).items()),
            tf.nest.pack_sequence_as({"b": 0, "a": [0, 0]}, [1, 2, 3]),
            tf.nest.pack_sequence_as(1, [5]),
            tf.nest.map_structure(lambda x: x * 2, {"b": 1, "a": 2}),
            tf.nest.assert_same_structure(P(1, 2), collections.namedtuple("P", "b a")(3, 4))]


def case_nest_type_mismatch(tf):
    return tf.nest.assert_same_structure([1, (2, 3)], [4, [5, 6]])


def case_nest_length_mismatch(tf):
    return tf.nest.map_structure(lambda a, b: a + b, (1, [2, 3]), (10, [20]))


def case_nest_keys_mismatch(tf):
    return tf.nest.map_structure(lambda a, b: a + b, {"a": 1}, {"b": 2})


def case_nest_pack_count(tf):
    return tf.nest.pack_sequence_as([1, [2]], [1])


def case_nest_pack_not_list(tf):
    return tf.nest.pack_sequence_as([1], 5)


def case_nest_not_callable(tf):
    return tf.nest.map_structure(3, [1])


def case_nest_bad_keyword(tf):
    return tf.nest.map_structure(lambda x: x, [1], foo=1)


# ---- debugging checks ------------------------------------------------------------------------

def case_asserts_pass(tf):
    d = tf.debugging
    x = tf.constant([1.0, 2.0])
    return [tf.debugging.assert_equal(x, [1.0, 2.0]), d.assert_less(x, 3.0), d.assert_greater(x, 0.0),
            d.assert_near(x, x + 1e-7), d.assert_rank(x, 1), d.assert_non_negative(x), d.assert_positive(x),
            d.assert_rank_at_least(x, 1), d.assert_rank_in(x, [0, 1]), d.assert_type(x, tf.float32),
            d.assert_none_equal(x, 5.0), d.assert_less_equal(x, 2.0), d.assert_greater_equal(x, 1.0),
            d.assert_shapes([(x, ("N",)), (tf.zeros([2, 3]), ("N", 3))]), d.assert_scalar(tf.constant(1)),
            d.check_numerics(x, "ok"), d.assert_integer(tf.constant(1)), d.is_numeric_tensor(x),
            d.assert_same_float_dtype([x, x]).name, tf.Assert(True, ["never shown"])]


def case_assert_equal_fails(tf):
    return tf.debugging.assert_equal(tf.constant([1, 2]), tf.constant([1, 3]))


def case_assert_less_fails(tf):
    return tf.debugging.assert_less(tf.constant([1, 5]), 3)


def case_assert_near_fails(tf):
    return tf.debugging.assert_near(tf.constant([1.0]), tf.constant([1.001]))


def case_assert_near_tolerance(tf):
    return tf.debugging.assert_near(tf.constant([1.0]), tf.constant([1.001]), rtol=0.0, atol=0.01)


def case_assert_rank_fails(tf):
    return tf.debugging.assert_rank(tf.constant([1, 2]), 2)


def case_assert_shapes_fails(tf):
    return tf.debugging.assert_shapes([(tf.zeros([2, 3]), ("N", "Q")), (tf.zeros([3]), ("N",))])


def case_assert_type_fails(tf):
    return tf.debugging.assert_type(tf.constant(1.0), tf.int32)


def case_assert_positive_fails(tf):
    return tf.debugging.assert_positive(tf.constant([1, 0]))


def case_check_numerics_fails(tf):
    return tf.debugging.check_numerics(tf.constant([1.0, float("nan")]), "bad")


def case_assert_all_finite_fails(tf):
    return tf.debugging.assert_all_finite(tf.constant([float("inf")]), "bad")


def case_assert_scalar_fails(tf):
    return tf.debugging.assert_scalar(tf.constant([1, 2]))


def case_assert_integer_fails(tf):
    return tf.debugging.assert_integer(tf.constant(1.0))


def case_tf_assert_fails(tf):
    return tf.Assert(tf.constant(False), [tf.constant([1, 2])])


# ---- gradients -------------------------------------------------------------------------------

def case_custom_gradient_log1pexp(tf):
    @tf.custom_gradient
    def log1pexp(x):
        e = tf.exp(x)

        def grad(upstream):
            return upstream * (1 - 1 / (1 + e))
        return tf.math.log(1 + e), grad

    x = tf.constant([0.0, 1.0, 100.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = log1pexp(x)
    return [y, tape.gradient(y, x)]


def case_custom_gradient_clip(tf):
    @tf.custom_gradient
    def clip_gradients(x, y):
        def grad(upstream):
            return tf.clip_by_value(upstream, -0.5, 0.5), upstream * 2.0
        return x * y, grad

    a, b = tf.constant([1.0, 2.0]), tf.constant([3.0, -4.0])
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        z = tf.reduce_sum(clip_gradients(a, b) * tf.constant([1.0, 3.0]))
    return tape.gradient(z, [a, b])


def case_custom_gradient_variables(tf):
    v = tf.Variable([2.0, 3.0])

    @tf.custom_gradient
    def scaled(x):
        out = x * v

        def grad(upstream, variables=None):
            return upstream * 10.0, [upstream * 100.0]
        return out, grad

    x = tf.constant([1.0, 1.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tf.reduce_sum(scaled(x))
    return [tape.gradient(y, x), tape.gradient(y, v)]


def case_custom_gradient_variables_no_kwarg(tf):
    v = tf.Variable([2.0, 3.0])

    @tf.custom_gradient
    def scaled(x):
        def grad(upstream):
            return upstream
        return x * v, grad

    x = tf.constant([1.0, 1.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(scaled(x))
    return tape.gradient(y, x)


def case_custom_gradient_second_order(tf):
    @tf.custom_gradient
    def cube(x):
        def grad(upstream):
            return upstream * 3.0 * x * x
        return x * x * x, grad

    x = tf.constant(2.0)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = cube(x)
        dy = inner.gradient(y, x)
    return [dy, outer.gradient(dy, x)]


def case_recompute_grad(tf):
    w = tf.Variable([[1.0, 2.0], [3.0, 4.0]])

    def block(x):
        return tf.tanh(tf.matmul(x, w))

    x = tf.constant([[0.1, 0.2]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.recompute_grad(block)(x) ** 2)
    return [y] + tape.gradient(y, [x, w])


def case_stop_gradient(tf):
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x + tf.stop_gradient(x * x)
    return tape.gradient(y, x)


def case_while_loop_gradient(tf):
    x = tf.constant(1.5)
    with tf.GradientTape() as tape:
        tape.watch(x)
        _, y = tf.while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, y * x), (tf.constant(0), tf.constant(1.0)))
    return [y, tape.gradient(y, x)]


def case_map_fn_gradient(tf):
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.map_fn(lambda t: tf.sin(t) * t, x))
    return tape.gradient(y, x)


def case_py_function_gradient(tf):
    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.py_function(lambda a: a * a * a, [x], tf.float32)
    return tape.gradient(y, x)


CASES = {name[len("case_"):]: fn for name, fn in sorted(globals().items()) if name.startswith("case_")}


# ---- tf.Module, name scopes, tf.test helpers (appended: CASES is rebuilt below) ----------------

def _modules(tf):
    class Dense(tf.Module):
        def __init__(self, n_in, n_out, name=None):
            super().__init__(name=name)
            self.w = tf.Variable(tf.ones([n_in, n_out]), name="w")
            self.b = tf.Variable(tf.zeros([n_out]), name="b", trainable=False)

        @tf.Module.with_name_scope
        def __call__(self, x):
            if not hasattr(self, "v"):
                self.v = tf.Variable(1.0, name="v")
            return x @ self.w + self.b

    class SequentialModule(tf.Module):
        def __init__(self):
            super().__init__()
            self.layers = [Dense(3, 2), {"x": Dense(2, 2, name="second")}]
            self.same = self.layers[0]
            self.pair = (tf.Variable(5, name="count"), None)

        def __call__(self, x):
            return self.layers[1]["x"](self.layers[0](x))

    return Dense, SequentialModule


def case_module_tracking(tf):
    _, SequentialModule = _modules(tf)
    m = SequentialModule()
    y = m(tf.ones([1, 3]))
    return [y, [v.name for v in m.variables], [v.name for v in m.trainable_variables],
            [v.name for v in m.non_trainable_variables], [s.name for s in m.submodules], m.name,
            m.layers[0].name_scope.name, [type(s).__name__ for s in m.submodules]]


def case_module_names(tf):
    class HTTPServer2(tf.Module):
        pass

    with tf.name_scope("outer"):
        inner = tf.Module(name="inner")
    return [HTTPServer2().name, tf.Module().name, inner.name, inner.name_scope.name]


def case_module_bad_name(tf):
    return tf.Module(name="not valid")


def case_name_scope(tf):
    out = []
    with tf.name_scope("foo") as scope:
        out += [scope, tf.get_current_name_scope(), tf.Variable(1.0, name="v").name]
        with tf.name_scope("bar") as inner:
            out += [inner, tf.get_current_name_scope()]
        with tf.name_scope("abs/") as absolute:
            out += [absolute, tf.get_current_name_scope()]
        with tf.name_scope("") as root:
            out += [root, tf.get_current_name_scope()]
    out.append(tf.get_current_name_scope())
    return out


def case_name_scope_not_string(tf):
    return tf.name_scope(3)


def case_init_scope(tf):
    x = tf.constant(2.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        with tf.init_scope():
            lifted = x * x
        kept = x * x
    return [lifted, tape.gradient(lifted, x), tape.gradient(kept, x)]


def case_test_compute_gradient(tf):
    theoretical, numerical = tf.test.compute_gradient(lambda x: x * x, [tf.constant([1.0, 2.0, 3.0])])
    t2, n2 = tf.test.compute_gradient(lambda x, y: tf.reduce_sum(x * y), [tf.constant([1.0, 2.0]),
                                                                          tf.constant([3.0, 4.0])])
    return [list(theoretical), [n.round(2) for n in numerical], list(t2), [n.round(2) for n in n2]]


def case_test_compute_gradient_not_list(tf):
    return tf.test.compute_gradient(lambda x: x, tf.constant(1.0))


def case_concrete_function(tf):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def double(x):
        return x * 2

    concrete = double.get_concrete_function()
    spec = concrete.structured_input_signature[0][0]
    return [concrete(tf.constant([1.0, 2.0])), spec.shape, spec.dtype.name,
            isinstance(concrete, tf.types.experimental.ConcreteFunction),
            isinstance(double, tf.types.experimental.PolymorphicFunction)]


def case_concrete_function_mismatch(tf):
    @tf.function
    def add_one(x):
        return x + 1

    concrete = add_one.get_concrete_function(tf.TensorSpec([2], tf.int32))
    return concrete(tf.constant([1.0, 2.0]))


CASES = {name[len("case_"):]: fn for name, fn in sorted(globals().items()) if name.startswith("case_")}
