"""A Functional model called with positional `training`/`mask`, as the masking-and-padding guide does
(`model(x, np.random.random(...))`): Keras 2 binds the second positional value to `training`, the third to
`mask`, as Python binds `Functional.call(inputs, training=None, mask=None)`; values by hand computation."""
import numpy as np
import pytest

import keraslike as tf
from keraslike import keras
from keraslike.keras import layers


@pytest.fixture(params=[False, True], ids=["keras3", "keras2"])
def legacy(request, monkeypatch):
    if request.param:
        monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    else:
        monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    return request.param


class TemporalSoftmax(keras.layers.Layer):
    def call(self, inputs, mask=None):
        broadcast_float_mask = tf.expand_dims(tf.cast(mask, "float32"), -1)
        inputs_exp = tf.exp(inputs) * broadcast_float_mask
        inputs_sum = tf.reduce_sum(inputs * broadcast_float_mask, axis=1, keepdims=True)
        return inputs_exp / inputs_sum


class SeesTraining(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.supports_masking = True
        self.seen = []

    def call(self, inputs, training=None):
        self.seen.append(training)
        return inputs


def _guide_model(probe):
    inputs = keras.Input(shape=(None,), dtype="int32")
    x = layers.Embedding(input_dim=10, output_dim=32, mask_zero=True)(inputs)
    x = probe(x)
    x = layers.Dense(1)(x)
    outputs = TemporalSoftmax()(x)
    return keras.Model(inputs, outputs)


def _expected(model, tokens):
    emb, kernel, bias = (w.numpy() for w in model.weights)
    logits = emb[tokens] @ kernel + bias                      # (32, 100, 1)
    mask = (tokens != 0).astype("float32")[..., None]
    return np.exp(logits) * mask / np.sum(logits * mask, axis=1, keepdims=True)


def test_keras3_refuses_a_positional_training_value_as_tf():
    """TF 2.21 (Keras 3): `model(x, mask)` raises TypeError (a silent training-mode call otherwise), a layer given a
    Python bool by position raises ValueError; `model(x, None)` runs."""
    probe = SeesTraining()
    model = _guide_model(probe)
    tokens = np.random.randint(0, 10, size=(4, 6))
    for value in (np.random.random((4, 6, 1)), tf.constant([[True]]), True, False):
        with pytest.raises(TypeError, match="Functional.call\\(\\) got multiple values for argument 'training'"):
            model(tokens, value)
    assert model(tokens, None).shape == (4, 6, 1)
    with pytest.raises(ValueError, match="Only input tensors may be passed as positional arguments"):
        SeesTraining()(tf.ones((1, 2)), True)
    with pytest.raises(TypeError, match="SeesTraining.call\\(\\) got multiple values"):
        SeesTraining()(tf.ones((1, 2)), tf.constant([[True]]))


def test_second_positional_argument_is_training_in_keras2(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    probe = SeesTraining()
    model = _guide_model(probe)
    tokens = np.random.randint(0, 10, size=(32, 100))
    probe.seen.clear()
    y = model(tokens, np.random.random((32, 100, 1)))        # the guide's call: the array binds `training`
    assert y.shape == (32, 100, 1)
    np.testing.assert_allclose(np.asarray(y), _expected(model, tokens), rtol=1e-4, atol=1e-5)
    assert isinstance(probe.seen[-1], np.ndarray)              # passed down as given, as tf_keras does
    model(tokens, True)
    assert probe.seen[-1] is True
    model(tokens, None, np.ones((32, 100), bool))
    assert probe.seen[-1] in (None, False)


def test_training_by_position_and_keyword_raises(legacy):
    model = _guide_model(SeesTraining())
    with pytest.raises(TypeError, match="multiple values.*training"):
        model(np.ones((2, 3), "int32"), True, training=False)


class MaskedSum(keras.layers.Layer):
    def call(self, inputs, mask=None):
        if mask is None:
            return tf.reduce_sum(inputs, axis=1)
        return tf.reduce_sum(inputs * tf.expand_dims(tf.cast(mask, inputs.dtype), -1), axis=1)


def test_functional_mask_argument_reaches_the_inputs(legacy):
    inputs = keras.Input(shape=(5, 1))
    outputs = MaskedSum()(layers.Dense(1, kernel_initializer="ones", use_bias=False)(inputs))
    model = keras.Model(inputs, outputs)
    x = np.random.random((2, 5, 1)).astype("float32")
    mask = np.array([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]], bool)
    x_in = tf.constant(x)
    for y in (model(x_in, mask=mask), model(x_in, None, mask)):
        m = mask.astype("float32")[..., None]
        np.testing.assert_allclose(np.asarray(y), np.sum(x * m, axis=1), rtol=1e-5)
    np.testing.assert_allclose(np.asarray(model(x_in)), np.sum(x, axis=1), rtol=1e-5)
    assert getattr(x_in, "_keras_mask", None) is None          # the caller's tensor keeps no mask


def test_sequential_mask_argument_reaches_the_first_layers(legacy):
    model = keras.Sequential([keras.Input((5, 1)), layers.Dense(1, kernel_initializer="ones", use_bias=False),
                              MaskedSum()])
    x = np.random.random((2, 5, 1)).astype("float32")
    mask = np.array([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]], bool)
    np.testing.assert_allclose(np.asarray(model(x, mask=mask)), np.sum(x * mask[..., None], axis=1), rtol=1e-5)
    np.testing.assert_allclose(np.asarray(model(x)), np.sum(x, axis=1), rtol=1e-5)
