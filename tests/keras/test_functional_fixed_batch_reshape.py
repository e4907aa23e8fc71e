"""A layer that reshapes to a shape with the batch size written in (keras-io's Switch Transformer:
`tf.reshape(inputs, [num_tokens_per_batch, embed_dim])` with `num_tokens_per_batch = batch_size * tokens`)
builds into a functional model: TF traces the reshape with the batch unknown, and its shape inference gives the
output that batch (TF 2.21, Keras 3 and tf_keras alike: `model.output.shape == (5, 4, 2)` below). keraslike
raised `Cannot reshape a tensor with 12 elements (shape [1, 4, 3])` from its batch-1 example run. Values are
hand-computed (and equal TF 2.21's)."""

import numpy as np
import pytest

import keraslike as tf
from keraslike import keras
from keraslike.keras import layers

BATCH, STEPS, DIM = 5, 4, 3


class TokensAsRows(layers.Layer):
    """Flattens the batch's tokens into rows of a fixed count (as the Switch layer routes them), then back."""

    def call(self, x):
        n = tf.shape(x)[0]
        rows = tf.reshape(x, [BATCH * STEPS, DIM])
        return tf.reshape(rows * 2.0, [n, STEPS, DIM])


def _model():
    inputs = keras.Input(shape=(STEPS, DIM))
    outputs = layers.Dense(2, kernel_initializer="ones")(TokensAsRows()(inputs))
    return keras.Model(inputs, outputs)


def test_builds_with_the_batch_the_reshape_needs():
    model = _model()
    assert tuple(model.output.shape) == (BATCH, STEPS, 2)  # TF 2.21's static shape
    x = np.arange(BATCH * STEPS * DIM, dtype="float32").reshape(BATCH, STEPS, DIM) / 10
    out = np.asarray(model(x))
    # each output unit: 2 * (sum of the token's 3 features); token 0 of sample 0 is [0, .1, .2] -> 0.6
    np.testing.assert_allclose(out[:, 0, 0], [0.6, 7.8, 15.0, 22.2, 29.4], rtol=1e-6)
    np.testing.assert_allclose(out, 2 * x.sum(-1, keepdims=True).repeat(2, -1), rtol=1e-6)


def test_other_batch_sizes_raise_and_fit_runs_with_the_fixed_batch():
    model = _model()
    x = np.ones((BATCH * 2, STEPS, DIM), "float32")
    with pytest.raises(tf.errors.InvalidArgumentError, match="Cannot reshape"):
        model(x[:2])  # TF: InvalidArgumentError at run time
    model.compile("sgd", "mse")
    history = model.fit(x, np.zeros((BATCH * 2, STEPS, 2), "float32"), batch_size=BATCH, epochs=1, verbose=0,
                        shuffle=False)
    # first batch: (2 * 3 features)^2 = 36; the SGD step shrinks the second; TF 2.21 (both Keras versions): 31.6242
    assert history.history["loss"][0] == pytest.approx(31.62420082092285, rel=1e-5)


def test_a_reshape_that_cannot_fit_any_batch_still_raises():
    class Wrong(layers.Layer):
        def call(self, x):
            return tf.reshape(x, [7, 5])  # 35 is no multiple of the 12 values of one sample

    with pytest.raises(tf.errors.InvalidArgumentError, match="Cannot reshape"):
        Wrong()(keras.Input(shape=(STEPS, DIM)))
