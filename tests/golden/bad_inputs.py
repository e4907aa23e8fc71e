"""Bad-input programs, each run on real TF 2.21 (`make_bad_inputs_golden.py`) and on keraslike
(`tests/keras/trainers/test_bad_inputs.py`). A case takes the `tf` module and returns a summary of
its result, or raises. `run(tf, name)` gives `{"outcome": "ok" | "error", "error": class name,
"message": start of the message}`.
"""

import numpy as np


def _data(n=32, features=4):
    return np.random.default_rng(0).normal(size=(n, features)).astype("float32")


def _mlp(tf, out=3, activation="softmax", features=4):
    return tf.keras.Sequential([tf.keras.Input((features,)), tf.keras.layers.Dense(out, activation=activation)])


def _fit(tf, model, x, y, loss, **kwargs):
    model.compile(optimizer="sgd", loss=loss)
    return sorted(model.fit(x, y, epochs=1, verbose=0, **kwargs).history)


def _functional(tf):
    inputs = tf.keras.Input((4,), name="features")
    model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(inputs))
    model.compile(optimizer="sgd", loss="mse")
    return model


def _finite_generator(n=4):
    for _ in range(n):
        yield _data(8), np.zeros((8, 3), "float32")


def _evaluate_minus_100(tf):
    model = _mlp(tf)
    model.compile(optimizer="sgd", loss="sparse_categorical_crossentropy")
    return model.evaluate(_data(), np.array([0, 1, -100, 2] * 8), verbose=0)


CASES = {
    # sparse cross-entropy labels
    "sparse_label_minus_100": lambda tf: _fit(tf, _mlp(tf), _data(), np.array([0, 1, -100, 2] * 8),
                                              "sparse_categorical_crossentropy"),
    "sparse_label_out_of_range": lambda tf: _fit(tf, _mlp(tf), _data(), np.array([0, 1, 5, 2] * 8),
                                                 "sparse_categorical_crossentropy"),
    "sparse_minus_100_evaluate": lambda tf: _evaluate_minus_100(tf),
    "sparse_minus_100_function": lambda tf: np.asarray(tf.keras.losses.sparse_categorical_crossentropy(
        np.array([0, 1, -100]), np.full((3, 3), 1 / 3, "float32"))).tolist(),
    "sparse_one_hot_labels": lambda tf: _fit(tf, _mlp(tf), _data(), np.eye(3)[np.arange(32) % 3],
                                             "sparse_categorical_crossentropy"),
    "sparse_labels_rank_3": lambda tf: _fit(tf, _mlp(tf), _data(), np.zeros((32, 2, 2), "int64"),
                                            "sparse_categorical_crossentropy"),
    "sparse_labels_column": lambda tf: _fit(tf, _mlp(tf), _data(), (np.arange(32) % 3).reshape(32, 1),
                                            "sparse_categorical_crossentropy"),
    "sparse_float_labels": lambda tf: _fit(tf, _mlp(tf), _data(), (np.arange(32) % 3).astype("float32"),
                                           "sparse_categorical_crossentropy"),
    "categorical_integer_labels": lambda tf: _fit(tf, _mlp(tf), _data(), np.arange(32) % 3,
                                                  "categorical_crossentropy"),
    # binary cross-entropy shapes
    "binary_labels_32x2_output_32x1": lambda tf: _fit(tf, _mlp(tf, 1, "sigmoid"), _data(),
                                                      np.ones((32, 2), "float32"), "binary_crossentropy"),
    "binary_labels_32_output_32x1": lambda tf: _fit(tf, _mlp(tf, 1, "sigmoid"), _data(),
                                                    np.ones((32,), "float32"), "binary_crossentropy"),
    # empty arrays
    "fit_empty_arrays": lambda tf: _fit(tf, _mlp(tf), np.zeros((0, 4), "float32"), np.zeros((0, 3), "float32"),
                                        "mse"),
    # dict inputs
    "dict_key_misspelled": lambda tf: sorted(_functional(tf).fit(
        {"featurs": _data()}, np.zeros((32, 1)), epochs=1, verbose=0).history),
    "dict_extra_key": lambda tf: sorted(_functional(tf).fit(
        {"features": _data(), "extra": np.zeros((32, 2))}, np.zeros((32, 1)), epochs=1, verbose=0).history),
    # steps
    "steps_per_epoch_0_finite_generator": lambda tf: _fit(tf, _mlp(tf), _finite_generator(), None, "mse",
                                                          steps_per_epoch=0),
    "steps_per_epoch_negative": lambda tf: _fit(tf, _mlp(tf), _finite_generator(), None, "mse", steps_per_epoch=-1),
    # class weights
    "class_weight_missing_a_class": lambda tf: _fit(tf, _mlp(tf), _data(), np.arange(32) % 3,
                                                    "sparse_categorical_crossentropy", class_weight={0: 2.0, 1: 1.0}),
    # shapes at build time
    "conv2d_on_3d_input": lambda tf: tf.keras.Sequential([tf.keras.Input((8, 8)), tf.keras.layers.Conv2D(2, 3)])
    .layers[-1].output.shape,
    "conv1d_on_2d_input": lambda tf: tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Conv1D(2, 3)])
    .layers[-1].output.shape,
    "input_negative_dimension": lambda tf: tuple(tf.keras.Input((-4,)).shape),
    "input_float_dimension": lambda tf: tuple(tf.keras.Input((2.5,)).shape),
    "kernel_larger_than_input": lambda tf: tf.keras.Sequential(
        [tf.keras.Input((3, 3, 1)), tf.keras.layers.Conv2D(1, 5)]).layers[-1].output.shape,
    "pool_larger_than_input": lambda tf: tf.keras.Sequential(
        [tf.keras.Input((3, 3, 1)), tf.keras.layers.MaxPooling2D(5)]).layers[-1].output.shape,
    "dataset_without_batch": lambda tf: _fit(tf, _mlp(tf), tf.data.Dataset.from_tensor_slices(
        (_data(), np.zeros((32, 3), "float32"))), None, "mse"),
    # dtypes
    "string_features": lambda tf: _fit(tf, _mlp(tf), np.array([["a"] * 4] * 32), np.zeros((32, 3)), "mse"),
    "string_labels": lambda tf: _fit(tf, _mlp(tf), _data(), np.array(["a", "b"] * 16),
                                     "sparse_categorical_crossentropy"),
    "complex_features": lambda tf: _fit(tf, _mlp(tf), _data() + 1j, np.zeros((32, 3)), "mse"),
    "object_features": lambda tf: _fit(tf, _mlp(tf), np.array([[1, 2, 3, None]] * 32, dtype=object),
                                       np.zeros((32, 3)), "mse"),
    # sizes
    "x_y_different_lengths": lambda tf: _fit(tf, _mlp(tf), _data(), np.zeros((31, 3)), "mse"),
    "wrong_feature_count": lambda tf: _fit(tf, _mlp(tf), _data(features=5), np.zeros((32, 3)), "mse"),
}


def run(tf, name):
    try:
        result = CASES[name](tf)
    except Exception as err:  # noqa: BLE001 - recording what each framework raises is the point
        return {"outcome": "error", "error": type(err).__name__, "message": " ".join(str(err).split())[:300]}
    return {"outcome": "ok", "result": repr(result)[:300]}
