"""compile() without a loss, `compute_loss`/`compute_metrics` overrides and metrics tracked as attributes.

In the style of keras-io guides/custom_train_step_in_tensorflow.py (the "going lower-level" model
that compiles only an optimizer and keeps its own `loss_tracker`) and the `Model.compute_loss`
docstring of Keras 3 (a `compute_loss` override used by the built-in `fit`).
"""

import numpy as np
import pytest
import torch

import keraslike as tf

keras = tf.keras
torch.set_num_threads(1)

rng = np.random.default_rng(3)
X = rng.normal(size=(40, 5)).astype("float32")
Y = rng.normal(size=(40, 1)).astype("float32")


def _dense_model(cls):
    inputs = keras.Input(shape=(5,))
    return cls(inputs, keras.layers.Dense(1)(inputs))


class OwnLossModel(keras.Model):
    """Compiled with an optimizer only: loss and metrics are the model's own attributes."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.loss_tracker = keras.metrics.Mean(name="loss")
        self.batches = keras.metrics.Sum(name="batches")
        self.loss_fn = keras.losses.MeanSquaredError()

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = self.loss_fn(y, self(x, training=True))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply(grads, self.trainable_variables)
        self.loss_tracker.update_state(loss)
        self.batches.update_state(1.0)
        return {"loss": self.loss_tracker.result(), "batches": self.batches.result()}


def test_compile_without_loss_when_train_step_is_overridden():
    model = _dense_model(OwnLossModel)
    model.compile(optimizer=keras.optimizers.SGD(0.01))  # no loss: the train_step brings its own
    history = model.fit(X, Y, batch_size=8, epochs=3, shuffle=False, verbose=0)
    # metrics set as attributes are in model.metrics and reset every epoch (Keras 3 tracks them)
    assert history.history["batches"] == [5.0, 5.0, 5.0]
    assert model.loss_tracker in model.metrics and model.batches in model.metrics
    assert history.history["loss"][2] < history.history["loss"][0]


def test_default_train_step_without_any_loss_raises_keras_error():
    model = keras.Sequential([keras.Input(shape=(5,)), keras.layers.Dense(1)])
    model.compile(optimizer="sgd")
    with pytest.raises(ValueError, match="No loss to compute"):
        model.fit(X, Y, verbose=0)


class AddLossLayer(keras.layers.Layer):
    def call(self, inputs):
        self.add_loss(tf.reduce_mean(tf.square(inputs)))
        return inputs


def test_add_loss_only_model_trains_without_compiled_loss():
    inputs = keras.Input(shape=(5,))
    dense = keras.layers.Dense(3, kernel_initializer="ones")
    model = keras.Model(inputs, AddLossLayer()(dense(inputs)))
    model.compile(optimizer=keras.optimizers.SGD(0.1))
    w0 = dense.kernel.numpy().copy()
    history = model.fit(X, Y, batch_size=40, epochs=1, verbose=0)
    # one full-batch step of loss = mean((X @ W + b)^2): compare with torch autograd
    w = torch.tensor(w0, requires_grad=True)
    b = torch.zeros(3, requires_grad=True)
    loss = torch.mean((torch.from_numpy(X) @ w + b) ** 2)
    loss.backward()
    np.testing.assert_allclose(history.history["loss"][0], loss.item(), rtol=1e-5)
    np.testing.assert_allclose(dense.kernel.numpy(), (w - 0.1 * w.grad).detach().numpy(), rtol=1e-5, atol=1e-6)


class DoubledMAE(keras.Model):
    """Keras 3's `compute_loss` docstring pattern: the built-in fit/evaluate call this override."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.seen_training = []

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        self.seen_training.append(training)
        return 2.0 * tf.reduce_mean(tf.abs(y_pred - y))


