"""Overridden train_step/test_step/predict_step, in Keras 3 (torch) and TF 2 styles."""

import warnings

import numpy as np
import pytest
import torch

import keraslike as tf

keras = tf.keras
torch.set_num_threads(1)

rng = np.random.default_rng(0)
X = rng.normal(size=(37, 4)).astype("float32")
Y = (X[:, :1] * 2 - X[:, 1:2]).astype("float32")


class Net(keras.Model):
    def __init__(self, units=1, **kwargs):
        super().__init__(**kwargs)
        self.hidden = keras.layers.Dense(8, activation="tanh")
        self.out = keras.layers.Dense(units)

    def call(self, inputs, training=None):
        return self.out(self.hidden(inputs))


class Keras3Style(Net):
    def train_step(self, data):
        x, y = data
        self.zero_grad()
        y_pred = self(x, training=True)
        loss = self.compute_loss(y=y, y_pred=y_pred)
        loss.backward()
        trainable_weights = [v for v in self.trainable_weights]
        gradients = [v.value.grad for v in trainable_weights]
        with torch.no_grad():
            self.optimizer.apply(gradients, trainable_weights)
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss)
            else:
                metric.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


class TF2Style(Net):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compiled_loss(y, y_pred, regularization_losses=self.losses)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.compiled_metrics.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}

    def test_step(self, data):
        x, y = data
        y_pred = self(x, training=False)
        self.compiled_loss(y, y_pred, regularization_losses=self.losses)
        self.compiled_metrics.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


def _build(cls, metrics=("mae",)):
    keras.utils.set_random_seed(0)
    model = cls()
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse", metrics=list(metrics))
    return model


@pytest.mark.parametrize("cls", [Keras3Style, TF2Style])
def test_override_matches_the_built_in_step(cls):
    custom = _build(cls)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # TF2Style: Keras 3's deprecation warnings
        hc = custom.fit(X, Y, batch_size=8, epochs=3, shuffle=False, verbose=0)
    plain = _build(Net)
    hp = plain.fit(X, Y, batch_size=8, epochs=3, shuffle=False, verbose=0)
    for wc, wp in zip(custom.get_weights(), plain.get_weights()):
        np.testing.assert_allclose(wc, wp, rtol=1e-5, atol=1e-6)
    assert list(hc.history) == ["mae", "loss"]  # Keras 3: {"loss", "compile_metrics": {"mae"}} spliced, sorted
    assert all(isinstance(v, float) for v in hc.history["loss"])
    np.testing.assert_allclose(hc.history["mae"], hp.history["mae"], rtol=1e-5)
    if cls is Keras3Style:  # TF2Style's "loss" is the mean prediction, as Keras 3's compiled_metrics shim logs it
        assert hc.history["loss"][-1] < hc.history["loss"][0]


def test_history_keys_are_the_returned_keys_and_validation_uses_test_step():
    class Custom(Net):
        def train_step(self, data):
            x, y = data
            logs = super().train_step(data)
            return {"my_loss": logs["loss"], "rows": torch.tensor(float(x.shape[0]))}

        def test_step(self, data):
            return {"answer": 42}

        def predict_step(self, data):
            return self(data, training=False) * 0 + 7

    model = _build(Custom)
    history = model.fit(X, Y, batch_size=8, epochs=2, validation_data=(X, Y), verbose=0)
    assert list(history.history) == ["my_loss", "rows", "val_answer"]
    assert history.history["rows"] == [5.0, 5.0]  # last batch of 37 has 5 rows
    assert model.evaluate(X, Y, verbose=0) == 42.0
    assert model.evaluate(X, Y, verbose=0, return_dict=True) == {"answer": 42.0}
    np.testing.assert_array_equal(model.predict(X, verbose=0), np.full((37, 1), 7, "float32"))


def test_accuracy_metric_exists_before_the_first_custom_step():
    class Classifier(TF2Style):
        pass

    keras.utils.set_random_seed(0)
    model = Classifier(units=3)
    model.compile(optimizer="adam", loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    history = model.fit(X, (X[:, 0] > 0).astype("int64"), batch_size=8, epochs=1, verbose=0)
    assert list(history.history) == ["accuracy", "loss"]  # sorted, as tf.keras gives a step's dict


def test_compute_loss_and_compiled_loss_signatures():
    model = _build(Net)
    model.add_loss(lambda: torch.tensor(1.0))
    with torch.no_grad():
        y_pred = model(X)
    plain = float(np.mean((y_pred.numpy() - Y) ** 2))
    assert float(model.compute_loss(X, Y, y_pred, None)) == pytest.approx(plain + 1.0)
    with pytest.warns(UserWarning, match="deprecated"):  # Keras 3: compute_loss, the model's losses added once
        assert float(model.compiled_loss(Y, y_pred, sample_weight=None, regularization_losses=model.losses)) == \
            pytest.approx(plain + 1.0)
    with pytest.warns(UserWarning, match="deprecated"):
        model.compiled_metrics.update_state(Y, y_pred)


def test_train_step_must_return_a_dict():
    class Bad(Net):
        def train_step(self, data):
            return 1.0

    with pytest.raises(TypeError, match="Received: float"):
        _build(Bad).fit(X, Y, verbose=0)


def test_variable_value_both_ways():
    v = tf.Variable([1.0, 2.0])
    (v * v).sum().backward()
    np.testing.assert_array_equal(v.value.grad.numpy(), [2.0, 4.0])  # Keras 3
    copy = v.value()  # TF 2
    assert type(copy) is torch.Tensor and not copy.requires_grad
    assert v.value.shape == (2,) and float(torch.sum(v.value)) == 3.0 and float((v.value * 2)[1]) == 4.0
