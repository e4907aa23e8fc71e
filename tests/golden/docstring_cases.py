"""Cases for issue 25 item 3: behaviour the docstring runner (`conformance/docstrings/`) found
differing from TF 2.21 / Keras 3, fixed by class.

Each case takes `(tf, keras)`: real TensorFlow 2.21 with Keras 3 in `make_docstring_golden.py`,
keraslike in `tests/ops/test_docstring_golden.py`. Results are encoded by
`conversion_cases.encode` (dtype kind, shape and values; an exception by its class name).
No TensorFlow import here: both sides share this file.
"""

import numpy as np

X5 = [-10.0, -5.0, 0.0, 5.0, 10.0]


def _relu(**kwargs):
    return lambda tf, keras: keras.activations.relu(tf.constant(X5), **kwargs)


def _refs(tf, keras):
    x, y, v = tf.constant(5), tf.constant(5), tf.Variable(5)
    refs = {x.ref(), v.ref()}
    by_ref = {x.ref(): "x", y.ref(): "y", v.ref(): "v"}
    return [x.ref() in refs, y.ref() in refs, v.ref() in refs, by_ref[y.ref()],
            x.ref().deref() is x, v.experimental_ref().deref() is v, x.ref() == y.ref()]


def _shape_plus_list(tf, keras):
    x = tf.zeros([3, 5])
    values, _ = tf.math.top_k(x, 2)
    extended = x.shape[:-1] + [2]
    return [values.shape == x.shape[:-1] + [2], extended.as_list(), ([7] + x.shape).as_list(),
            type(extended).__name__, (x.shape + [None]).as_list()]


IMAGE = [[[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]], [[0.7, 0.8, 0.9], [0.2, 0.6, 0.4]]]
BATCH = [[[[float(b * 8 + i * 2 + j)] for j in range(2)] for i in range(2)] for b in range(6)]


def _image(name, *args, batch=False):
    return lambda tf, keras: getattr(tf.image, name)(tf.constant(BATCH if batch else IMAGE), *args)


def _crop(seed):
    return lambda tf, keras: tf.image.stateless_random_crop(tf.reshape(tf.range(60), [3, 4, 5]), [2, 2, 3],
                                                              seed=seed)


def _sparse_max(values, axis, **kwargs):
    def case(tf, keras):
        sp = tf.sparse.SparseTensor([[0, 0], [1, 0], [1, 1]], values, [3, 2])
        return tf.sparse.reduce_max(sp, axis, **kwargs)
    return case


def _sparse_set_shape(shape):
    def case(tf, keras):
        sp = tf.sparse.SparseTensor([[0, 0], [1, 2]], [1, 2], [3, 4])
        sp.set_shape(shape)
        return sp.shape
    return case


def _ragged_shapes(tf, keras):
    rt = tf.RaggedTensor.from_uniform_row_length(tf.RaggedTensor.from_row_splits(tf.range(10), [0, 3, 4, 6, 10]), 2)
    dense3 = tf.RaggedTensor.from_tensor(tf.zeros([2, 3, 4]), ragged_rank=2)
    dense2 = tf.RaggedTensor.from_tensor(tf.zeros([2, 3]))
    padded = tf.RaggedTensor.from_tensor(tf.constant([[1, 0], [2, 3]]), padding=0)
    flat = tf.RaggedTensor.from_uniform_row_length(tf.range(6), 3)
    return [rt.shape.as_list(), rt.uniform_row_length, rt.values.uniform_row_length is None,
            dense3.shape.as_list(), dense3.values.uniform_row_length, dense2.shape.as_list(),
            padded.shape.as_list(), padded.uniform_row_length is None, flat.shape.as_list(),
            flat.with_values(flat.values * 2).shape.as_list(), (flat * 2).shape.as_list(),
            tf.RaggedTensor.from_tensor(tf.zeros([2, 3]), lengths=[1, 2]).shape.as_list()]


def _ragged_spec(tf, keras):
    values = [tf.ragged.constant([[0], [1, 2]]), tf.ragged.constant([[[0, 1]], [[1, 2], [3, 4]]], ragged_rank=1),
              tf.ragged.constant([["a"], ["b", "c"]]),
              tf.ragged.constant([[1, 2], [3]]).with_row_splits_dtype(tf.int32)]
    specs = [tf.type_spec_from_value(v) for v in values]
    return [[s.shape.as_list(), s.dtype.name, s.ragged_rank, s.row_splits_dtype.name] for s in specs]


