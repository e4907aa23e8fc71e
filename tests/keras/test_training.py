"""Single-process compile/fit/evaluate/predict semantics, checked against hand computations."""

import numpy as np
import pytest
import torch

import keraslike as tf


def _data(n=50, features=4, classes=3, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, features)).astype("float32")
    y = rng.integers(0, classes, size=n)
    return x, y


def _model(features=4, classes=3, activation="softmax"):
    return tf.keras.Sequential([
        tf.keras.Input(shape=(features,)),
        tf.keras.layers.Dense(5, activation="relu"),
        tf.keras.layers.Dense(classes, activation=activation),
    ])


def test_dense_kernel_layout_and_glorot_uniform_range():
    layer = tf.keras.layers.Dense(7)
    out = layer(np.ones((2, 3), dtype="float32"))
    kernel, bias = layer.get_weights()
    assert kernel.shape == (3, 7) and bias.shape == (7,)
    limit = np.sqrt(6.0 / (3 + 7))
    assert np.all(np.abs(kernel) <= limit) and np.all(bias == 0)
    np.testing.assert_allclose(out.detach().numpy(), np.ones((2, 3)) @ kernel, rtol=1e-6, atol=1e-7)  # sums near 0
    assert [w.name for w in layer.weights] == ["kernel", "bias"]  # Keras 3 (TF 2.16+) names
    assert [w.path for w in layer.weights] == [f"{layer.name}/kernel", f"{layer.name}/bias"]


def test_fit_history_keys_and_epoch_loss_is_sample_weighted_mean():
    tf.keras.utils.set_random_seed(0)
    x, y = _data(n=10)
    model = _model()
    model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.0), loss="sparse_categorical_crossentropy",
                  metrics=["accuracy"])
    history = model.fit(x, y, batch_size=4, epochs=2, verbose=0, shuffle=False)
    assert list(history.history) == ["accuracy", "loss"]
    assert history.epoch == [0, 1]
    # lr=0: weights never move, so the epoch loss is the mean per-sample loss over all 10 samples
    probs = model.predict(x, verbose=0)
    expected = float(np.mean(-np.log(np.clip(probs[np.arange(10), y], 1e-7, 1 - 1e-7))))
    np.testing.assert_allclose(history.history["loss"], [expected, expected], rtol=1e-5)
    acc = float(np.mean(probs.argmax(1) == y))
    np.testing.assert_allclose(history.history["accuracy"][0], acc, rtol=1e-6)
    loss, accuracy = model.evaluate(x, y, batch_size=3, verbose=0)
    np.testing.assert_allclose([loss, accuracy], [expected, acc], rtol=1e-5)
    logs = model.evaluate(x, y, verbose=0, return_dict=True)
    assert list(logs) == ["accuracy", "loss"]


