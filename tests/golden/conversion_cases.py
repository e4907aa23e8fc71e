"""Cases for issue 25, items 1 and 6: public callables take what TF/Keras take, and values found wrong.

Each case takes `(tf, keras)`: real TensorFlow 2.21 with Keras 3 (or `tf_keras`, Keras 2, for
`LAYER_CASES`) in `make_conversion_golden.py`, keraslike in `tests/ops/test_conversion_golden.py`.
Results are encoded by `encode` (dtype kind, shape and values; an exception by its class name).
No TensorFlow import here: both sides share this file.

Keras 3 on TF itself fails on a few integer inputs (`activations.sigmoid([-1, 2])`, `losses.hinge` of two int
lists, `LogCoshError`/`CosineSimilarity` updated with int lists: its TF backend mixes int and float tensors);
keraslike computes them in floatx, so they are not cases here.
"""

import numpy as np

Y_TRUE = [[0.0, 1.0], [0.0, 0.0]]
Y_PRED = [[0.6, 0.4], [0.4, 0.6]]
RNG = np.random.default_rng(25)
IMG_A = RNG.normal(size=(2, 4, 4, 3)).astype("float32")
IMG_B = RNG.normal(size=(2, 4, 4, 3)).astype("float32")
ROW = RNG.normal(size=(1, 10)).astype("float32")
SIGNAL = np.sin(np.arange(20, dtype="float32"))


def encode(value):
    """JSON-able form: tensors as {kind, shape, value}; sequences element-wise; errors by class name."""
    if hasattr(value, "numpy") and hasattr(value, "dtype") and not isinstance(value, np.ndarray):
        value = np.asarray(value.numpy())
    if isinstance(value, (np.ndarray, np.generic)):
        array = np.asarray(value)
        if array.dtype.kind == "c":
            return {"kind": "c", "shape": list(array.shape), "real": array.real.tolist(), "imag": array.imag.tolist()}
        return {"kind": array.dtype.kind, "shape": list(array.shape), "value": array.tolist()}
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    if hasattr(value, "as_list"):
        return list(value.as_list())
    return {"type": type(value).__name__}


def run(case, tf, keras):
    try:
        return encode(case(tf, keras))
    except Exception as err:  # noqa: BLE001 - the error class is the expected outcome
        return {"error": type(err).__name__}


def _loss(name, y_true, y_pred):
    return lambda tf, keras: getattr(keras.losses, name)(y_true, y_pred)


_LOSSES = ("hinge", "squared_hinge", "categorical_hinge", "poisson", "huber", "log_cosh", "cosine_similarity",
           "binary_focal_crossentropy", "kl_divergence", "mean_squared_error", "mean_absolute_error",
           "mean_absolute_percentage_error", "mean_squared_logarithmic_error", "binary_crossentropy",
           "categorical_crossentropy")


def _metric_state(cls, y_true, y_pred):
    def case(tf, keras):
        metric = getattr(keras.metrics, cls)()
        metric.update_state(y_true, y_pred)
        return metric.result()
    return case


def _pool_input(tf, shape, dtype=None):
    n = int(np.prod(shape))
    return tf.reshape(tf.range(n) if dtype is None else tf.range(n, dtype=dtype), shape)


