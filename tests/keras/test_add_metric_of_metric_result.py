"""Keras 2's `self.add_metric(self.accuracy_fn(targets, logits, sample_weight))` without a name (keras-io's
endpoint layer pattern): the value is a metric's result, so the layer logs that metric itself under its name
(tf_keras tags `Metric.__call__`'s result with the metric). Expected values by hand: zero logits."""

import numpy as np
import pytest

import keraslike as tf
from keraslike import keras


class LogisticEndpoint(keras.layers.Layer):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.loss_fn = keras.losses.BinaryCrossentropy(from_logits=True)
        self.accuracy_fn = keras.metrics.BinaryAccuracy(name="accuracy")

    def call(self, logits, targets=None, sample_weight=None):
        if targets is not None:
            loss = self.loss_fn(targets, logits, sample_weight)
            self.add_loss(loss)
            self.add_metric(self.accuracy_fn(targets, logits, sample_weight))
        return tf.nn.softmax(logits)


def test_add_metric_of_a_metric_result_logs_that_metric(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    inputs = keras.Input((5,), name="inputs")
    logits = keras.layers.Dense(1, kernel_initializer="zeros")(inputs)
    targets = keras.Input((1,), name="targets")
    sample_weight = keras.Input((1,), name="sample_weight")
    preds = LogisticEndpoint()(logits, targets, sample_weight)
    model = keras.Model([inputs, targets, sample_weight], preds)
    rng = np.random.default_rng(0)
    t = (rng.random((40, 1)) < 0.3).astype("float32")
    w = rng.random((40, 1)).astype("float32")
    data = {"inputs": rng.random((40, 5)), "targets": t, "sample_weight": w}
    model.compile(keras.optimizers.Adam(1e-3))
    loss, accuracy = model.evaluate(data, batch_size=40, verbose=0)
    # zero logits: every prediction is 0 (sigmoid 0.5 is not above the threshold), each loss ln 2
    assert accuracy == pytest.approx(float((w * (t == 0)).sum() / w.sum()), rel=1e-5)
    assert loss == pytest.approx(float(np.log(2) * w.mean()), rel=1e-5)
    history = model.fit(data, epochs=1, batch_size=40, verbose=0)
    assert set(history.history) == {"loss", "accuracy"}
    assert history.history["accuracy"][0] == pytest.approx(accuracy, rel=1e-5)


def test_metric_result_carries_its_metric():
    metric = keras.metrics.Mean(name="m")
    result = metric([1.0, 3.0])
    assert result._metric_obj is metric
    assert float(result) == 2.0


def test_layer_called_with_its_inputs_by_keyword(monkeypatch):
    """keras-io's `LogReg` calls `self.logistic_endpoint(logits=..., targets=..., sample_weight=...)`: the inputs
    passed by the name of `call`'s first parameter, as Keras binds them."""
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")

    class LogReg(keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(1, kernel_initializer="zeros")
            self.logistic_endpoint = LogisticEndpoint()

        def call(self, inputs):
            logits = self.dense(inputs["inputs"])
            return self.logistic_endpoint(logits=logits, targets=inputs["targets"],
                                          sample_weight=inputs["sample_weight"])

    rng = np.random.default_rng(0)
    t = (rng.random((40, 1)) < 0.3).astype("float32")
    w = rng.random((40, 1)).astype("float32")
    data = {"inputs": rng.random((40, 5)).astype("float32"), "targets": t, "sample_weight": w}
    model = LogReg()
    model.compile(keras.optimizers.Adam(1e-3))
    history = model.fit(data, epochs=1, batch_size=40, verbose=0)
    assert history.history["loss"][0] == pytest.approx(float(np.log(2) * w.mean()), rel=1e-5)
    endpoint = LogisticEndpoint()
    x = tf.constant([[0.5], [-1.0]])
    np.testing.assert_allclose(np.asarray(endpoint(logits=x)), np.asarray(endpoint(x)))