def test_fit_matches_a_hand_written_torch_loop():
    tf.keras.utils.set_random_seed(3)
    x, y = _data(n=37)
    model = _model(activation=None)
    model.compile(optimizer=tf.keras.optimizers.SGD(0.1),
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    start = [torch.tensor(w) for w in model.get_weights()]
    model.fit(x, y, batch_size=8, epochs=2, verbose=0, shuffle=False)
    w1, b1, w2, b2 = [w.clone().requires_grad_(True) for w in start]
    xt, yt = torch.tensor(x), torch.tensor(y)
    opt = torch.optim.SGD([w1, b1, w2, b2], lr=0.1)
    for _ in range(2):
        for i in range(0, 37, 8):
            logits = torch.relu(xt[i:i + 8] @ w1 + b1) @ w2 + b2
            loss = torch.nn.functional.cross_entropy(logits, yt[i:i + 8])
            opt.zero_grad()
            loss.backward()
            opt.step()
    for got, want in zip(model.get_weights(), [w1, b1, w2, b2]):
        np.testing.assert_allclose(got, want.detach().numpy(), rtol=1e-5, atol=1e-6)


def test_validation_split_takes_the_last_fraction_before_shuffling():
    seen = []

    class Spy(tf.keras.callbacks.Callback):
        def on_test_batch_begin(self, batch, logs=None):
            seen.append(batch)

    x = np.arange(100, dtype="float32").reshape(100, 1)
    y = np.arange(100) % 2
    model = tf.keras.Sequential([tf.keras.Input(shape=(1,)), tf.keras.layers.Dense(2)])
    model.compile("sgd", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    from keraslike._src.keras.trainers import data_adapter

    (tx, ty, _), (vx, vy, _) = data_adapter.train_validation_split((x, y, None), 0.2)
    np.testing.assert_array_equal(vx[:, 0], np.arange(80, 100))
    np.testing.assert_array_equal(tx[:, 0], np.arange(80))
    history = model.fit(x, y, validation_split=0.2, batch_size=10, epochs=1, verbose=0, callbacks=[Spy()])
    assert seen == [0, 1]  # 20 validation samples / batch 10
    assert set(history.history) == {"loss", "val_loss"}


def test_predict_returns_rows_in_order_and_numpy():
    model = _model()
    x, _ = _data(n=33)
    out = model.predict(x, batch_size=8, verbose=0)
    assert isinstance(out, np.ndarray) and out.shape == (33, 3) and out.dtype == np.float32
    np.testing.assert_allclose(out, model(torch.tensor(x)).detach().numpy(), rtol=1e-6)


def test_compile_with_objects_and_categorical_crossentropy():
    tf.keras.utils.set_random_seed(0)
    x, y = _data(n=40)
    y1 = tf.keras.utils.to_categorical(y, 3)
    assert y1.shape == (40, 3) and y1.dtype == np.float64  # Keras 3: numpy's default (tests/golden/to_categorical.json)
    model = _model()
    model.compile(optimizer=tf.keras.optimizers.Adam(0.05), loss=tf.keras.losses.CategoricalCrossentropy(),
                  metrics=["accuracy"])
    history = model.fit(x, y1, epochs=15, batch_size=8, verbose=0)
    assert history.history["loss"][-1] < history.history["loss"][0]
    metric = model.metrics[1].metrics[0]  # inside Keras 3's compile_metrics container
    assert metric.name == "accuracy"
    assert metric._fn.__name__ == "categorical_accuracy"


@pytest.mark.parametrize("loss,fn", [("binary_crossentropy", "binary_accuracy"),
                                     ("sparse_categorical_crossentropy", "sparse_categorical_accuracy"),
                                     ("mse", "binary_accuracy")])
def test_accuracy_string_is_resolved_like_keras(loss, fn):
    x, y = _data(n=8)
    classes = 1 if fn == "binary_accuracy" else 3
    model = _model(classes=classes, activation="sigmoid" if classes == 1 else "softmax")
    yy = (y % 2).astype("float32").reshape(-1, 1) if classes == 1 else y
    model.compile("sgd", loss, metrics=["accuracy"])
    model.fit(x, yy, epochs=1, verbose=0)
    assert model.metrics[1].metrics[0]._fn.__name__ == fn


# ---- bad input: Keras-style ValueErrors naming the argument and the value -----------------------------
def _compiled():
    model = _model()
    model.compile("adam", "sparse_categorical_crossentropy", metrics=["accuracy"])
    return model


def test_wrong_feature_count_names_the_shapes():
    x, y = _data(n=20, features=6)
    with pytest.raises(ValueError, match=r"expected shape=\(None, 4\), found shape=\(None, 6\)"):
        _compiled().fit(x, y, verbose=0)


def test_x_y_length_mismatch():
    x, y = _data(n=20)
    with pytest.raises(ValueError, match=r"Data cardinality is ambiguous.*'x' sizes: 20.*'y' sizes: 19"):
        _compiled().fit(x, y[:19], verbose=0)


def test_unknown_loss_and_optimizer_names():
    model = _model()
    with pytest.raises(ValueError, match=r"Could not interpret loss identifier: 'sparse_categorical_crossentopy'"
                                         r".*sparse_categorical_crossentropy"):
        model.compile("adam", "sparse_categorical_crossentopy")
    with pytest.raises(ValueError, match=r"Could not interpret optimizer identifier: 'adamm'.*Received: optimizer="):
        model.compile("adamm", "mse")


@pytest.mark.parametrize("batch_size", [0, -3, 2.5])
def test_bad_batch_size(batch_size):
    x, y = _data(n=20)
    with pytest.raises(ValueError, match=rf"batch_size to be a positive integer. Received: batch_size={batch_size}"):
        _compiled().fit(x, y, batch_size=batch_size, verbose=0)


def test_bad_verbose_and_uncompiled_model():
    x, y = _data(n=4)
    with pytest.raises(ValueError, match="Received: verbose=3"):
        _compiled().fit(x, y, verbose=3)
    with pytest.raises(RuntimeError, match="compile"):
        _model().fit(x, y, verbose=0)


def test_dense_rejects_a_wrong_last_dimension():
    layer = tf.keras.layers.Dense(2)
    layer(np.ones((1, 3), dtype="float32"))
    with pytest.raises(ValueError, match=r'layer "dense.*" is incompatible.*value 3.*shape \(1, 5\)'):
        layer(np.ones((1, 5), dtype="float32"))
