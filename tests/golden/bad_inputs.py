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
    return sorted(model.fit(x, y, verbose=0, **{"epochs": 1, **kwargs}).history)


def _functional(tf):
    inputs = tf.keras.Input((4,), name="features")
    model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(inputs))
    model.compile(optimizer="sgd", loss="mse")
    return model


def _finite_generator(n=4):
    for _ in range(n):
        yield _data(8), np.zeros((8, 3), "float32")


def _two_outputs(tf, as_dict=True):
    inputs = tf.keras.Input((4,))
    a, b = tf.keras.layers.Dense(1, name="a")(inputs), tf.keras.layers.Dense(1, name="b")(inputs)
    return tf.keras.Model(inputs, {"a": a, "b": b} if as_dict else [a, b])


def _compile_fit(tf, model, y, **compile_kwargs):
    model.compile(optimizer="sgd", **compile_kwargs)
    return sorted(model.fit(_data(), y, epochs=1, verbose=0).history)


def _conv_other_channels(tf):
    layer = tf.keras.layers.Conv2D(2, 3)
    layer(np.zeros((1, 5, 5, 3), "float32"))
    return tuple(layer(np.zeros((1, 5, 5, 4), "float32")).shape)


def _other_width(tf, layer, built_on, called_on):
    layer(np.zeros(built_on, "float32"))
    return tuple(layer(np.zeros(called_on, "float32")).shape)


def _dense_other_width(tf):
    layer = tf.keras.layers.Dense(2)
    layer(np.zeros((1, 3), "float32"))
    return tuple(layer(np.zeros((1, 4), "float32")).shape)


def _embedding(tf, ids):
    return tuple(tf.keras.layers.Embedding(5, 2)(np.array(ids)).shape)