def _sliced_assignments(tf, keras):
    v = tf.Variable([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    seen = []
    v[0, 0].assign(3.0)
    seen.append(v.numpy())
    v[:, 1].assign([7.0, 8.0])
    seen.append(v.numpy())
    v[::-1, 2].assign([10.0, 20.0])
    seen.append(v.numpy())
    v[1, ...].assign([0, 0, 0.0])
    seen.append(v.numpy())
    v[0:1, tf.newaxis, 0].assign([[9.0]])
    seen.append(v.numpy())
    v[:, 1].assign(7.0)  # broadcast, as TF's strided-slice assignment
    seen.append(v.numpy())
    result = v[1:, :2].assign([[1.0, 2.0]])
    seen.append(result.numpy())
    return seen


def _sliced_assign_1d(tf, keras):
    v = tf.Variable([1.0, 2.0, 3.0])
    v[1:].assign([5.0, 6.0])
    v[-1].assign(tf.constant(8.0))
    return v.numpy()


def _sliced_assign_float_into_int(tf, keras):
    v = tf.Variable([1, 2, 3])
    v[0].assign(1.5)


def _sliced_assign_bad_shape(tf, keras):
    v = tf.Variable([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    v[:, 1].assign([1.0, 2.0, 3.0])


def _xdivy_gradient(tf, keras):
    x, y = tf.Variable([0.0, 1.0, 3.0]), tf.Variable([0.0, 2.0, 0.5])
    with tf.GradientTape() as tape:
        total = tf.reduce_sum(tf.math.xdivy(x, y))
    return tape.gradient(total, [x, y])


def _round_learning_rate(tf, keras):
    return round(keras.optimizers.Adam(0.001).learning_rate, 5)


def _stft_cases():
    cases = {}
    for length, stride, fft in ((3, 2, 3), (4, 2, 4), (6, 3, 8), (5, 2, 8)):
        for window in ("hann", "hamming", None):
            for center in (True, False):
                key = f"{length}_{stride}_{fft}_{window}_{'center' if center else 'nocenter'}"

                def forward(tf, keras, a=(length, stride, fft), w=window, c=center):
                    return keras.ops.stft(SIGNAL, *a, window=w, center=c)

                def inverse(tf, keras, a=(length, stride, fft), w=window, c=center):
                    return keras.ops.istft(keras.ops.stft(SIGNAL, *a, window=w, center=c), *a, window=w, center=c)

                cases[f"stft_{key}"] = forward
                cases[f"istft_{key}"] = inverse
    return cases


CASES = {
    # item 1: loss and metric functions on lists and numpy, with Keras's dtype rules
    **{f"loss_{name}_lists": _loss(name, Y_TRUE, Y_PRED) for name in _LOSSES},
    **{f"loss_{name}_numpy": _loss(name, np.float32(Y_TRUE), np.float32(Y_PRED)) for name in _LOSSES},
    **{f"loss_{name}_int_labels": _loss(name, [[0, 1], [0, 0]], Y_PRED) for name in _LOSSES},
    "loss_mse_int_both": _loss("mean_squared_error", [1, 2], [1, 3]),
    "loss_object_mse_ints": lambda tf, keras: keras.losses.MeanSquaredError()([1, 2], [1, 3]),
    "loss_object_huber_lists": lambda tf, keras: keras.losses.Huber()(Y_TRUE, Y_PRED),
    "loss_object_poisson_numpy": lambda tf, keras: keras.losses.Poisson()(np.float32(Y_TRUE), np.float32(Y_PRED)),
    "metric_fn_mse_ints": lambda tf, keras: keras.metrics.mean_squared_error([1, 2], [1, 3]),
    "metric_mse_ints": _metric_state("MeanSquaredError", [1, 2], [1, 3]),
    "metric_mae_ints": _metric_state("MeanAbsoluteError", [[1, 2]], [[1, 4]]),
    "metric_accuracy_ints": _metric_state("Accuracy", [[1], [2], [3], [4]], [[0], [2], [3], [4]]),
    "activation_relu_floats": lambda tf, keras: keras.activations.relu([-10.0, -5.0, 0.0, 5.0, 10.0]),
    "activation_relu_ints": lambda tf, keras: keras.activations.relu([-10, -5, 0, 5, 10]),
    "activation_relu_numpy": lambda tf, keras: keras.activations.relu(np.array([-1.0, 2.0], "float32")),
    "activation_relu_cap": lambda tf, keras: keras.activations.relu([-10.0, -5.0, 0.0, 5.0, 10.0], max_value=5.0),
    "activation_sigmoid_list": lambda tf, keras: keras.activations.sigmoid([-1.0, 2.0]),
    "activation_softmax_numpy": lambda tf, keras: keras.activations.softmax(np.array([[-1.0, 2.0]], "float32")),
    "activation_elu_list": lambda tf, keras: keras.activations.elu([-1.0, 2.0]),
    "activation_gelu_list": lambda tf, keras: keras.activations.gelu([-1.0, 0.5, 2.0]),
    "activation_tanh_ints": lambda tf, keras: keras.activations.tanh([-1, 0, 2]),
    "activation_leaky_relu_list": lambda tf, keras: keras.activations.leaky_relu([-1.0, 2.0]),
    # item 1: TF's conversion of Python and numpy integers: out-of-range values wrap in narrow dtypes
    "add_int8_wraps": lambda tf, keras: tf.add(tf.constant([1, 2], tf.int8), [129, 130]),
    "operator_int8_wraps": lambda tf, keras: tf.constant([1, 2], tf.int8) + 300,
    "multiply_int8_wraps": lambda tf, keras: tf.multiply(tf.constant([1, 2], tf.int8), [129, 130]),
    "subtract_int8_wraps": lambda tf, keras: tf.subtract(tf.constant([1, 2], tf.int8), 200),
    "constant_int8_wraps": lambda tf, keras: tf.constant([129, 300, -129], tf.int8),
    "constant_uint8_wraps": lambda tf, keras: tf.constant(-1, tf.uint8),
    "constant_int32_wraps": lambda tf, keras: tf.constant([2**31, 2**40 + 5], tf.int32),
    "constant_numpy_int8_wraps": lambda tf, keras: tf.constant(np.array([300]), tf.int8),
    "convert_dtype_hint_int8": lambda tf, keras: tf.convert_to_tensor(300, dtype_hint=tf.int8),
    "constant_int64_out_of_range": lambda tf, keras: tf.constant(2**63, tf.int64),
    "add_int_float_refused": lambda tf, keras: tf.Variable([1, 2]) + [1.5],
    # item 1: complex sign, integer max pools, N-D tf.nn.max_pool / avg_pool
    "sign_complex128": lambda tf, keras: tf.math.sign(tf.constant([1 + 1j, 0j, -3 + 4j])),
    "sign_complex64": lambda tf, keras: tf.math.sign(tf.constant([1 + 1j, 0j], tf.complex64)),
    "sign_int": lambda tf, keras: tf.math.sign([-2, 0, 3]),
    "keras_ops_sign_complex": lambda tf, keras: keras.ops.sign(tf.constant([1 + 1j, 0j, -3 + 4j])),
    "max_pool_int32": lambda tf, keras: tf.nn.max_pool(_pool_input(tf, [1, 4, 4, 1]), 2, 2, "VALID"),
    "max_pool_int64": lambda tf, keras: tf.nn.max_pool2d(_pool_input(tf, [1, 4, 4, 1], tf.int64), 2, 2, "VALID"),
    "max_pool_int_same_negative": lambda tf, keras: tf.nn.max_pool2d(-_pool_input(tf, [1, 3, 3, 1]), 2, 2, "SAME"),
    "max_pool1d_int": lambda tf, keras: tf.nn.max_pool1d(_pool_input(tf, [1, 8, 1]), 2, 2, "VALID"),
    "max_pool1d_int_same": lambda tf, keras: tf.nn.max_pool1d(-_pool_input(tf, [1, 7, 1]), 2, 2, "SAME"),
    "max_pool_rank3": lambda tf, keras: tf.nn.max_pool(_pool_input(tf, [1, 8, 1]), 2, 2, "SAME"),
    "max_pool_rank5": lambda tf, keras: tf.nn.max_pool(tf.reshape(tf.range(8.0), [1, 2, 2, 2, 1]), 2, 1, "VALID"),
    "avg_pool_rank3": lambda tf, keras: tf.nn.avg_pool(tf.reshape(tf.range(8.0), [1, 8, 1]), 3, 2, "SAME"),
    "avg_pool_rank4": lambda tf, keras: tf.nn.avg_pool(tf.reshape(tf.range(16.0), [1, 4, 4, 1]), 2, 2, "VALID"),
    "keras_ops_max_pool_int_same": lambda tf, keras: keras.ops.max_pool(-_pool_input(tf, [1, 7, 1]), 2, 2, "same"),
    "keras_ops_max_pool_int_2d": lambda tf, keras: keras.ops.max_pool(-_pool_input(tf, [1, 3, 3, 1]), 2, 2, "same"),
    "max_pooling1d_layer_int_same": lambda tf, keras: keras.layers.MaxPooling1D(2, padding="same")(
        -_pool_input(tf, [1, 7, 1])),
    "max_pooling2d_layer_int_same": lambda tf, keras: keras.layers.MaxPooling2D(2, padding="same")(
        -_pool_input(tf, [1, 3, 3, 1])),
    # item 1: optimizer learning rates and Keras variables in Python's round()
    "round_learning_rate": _round_learning_rate,
    "round_keras_variable": lambda tf, keras: round(keras.Variable(1.23456), 2),
    "round_keras_variable_half_even": lambda tf, keras: round(keras.Variable(2.5)),
    # item 1: sliced variable assignment
    "sliced_assign": _sliced_assignments,
    "sliced_assign_1d": _sliced_assign_1d,
    "sliced_assign_float_into_int": _sliced_assign_float_into_int,
    "sliced_assign_bad_shape": _sliced_assign_bad_shape,
    # item 6: values found wrong
    "xdivy_scalar": lambda tf, keras: tf.math.xdivy(1.0, 0.0),
    "xdivy_vector": lambda tf, keras: tf.math.xdivy([0.0, 1.0, 2.0, -1.0], [0.0, 0.0, 2.0, 0.0]),
    "xdivy_gradient": _xdivy_gradient,
    "fold_in": lambda tf, keras: tf.random.fold_in([1, 2], 3),
    "fold_in_2": lambda tf, keras: tf.random.fold_in([12, 34], 7),
    "fold_in_int64_seed": lambda tf, keras: tf.random.fold_in(tf.constant([12, 34], tf.int64), 7),
    "fold_in_int64_data": lambda tf, keras: tf.random.fold_in([12, 34], tf.constant(7, tf.int64)),
    "fold_in_negative_seed": lambda tf, keras: tf.random.fold_in([-5, 2**31 - 1], 7),
    "fold_in_stateless_alias": lambda tf, keras: tf.random.experimental.stateless_fold_in([1, 2], 3),
    "split": lambda tf, keras: tf.random.split([1, 2], 3),
    "split_int64": lambda tf, keras: tf.random.split(tf.constant([1, 2], tf.int64), 2),
    "stateless_uniform_full_int32": lambda tf, keras: tf.random.stateless_uniform(
        [2, 3], seed=[1, 2], minval=None, maxval=None, dtype=tf.int32),
    "stateless_uniform_full_int64": lambda tf, keras: tf.random.stateless_uniform(
        [3], seed=[7, 8], minval=None, maxval=None, dtype=tf.int64),
    **{f"stateless_uniform_{d}": (lambda tf, keras, d=d: tf.cast(tf.random.stateless_uniform(
        [2, 3], seed=[3, -4], minval=-2.0, maxval=5.0, dtype=d), tf.float64))
       for d in ("float32", "float64", "float16", "bfloat16")},
    **{f"stateless_normal_{d}": (lambda tf, keras, d=d: tf.random.stateless_normal(
        [7], seed=tf.constant([3, -4], tf.int64), mean=1.0, stddev=2.0, dtype=d)) for d in ("float32", "float64")},
    "stateless_normal_float16": lambda tf, keras: tf.cast(tf.random.stateless_normal([5], seed=[1, 2], dtype="float16"),
                                                          tf.float32),
    "stateless_uniform_int32": lambda tf, keras: tf.random.stateless_uniform(
        [4], seed=[5, 6], minval=-100, maxval=1000, dtype=tf.int32),
    "stateless_uniform_int64": lambda tf, keras: tf.random.stateless_uniform(
        [4], seed=[5, 6], minval=-100, maxval=10**12, dtype=tf.int64),
    "stateless_uniform_int_empty_range": lambda tf, keras: tf.random.stateless_uniform(
        [4], seed=[5, 6], minval=5, maxval=5, dtype=tf.int32),
    "stateless_random_brightness": lambda tf, keras: tf.image.stateless_random_brightness(
        np.full((2, 2, 1), 0.5, "float32"), 0.2, seed=(1, 2)),
    "stateless_random_contrast": lambda tf, keras: tf.image.stateless_random_contrast(
        np.arange(8, dtype="float32").reshape(2, 2, 2), 0.2, 0.5, seed=(1, 2)),
    "hann_window_odd": lambda tf, keras: tf.signal.hann_window(3),
    "inverse_stft_window_zero_cover": lambda tf, keras: tf.signal.inverse_stft_window_fn(
        2, lambda n, dtype: tf.constant([0.0, 1.0, 0.0]))(3, tf.float32),
    "stft_docstring": lambda tf, keras: keras.ops.stft(keras.ops.convert_to_tensor([0.0, 1.0, 2.0, 3.0, 4.0]), 3, 2, 3),
    "istft_docstring_roundtrip": lambda tf, keras: keras.ops.istft(
        keras.ops.stft(keras.ops.convert_to_tensor([0.0, 1.0, 2.0, 3.0, 4.0]), 3, 2, 3), 3, 2, 3),
    # fft_length 1 with center=True: Keras ends the slice at -(1 // 2) = 0, an empty signal
    "istft_fft_length_1": lambda tf, keras: keras.ops.istft(
        keras.ops.stft(keras.ops.convert_to_tensor([0.0, 1.0, 2.0, 3.0, 4.0]), 1, 1, 1), 1, 1, 1),
    "istft_fft_length_1_not_centred": lambda tf, keras: keras.ops.istft(
        keras.ops.stft(keras.ops.convert_to_tensor([0.0, 1.0, 2.0, 3.0, 4.0]), 1, 1, 1, center=False), 1, 1, 1,
        center=False),
    "istft_length_longer": lambda tf, keras: keras.ops.istft(keras.ops.stft(SIGNAL, 4, 2, 4), 4, 2, 4, length=25),
    "istft_length_shorter": lambda tf, keras: keras.ops.istft(keras.ops.stft(SIGNAL, 4, 2, 4), 4, 2, 4, length=7),
    **_stft_cases(),
    "psnr": lambda tf, keras: keras.ops.nn.psnr(IMG_A, IMG_B, 1.0),
    "psnr_255": lambda tf, keras: keras.ops.psnr(IMG_A * 100, IMG_B * 100, 255.0),
    "psnr_2d": lambda tf, keras: keras.ops.psnr(IMG_A[0, 0], IMG_B[0, 0], 2.0),
    "rms_normalization": lambda tf, keras: keras.ops.rms_normalization(ROW),
    "rms_normalization_scale": lambda tf, keras: keras.ops.rms_normalization(ROW, scale=2.0),
    "rms_normalization_axis0": lambda tf, keras: keras.ops.rms_normalization(IMG_A[0, 0], axis=0),
    "rms_normalization_epsilon": lambda tf, keras: keras.ops.rms_normalization(ROW * 1e-3, epsilon=1e-2),
    "polar": lambda tf, keras: keras.ops.nn.polar(np.abs(ROW[:, :2]), ROW[:, 2:4]),
    "polar_negative_magnitude": lambda tf, keras: keras.ops.nn.polar(np.array([-1.0, 2.0], "float32"),
                                                                     np.array([0.5, 3.0], "float32")),
    "polar_float64": lambda tf, keras: keras.ops.polar(np.array([1.0]), np.array([0.5])),
}


def _layer_output_shape(layer, x):
    return list(layer(x).shape)


_IDS = np.array([[1, 2, 3]])
_DENSE_IN = np.ones((2, 4), "float32")
_IMAGE = np.ones((1, 5, 5, 2), "float32")
_SEQUENCE = np.ones((1, 5, 2), "float32")

# Layer arguments given as numpy scalars (`input_dim = np.max(ids) + 1`): Keras 2 (tf_keras, TF 2's own Keras until
# 2.16) takes them all; Keras 3 refuses some (Dense, Embedding, GRU, MultiHeadAttention) and takes others (Conv2D,
# LSTM, Dropout). keraslike takes them in both modes; the golden is Keras 2's.
LAYER_CASES = {
    "embedding_numpy_input_dim": lambda tf, keras: _layer_output_shape(
        keras.layers.Embedding(np.max(_IDS) + 1, 7), _IDS),
    "embedding_numpy_int32": lambda tf, keras: _layer_output_shape(keras.layers.Embedding(np.int32(10), 7), _IDS),
    "embedding_numpy_output_dim": lambda tf, keras: _layer_output_shape(
        keras.layers.Embedding(10, np.int64(7)), _IDS),
    "dense_numpy_units": lambda tf, keras: _layer_output_shape(keras.layers.Dense(np.int64(3)), _DENSE_IN),
    "dense_numpy_units_config": lambda tf, keras: keras.layers.Dense(np.int64(3)).get_config()["units"],
    "conv2d_numpy_filters": lambda tf, keras: _layer_output_shape(keras.layers.Conv2D(np.int64(4), 3), _IMAGE),
    "conv1d_numpy_filters": lambda tf, keras: _layer_output_shape(keras.layers.Conv1D(np.int64(4), 3), _SEQUENCE),
    "separable_conv2d_numpy_filters": lambda tf, keras: _layer_output_shape(
        keras.layers.SeparableConv2D(np.int64(3), 3), _IMAGE),
    "lstm_numpy_units": lambda tf, keras: _layer_output_shape(keras.layers.LSTM(np.int64(3)), _SEQUENCE),
    "gru_numpy_units": lambda tf, keras: _layer_output_shape(keras.layers.GRU(np.int64(3)), _SEQUENCE),
    "simple_rnn_numpy_units": lambda tf, keras: _layer_output_shape(keras.layers.SimpleRNN(np.int64(3)), _SEQUENCE),
    "bidirectional_numpy_units": lambda tf, keras: _layer_output_shape(
        keras.layers.Bidirectional(keras.layers.LSTM(np.int64(3))), _SEQUENCE),
    "multi_head_attention_numpy": lambda tf, keras: list(
        keras.layers.MultiHeadAttention(np.int64(2), np.int64(4))(_SEQUENCE, _SEQUENCE).shape),
    "dropout_numpy_rate": lambda tf, keras: float(keras.layers.Dropout(np.float32(0.5)).rate),
    "spatial_dropout_numpy_rate": lambda tf, keras: float(keras.layers.SpatialDropout2D(np.float32(0.5)).rate),
    "gaussian_noise_numpy_stddev": lambda tf, keras: float(keras.layers.GaussianNoise(np.float32(0.25)).stddev),
    "hashing_numpy_bins": lambda tf, keras: _layer_output_shape(keras.layers.Hashing(np.int64(4)), np.array([1, 2])),
    "category_encoding_numpy_tokens": lambda tf, keras: _layer_output_shape(
        keras.layers.CategoryEncoding(np.int64(4)), np.array([1, 2])),
}
