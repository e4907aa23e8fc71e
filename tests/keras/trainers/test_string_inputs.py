"""fit/evaluate/predict on string inputs: the string batches reach a TextVectorization first layer.

As in Keras 3, string tensors (`tf.constant`) and datasets of strings are accepted, numpy string arrays refused.

Reference: the same network fed the integer ids that layer produces, trained from the same weights
(one-device training as the oracle); predictions keep the input order.
"""

import numpy as np
import pytest

import keraslike as tf

keras = tf.keras
TEXTS = np.array(["good movie", "bad movie", "great film", "awful film", "good good", "bad bad", "fine"] * 3)
LABELS = np.array([1, 0, 1, 0, 1, 0, 1] * 3, dtype="float32")


def _head(seed):
    keras.utils.set_random_seed(seed)
    return [keras.layers.Embedding(20, 4), keras.layers.GlobalAveragePooling1D(), keras.layers.Dense(1)]


def test_fit_predict_on_strings_equals_training_on_their_ids():
    vec = keras.layers.TextVectorization(max_tokens=20, output_sequence_length=3)
    vec.adapt(TEXTS)
    ids = vec(tf.constant(TEXTS)).numpy()
    text_model = keras.Sequential([keras.Input(shape=(), dtype="string"), vec] + _head(3))
    id_model = keras.Sequential([keras.Input(shape=(3,), dtype="int64")] + _head(3))
    id_model.set_weights(text_model.get_weights())
    for model in (text_model, id_model):
        model.compile(keras.optimizers.SGD(0.5), "mse")
    with pytest.raises(ValueError, match="Invalid dtype: str"):  # Keras 3 refuses numpy string arrays too
        text_model.fit(TEXTS, LABELS, verbose=0)
    h_text = text_model.fit(tf.constant(TEXTS), LABELS, epochs=2, batch_size=5, shuffle=False, verbose=0)
    h_ids = id_model.fit(ids, LABELS, epochs=2, batch_size=5, shuffle=False, verbose=0)
    np.testing.assert_allclose(h_text.history["loss"], h_ids.history["loss"], rtol=1e-5)
    for a, b in zip(text_model.get_weights(), id_model.get_weights()):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)
    pred = text_model.predict(tf.constant(TEXTS[::-1].tolist()), batch_size=4, verbose=0)
    np.testing.assert_allclose(pred, id_model.predict(ids[::-1], batch_size=4, verbose=0), rtol=1e-5, atol=1e-6)
    ds = tf.data.Dataset.from_tensor_slices((TEXTS, LABELS)).map(lambda s, y: (tf.strings.lower(s), y)).batch(6)
    np.testing.assert_allclose(text_model.evaluate(ds, verbose=0), id_model.evaluate(ids, LABELS, verbose=0),
                               rtol=1e-5)
    assert isinstance(text_model.predict(ds.map(lambda s, y: s), verbose=0), np.ndarray)


def test_shuffled_fit_sees_every_string_once_per_epoch():
    seen = []

    class Record(keras.layers.Layer):
        def call(self, inputs):
            seen.extend(inputs.numpy().tolist())
            return tf.strings.to_number(inputs)[:, None]

    model = keras.Sequential([keras.Input(shape=(), dtype="string"), Record(), keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    seen.clear()  # the symbolic build ran the layer on a placeholder
    numbers = np.array([str(i) for i in range(11)])
    model.fit(tf.constant(numbers), np.arange(11, dtype="float32"), epochs=2, batch_size=4, shuffle=True, verbose=0)
    assert len(seen) == 22 and sorted(seen[:11]) == sorted(seen[11:]) == sorted(n.encode() for n in numbers)
    assert model.predict(tf.constant(numbers[:2]), verbose=0).shape == (2, 1)