def test_compute_loss_override_drives_builtin_fit_and_evaluate():
    model = _dense_model(DoubledMAE)
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")  # the override wins over "mse"
    kernel, bias = (w.numpy().copy() for w in model.weights)
    history = model.fit(X, Y, batch_size=40, epochs=1, verbose=0)
    w = torch.tensor(kernel, requires_grad=True)
    b = torch.tensor(bias, requires_grad=True)
    loss = 2.0 * torch.mean(torch.abs(torch.from_numpy(X) @ w + b - torch.from_numpy(Y)))
    loss.backward()
    np.testing.assert_allclose(history.history["loss"][0], loss.item(), rtol=1e-5)
    np.testing.assert_allclose(model.weights[0].numpy(), (w - 0.05 * w.grad).detach().numpy(), rtol=1e-5, atol=1e-6)
    assert model.seen_training == [True]
    result = model.evaluate(X, Y, batch_size=40, verbose=0)
    pred = model.predict(X, verbose=0)
    np.testing.assert_allclose(result, 2.0 * np.mean(np.abs(pred - Y)), rtol=1e-5)
    assert model.seen_training == [True, False]


class TrackedCompute(keras.Model):
    """compute_loss with its own tracker, plus a compute_metrics override (Keras 3 hooks of train_step)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.mse_tracker = keras.metrics.Mean(name="mse_term")
        self.max_abs = keras.metrics.Mean(name="max_abs")

    def compute_loss(self, x, y, y_pred, sample_weight, training=True):
        loss = tf.reduce_mean(tf.square(y_pred - y)) + tf.add_n(self.losses) if self.losses else \
            tf.reduce_mean(tf.square(y_pred - y))
        self.mse_tracker.update_state(loss)
        return loss

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        self.max_abs.update_state(tf.reduce_max(tf.abs(y_pred - y)))
        return super().compute_metrics(x, y, y_pred, sample_weight)


def test_compute_loss_tracker_and_compute_metrics_override():
    model = _dense_model(TrackedCompute)
    model.compile(optimizer=keras.optimizers.SGD(0.0), loss="mse", metrics=["mae"])
    history = model.fit(X, Y, batch_size=10, epochs=2, shuffle=False, verbose=0)
    pred = model.predict(X, verbose=0)
    batches = [slice(i, i + 10) for i in range(0, 40, 10)]
    mse = np.mean([np.mean((pred[s] - Y[s]) ** 2) for s in batches])
    max_abs = np.mean([np.max(np.abs(pred[s] - Y[s])) for s in batches])
    assert set(history.history) == {"loss", "mae", "mse_term", "max_abs"}
    np.testing.assert_allclose(history.history["mse_term"], [mse, mse], rtol=1e-5)  # reset each epoch
    np.testing.assert_allclose(history.history["loss"], [mse, mse], rtol=1e-5)
    np.testing.assert_allclose(history.history["max_abs"], [max_abs, max_abs], rtol=1e-5)
    np.testing.assert_allclose(history.history["mae"][1], np.mean(np.abs(pred - Y)), rtol=1e-5)


class TwoNets(keras.Model):
    """The guide's GAN shape: no call(), its own compile(), two optimizers driven from train_step."""

    def __init__(self, first, second):
        super().__init__()
        self.first, self.second = first, second
        self.first_loss = keras.metrics.Mean(name="first_loss")

    @property
    def metrics(self):
        return [self.first_loss]

    def compile(self, first_optimizer, second_optimizer):
        super().compile()
        self.first_optimizer, self.second_optimizer = first_optimizer, second_optimizer

    def train_step(self, data):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.first(data)))
        self.first_optimizer.apply(tape.gradient(loss, self.first.trainable_weights), self.first.trainable_weights)
        with tf.GradientTape() as tape:
            second = tf.reduce_mean(tf.square(self.second(data) - 1.0))
        self.second_optimizer.apply(tape.gradient(second, self.second.trainable_weights),
                                    self.second.trainable_weights)
        self.first_loss.update_state(loss)
        return {"first_loss": self.first_loss.result()}


def test_model_without_call_trains_its_sub_models():
    first = keras.Sequential([keras.Input((5,)), keras.layers.Dense(1)])
    second = keras.Sequential([keras.Input((5,)), keras.layers.Dense(1)])
    model = TwoNets(first, second)
    model.compile(keras.optimizers.SGD(0.1), keras.optimizers.SGD(0.1))
    before = [w.numpy().copy() for w in first.weights + second.weights]
    history = model.fit(tf.data.Dataset.from_tensor_slices(X).batch(10), epochs=2, verbose=0)
    assert set(history.history) == {"first_loss"} and history.history["first_loss"][1] < history.history[
        "first_loss"][0]
    assert all(not np.allclose(b, w.numpy()) for b, w in zip(before, first.weights + second.weights))