def _subclass_built_2d(tf):
    class TwoD(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = tf.keras.layers.Dense(1)

        def call(self, x):
            return self.dense(x)

    model = TwoD()
    model(_data(2))
    return _fit(tf, model, np.ones((32, 2, 4), "float32"), np.zeros((32, 1), "float32"), "mse")


def _unbatched(tf, model):
    x = np.zeros((8, 6, 6, 1), "float32")
    return _fit(tf, model, tf.data.Dataset.from_tensor_slices((x, np.zeros((8, 1), "float32"))), None, "mse")


def _mirrored_missing_cpu(tf):
    strategy = tf.distribute.MirroredStrategy(["/cpu:5"])
    return strategy.num_replicas_in_sync, [d.split("/")[-1] for d in strategy.extended.worker_devices]


def _lr(tf, value):
    model = _mlp(tf)
    model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=value), loss="mse")
    return sorted(model.fit(_data(), np.zeros((32, 3)), epochs=1, verbose=0).history)


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
    # issue 21 item 12: silent
    "sparse_nan_labels": lambda tf: _fit(tf, _mlp(tf), _data(), np.array([0, 1, np.nan, 2] * 8, "float32"),
                                         "sparse_categorical_crossentropy"),
    "sparse_nan_labels_function": lambda tf: np.asarray(tf.keras.losses.sparse_categorical_crossentropy(
        np.array([0.0, np.nan, 2.0], "float32"), np.full((3, 3), 1 / 3, "float32"))).tolist(),
    "sparse_nan_labels_keras_ops": lambda tf: np.asarray(tf.keras.ops.sparse_categorical_crossentropy(
        np.array([0.0, np.nan, 2.0], "float32"), np.full((3, 3), 1 / 3, "float32"))).tolist(),
    "reshape_size_mismatch_symbolic": lambda tf: tuple(tf.keras.Sequential(
        [tf.keras.Input((6,)), tf.keras.layers.Reshape((4, 2))]).layers[-1].output.shape),
    "reshape_size_mismatch_eager": lambda tf: tuple(tf.keras.layers.Reshape((4, 2))(np.zeros((2, 6), "float32")).shape),
    "metrics_dict_unknown_output_sequential": lambda tf: _compile_fit(
        tf, _mlp(tf), np.zeros((32, 3)), loss="mse", metrics={"no_such_output": "mae"}),
    "metrics_dict_unknown_output_functional": lambda tf: _compile_fit(
        tf, _two_outputs(tf), {"a": np.zeros((32, 1)), "b": np.zeros((32, 1))}, loss="mse",
        metrics={"no_such_output": "mae"}),
    "loss_weights_dict_unknown_output_sequential": lambda tf: _compile_fit(
        tf, _mlp(tf), np.zeros((32, 3)), loss="mse", loss_weights={"no_such_output": 2.0}),
    "x_3d_into_subclass_built_2d": _subclass_built_2d,
    "x_3d_into_sequential_input_2d": lambda tf: _fit(tf, _mlp(tf), np.zeros((32, 2, 4), "float32"),
                                                     np.zeros((32, 3)), "mse"),
    "mirrored_cpu5_without_logical_devices": _mirrored_missing_cpu,
    # issue 21 item 12: raw errors
    "mse_y_width_mismatch": lambda tf: _fit(tf, _mlp(tf), _data(), np.zeros((32, 5)), "mse"),
    "mse_function_width_mismatch": lambda tf: float(tf.keras.losses.MeanSquaredError()(
        np.zeros((4, 5), "float32"), np.zeros((4, 3), "float32"))),
    "mae_y_width_mismatch": lambda tf: _fit(tf, _mlp(tf), _data(), np.zeros((32, 5)), "mae"),
    "epochs_float": lambda tf: _fit(tf, _mlp(tf), _data(), np.zeros((32, 3)), "mse", epochs=2.5),
    "epochs_string": lambda tf: _fit(tf, _mlp(tf), _data(), np.zeros((32, 3)), "mse", epochs="2"),
    "initial_epoch_float": lambda tf: _fit(tf, _mlp(tf), _data(), np.zeros((32, 3)), "mse", initial_epoch=0.5),
    "validation_data_x_only": lambda tf: _fit(tf, _mlp(tf), _data(), np.zeros((32, 3)), "mse",
                                              validation_data=(_data(),)),
    "validation_data_y_none": lambda tf: _fit(tf, _mlp(tf), _data(), np.zeros((32, 3)), "mse",
                                              validation_data=(_data(), None)),
    "fit_without_y": lambda tf: _fit(tf, _mlp(tf), _data(), None, "mse"),
    "learning_rate_string": lambda tf: _lr(tf, "fast"),
    "learning_rate_numeric_string": lambda tf: _lr(tf, "0.1"),
    "learning_rate_none": lambda tf: _lr(tf, None),
    "conv2d_other_channels_after_build": _conv_other_channels,
    "dense_other_width_after_build": _dense_other_width,
    "embedding_id_out_of_range": lambda tf: _embedding(tf, [[0, 5]]),
    "embedding_id_negative": lambda tf: _embedding(tf, [[0, -1]]),
    "embedding_id_out_of_range_fit": lambda tf: _fit(tf, tf.keras.Sequential(
        [tf.keras.Input((2,)), tf.keras.layers.Embedding(5, 2), tf.keras.layers.Flatten(), tf.keras.layers.Dense(1)]),
        np.array([[0, 7]] * 8), np.zeros((8, 1)), "mse"),
    "gather_out_of_range": lambda tf: tuple(tf.gather(np.ones((5, 2), "float32"), np.array([0, 5])).shape),
    "dataset_without_batch_conv": lambda tf: _unbatched(tf, tf.keras.Sequential(
        [tf.keras.Input((6, 6, 1)), tf.keras.layers.Conv2D(1, 3), tf.keras.layers.Flatten(),
         tf.keras.layers.Dense(1)])),
    "dataset_without_batch_lazy_model": lambda tf: _unbatched(tf, tf.keras.Sequential(
        [tf.keras.layers.Flatten(), tf.keras.layers.Dense(1)])),
    "loss_weights_wrong_length_single_output": lambda tf: _compile_fit(
        tf, _mlp(tf), np.zeros((32, 3)), loss="mse", loss_weights=[1.0, 2.0]),
    "loss_weights_wrong_length_two_outputs": lambda tf: _compile_fit(
        tf, _two_outputs(tf, as_dict=False), [np.zeros((32, 1))] * 2, loss="mse", loss_weights=[1.0, 2.0, 3.0]),
    "class_weight_list": lambda tf: _fit(tf, _mlp(tf), _data(), np.arange(32) % 3, "sparse_categorical_crossentropy",
                                         class_weight=[1.0, 2.0, 3.0]),
    "sample_weight_2d_wrong_width": lambda tf: _fit(tf, _mlp(tf), _data(), np.zeros((32, 3)), "mse",
                                                    sample_weight=np.ones((32, 2))),
    "sample_weight_2d_for_2d_output": lambda tf: _fit(tf, _mlp(tf), _data(), np.zeros((32, 3)), "mse",
                                                      sample_weight=np.ones((32, 3))),
    "sample_weight_temporal_wrong_width": lambda tf: _fit(
        tf, tf.keras.Sequential([tf.keras.Input((5, 4)), tf.keras.layers.Dense(3)]), np.zeros((8, 5, 4), "float32"),
        np.zeros((8, 5, 3)), "mse", sample_weight=np.ones((8, 4))),
    "add_incompatible_shapes": lambda tf: tuple(tf.add(np.ones((2, 3), "float32"), np.ones((4,), "float32")).shape),
    "multiply_incompatible_shapes": lambda tf: tuple(tf.multiply(np.ones((2, 3), "float32"),
                                                                 np.ones((4,), "float32")).shape),
    "maximum_incompatible_shapes": lambda tf: tuple(tf.maximum(np.ones((2, 3), "float32"),
                                                               np.ones((4,), "float32")).shape),
    "where_incompatible_shapes": lambda tf: tuple(tf.where(np.ones((2, 3), bool), np.ones((4,), "float32"),
                                                           np.ones((2, 3), "float32")).shape),
    "matmul_incompatible_shapes": lambda tf: tuple(tf.matmul(np.ones((2, 3), "float32"),
                                                             np.ones((4, 2), "float32")).shape),
    # issue 21 item 12: the same classes elsewhere
    "keras_ops_add_incompatible_shapes": lambda tf: tuple(tf.keras.ops.add(np.ones((2, 3), "float32"),
                                                                           np.ones((4,), "float32")).shape),
    "concat_incompatible_shapes": lambda tf: tuple(tf.concat([np.ones((2, 3), "float32"),
                                                              np.ones((2, 4, 1), "float32")], 0).shape),
    "reshape_op_wrong_size": lambda tf: tuple(tf.reshape(np.ones((2, 3), "float32"), (4, 2)).shape),
    "gather_nd_out_of_range": lambda tf: np.asarray(tf.gather_nd(np.ones((5, 2), "float32"),
                                                                 np.array([[7, 0]]))).tolist(),
    "gather_nd_negative": lambda tf: np.asarray(tf.gather_nd(np.ones((5, 2), "float32"),
                                                             np.array([[-1, 0]]))).tolist(),
    "metric_sample_weight_wrong_width": lambda tf: float(tf.keras.metrics.MeanSquaredError()(
        np.zeros((4, 3)), np.zeros((4, 3)), sample_weight=np.ones((4, 2)))),
    "lstm_other_features_after_build": lambda tf: _other_width(tf, tf.keras.layers.LSTM(2), (1, 4, 3), (1, 4, 4)),
    "batch_norm_other_width_after_build": lambda tf: _other_width(tf, tf.keras.layers.BatchNormalization(),
                                                                  (2, 3), (2, 4)),
}


def run(tf, name):
    try:
        result = CASES[name](tf)
    except Exception as err:  # noqa: BLE001 - recording what each framework raises is the point
        return {"outcome": "error", "error": type(err).__name__, "message": " ".join(str(err).split())[:300]}
    return {"outcome": "ok", "result": repr(result)[:300]}
