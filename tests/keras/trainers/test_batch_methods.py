"""train_on_batch / test_on_batch / predict_on_batch return Keras 3 shapes and do one real step."""

import numpy as np
import pytest
import torch

import keraslike as tf

keras = tf.keras
torch.set_num_threads(1)


def _model(metrics=None):
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse", metrics=metrics)
    return model


def test_train_on_batch_equals_one_fit_step():
    x = np.arange(12, dtype="float32").reshape(4, 3) / 12
    y = np.ones((4, 2), "float32")
    a, b = _model(), _model()
    loss = a.train_on_batch(x, y)
    b.fit(x, y, batch_size=4, epochs=1, shuffle=False, verbose=0)
    assert isinstance(loss, float)
    for wa, wb in zip(a.get_weights(), b.get_weights()):
        np.testing.assert_allclose(wa, wb, rtol=1e-6)
    w0 = a.get_weights()
    expected = float(np.mean((x @ w0[0] + w0[1] - y) ** 2))
    assert a.test_on_batch(x, y) == pytest.approx(expected, rel=1e-5)
    assert a.get_weights()[0].tolist() == w0[0].tolist()  # test_on_batch does not train
    np.testing.assert_allclose(a.predict_on_batch(x), x @ w0[0] + w0[1], rtol=1e-5)


def test_return_shapes_with_metrics():
    model = _model(metrics=["mae"])
    x, y = np.zeros((2, 3), "float32"), np.ones((2, 2), "float32")
    out = model.train_on_batch(x, y)
    assert isinstance(out, list) and len(out) == 2
    logs = model.test_on_batch(x, y, return_dict=True)
    assert set(logs) == {"loss", "mae"}
    with pytest.raises(RuntimeError, match="compile"):
        keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)]).train_on_batch(x, y)
