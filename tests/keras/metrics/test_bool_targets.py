"""One-hot targets built as NumPy bool arrays (keras-io's addition_rnn: `np.zeros(..., dtype=np.bool)` filled with
ones, then `model.fit` with `metrics=["accuracy"]`): TF's argmax takes bool tensors, so every metric that argmaxes
one-hot targets must too. Expected values are by hand (argmax of the one-hot rows)."""

import numpy as np
import pytest

from keraslike import keras

Y_TRUE = np.array([[False, True, False], [True, False, False], [False, False, True], [False, True, False]])
Y_PRED = np.array([[0.1, 0.8, 0.1], [0.2, 0.7, 0.1], [0.1, 0.1, 0.8], [0.6, 0.3, 0.1]], dtype="float32")


def test_categorical_accuracy_of_bool_one_hot_targets():
    np.testing.assert_array_equal(np.asarray(keras.metrics.categorical_accuracy(Y_TRUE, Y_PRED)), [1, 0, 1, 0])
    metric = keras.metrics.CategoricalAccuracy()
    metric.update_state(Y_TRUE, Y_PRED)
    assert float(metric.result()) == pytest.approx(0.5)


def test_top_k_and_iou_of_bool_one_hot_targets():
    assert np.asarray(keras.metrics.top_k_categorical_accuracy(Y_TRUE, Y_PRED, k=2)).tolist() == [1, 1, 1, 1]
    iou = keras.metrics.OneHotMeanIoU(num_classes=3)
    iou.update_state(Y_TRUE, Y_PRED)
    # confusion (true x pred): class 0: 1 row predicted 1; class 1: one right, one predicted 0; class 2: right
    # IoU_0 = 0 / (1 + 1 - 0), IoU_1 = 1 / (2 + 2 - 1), IoU_2 = 1
    assert float(iou.result()) == pytest.approx((0 + 1 / 3 + 1) / 3)


def test_fit_with_bool_one_hot_targets_and_accuracy():
    rng = np.random.default_rng(0)
    x = np.zeros((64, 7, 12), dtype=bool)
    y = np.zeros((64, 4, 12), dtype=bool)
    x[np.arange(64)[:, None], np.arange(7)[None, :], rng.integers(0, 12, (64, 7))] = True
    y[np.arange(64)[:, None], np.arange(4)[None, :], rng.integers(0, 12, (64, 4))] = True
    model = keras.Sequential([keras.Input((7, 12)), keras.layers.LSTM(16), keras.layers.RepeatVector(4),
                              keras.layers.LSTM(16, return_sequences=True),
                              keras.layers.Dense(12, activation="softmax")])
    model.compile(loss="categorical_crossentropy", optimizer="adam", metrics=["accuracy"])
    history = model.fit(x, y, batch_size=32, epochs=1, verbose=0)
    acc = history.history["accuracy"][0]
    assert 0.0 <= acc <= 1.0
    loss, evaluated = model.evaluate(x, y, verbose=0)
    hits = np.argmax(model.predict(x, verbose=0), -1) == np.argmax(y, -1)
    assert evaluated == pytest.approx(hits.mean(), abs=1e-6)


def test_class_weight_with_bool_one_hot_targets():
    x = np.eye(4, dtype="float32").repeat(8, axis=0)
    y = np.eye(4, dtype=bool).repeat(8, axis=0)
    dense = keras.layers.Dense(4, activation="softmax", kernel_initializer="zeros")
    model = keras.Sequential([keras.Input((4,)), dense])
    model.compile(loss="categorical_crossentropy", optimizer="sgd")
    history = model.fit(x, y, class_weight={0: 1.0, 1: 2.0, 2: 1.0, 3: 1.0}, batch_size=32, epochs=1, verbose=0)
    # one batch before any update: uniform predictions, each sample's loss ln 4, weighted 2 for the 8 of class 1,
    # summed and divided by the batch size: (24 + 16) / 32 * ln 4
    assert history.history["loss"][0] == pytest.approx(1.25 * np.log(4), rel=1e-5)