def _tensor_initializer(tf, keras):
    init = keras.initializers.get(keras.ops.reshape(keras.ops.arange(6), (2, 3)))
    return [init((2, 3)), init((2, 3), dtype="float16"), keras.initializers.get(np.ones((2,), "int32"))((2,))]


CASES = {
    "relu_threshold": _relu(threshold=5.0),
    "relu_threshold_leak_cap": _relu(negative_slope=0.5, threshold=5.0, max_value=7.0),
    "relu_negative_threshold": _relu(threshold=-2.0),
    "relu_negative_threshold_cap": _relu(threshold=-2.0, max_value=4.0),
    "relu_leak_cap": _relu(negative_slope=0.1, max_value=4.0),
    "relu_layer_threshold": lambda tf, keras: keras.layers.ReLU(threshold=5.0)(tf.constant(X5)),
    "get_static_value_variable": lambda tf, keras: [tf.get_static_value(tf.Variable(3)) is None,
                                                    tf.get_static_value(tf.constant([1, 2]))],
    "tensor_ref": _refs,
    "shape_plus_list": _shape_plus_list,
    "shape_plus_int": lambda tf, keras: [(tf.zeros([2]).shape + 1).as_list(),
                                         (3 + tf.zeros([2]).shape).as_list(),
                                         (tf.TensorShape([2]) + 4).as_list(),
                                         (tf.zeros([2]).shape + None).rank],
    **{f"stateless_flip_lr_{seed[0]}": _image("stateless_random_flip_left_right", seed)
       for seed in [(2, 3), (1, 1), (7, 9), (0, 0)]},
    **{f"stateless_flip_ud_{seed[0]}": _image("stateless_random_flip_up_down", seed)
       for seed in [(2, 3), (1, 1), (7, 9), (0, 0)]},
    "stateless_flip_lr_batch": _image("stateless_random_flip_left_right", (3, 4), batch=True),
    "stateless_flip_ud_batch": _image("stateless_random_flip_up_down", (5, 1), batch=True),
    **{f"stateless_crop_{seed[0]}": _crop(seed) for seed in [(2, 3), (1, 1), (7, 9)]},
    "stateless_brightness": _image("stateless_random_brightness", 0.3, (2, 3)),
    "stateless_contrast": _image("stateless_random_contrast", 0.2, 0.9, (2, 3)),
    "stateless_saturation": _image("stateless_random_saturation", 0.2, 0.9, (2, 3)),
    "stateless_hue": _image("stateless_random_hue", 0.3, (2, 3)),
    "sparse_reduce_max_empty_row_int": _sparse_max([-7, 4, 3], 1),
    "sparse_reduce_max_empty_row_float": _sparse_max([-7.0, -4.0, -3.0], 1),
    "sparse_reduce_max_keepdims": _sparse_max([-7.0, -4.0, -3.0], 1, keepdims=True),
    "sparse_reduce_max_axis0": _sparse_max([-7, -4, -3], 0),
    "sparse_set_shape": _sparse_set_shape([3, None]),
    "sparse_set_shape_incompatible": _sparse_set_shape([2, 4]),
    "sparse_set_shape_rank": _sparse_set_shape([3, 4, 1]),
    "ragged_range_empty_rows": lambda tf, keras: [tf.ragged.range([0, 5, 8], [3, 3, 12]).to_list(),
                                                  tf.ragged.range([0, 5, 8], [3, 3, 12], 2).to_list(),
                                                  tf.ragged.range([5, 0], [0, 5], -2).to_list()],
    "ragged_range_zero_delta": lambda tf, keras: tf.ragged.range([0], [3], 0),
    "ragged_uniform_shapes": _ragged_shapes,
    "type_spec_from_value_ragged": _ragged_spec,
    "initializer_from_tensor": _tensor_initializer,
    "initializer_from_tensor_bad_shape": lambda tf, keras: keras.initializers.get(keras.ops.ones((2, 3)))((3, 2)),
    "dtype_policy_repr": lambda tf, keras: [repr(keras.DTypePolicy("mixed_float16")),
                                            repr(keras.layers.Dense(2, dtype="float32").dtype_policy)],
    "shape_plus_str_raises": lambda tf, keras: tf.zeros([2]).shape + "a",
}
