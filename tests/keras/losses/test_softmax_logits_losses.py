"""Cross-entropies given a softmax/sigmoid output use the activation's logits, as Keras (goldens from TF 2.21).

Written in the style of keras_io/examples/keras_recipes/subclassing_conv_layers: a model ending in
`Dense(..., activation="softmax")` whose predictions saturate, trained with a cross-entropy. Keras computes the
loss from the softmax's input logits, so the loss exceeds `-log(1e-7)` and the gradient is not zero; clipped
probabilities froze that program's training on keraslike. Golden: tests/golden/make_softmax_logits_losses.py.
"""

import json
from pathlib import Path

import numpy as np
import pytest

import keraslike as tf

GOLDEN = json.loads((Path(__file__).parents[2] / "golden" / "softmax_logits_losses.json").read_text())
X = np.array(GOLDEN["x"], "float32")
KERNEL = np.array(GOLDEN["kernel"], "float32")
LABELS = np.array(GOLDEN["labels"])
ONEHOT = np.eye(4, dtype="float32")[LABELS]
BINARY = (LABELS % 2).astype("float32")[:, None]
LOGITS = X @ KERNEL


def dense_model(activation, units=4):
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(units, activation=activation)])
    model.layers[0].set_weights([KERNEL[:, :units], np.zeros(units, "float32")])
    return model


def loss_and_grad(activation, loss, y, units=4):
    model = dense_model(activation, units)
    with tf.GradientTape() as tape:
        value = loss(y, model(X))
    return float(value), np.asarray(tape.gradient(value, model.layers[0].kernel))


def check(case, activation, loss, y, units=4):
    value, grad = loss_and_grad(activation, loss, y, units)
    np.testing.assert_allclose(value, GOLDEN[case]["loss"], rtol=1e-5)
    np.testing.assert_allclose(grad, np.array(GOLDEN[case]["grad"]), rtol=1e-4, atol=1e-6)


def test_categorical_crossentropy_of_a_saturated_softmax_uses_its_logits():
    check("cce_softmax", "softmax", tf.keras.losses.CategoricalCrossentropy(), ONEHOT)
    assert GOLDEN["cce_softmax"]["loss"] > -np.log(1e-7)  # beyond what clipped probabilities can give


def test_sparse_categorical_crossentropy_of_a_saturated_softmax_uses_its_logits():
    check("scce_softmax", "softmax", tf.keras.losses.SparseCategoricalCrossentropy(), LABELS)
    check("scce_fn_softmax", "softmax",
          lambda y, p: tf.reduce_mean(tf.keras.losses.sparse_categorical_crossentropy(y, p)), LABELS)


def test_binary_crossentropy_of_a_saturated_sigmoid_uses_its_logits():
    check("bce_sigmoid", "sigmoid", tf.keras.losses.BinaryCrossentropy(), BINARY, units=1)


def test_a_new_tensor_made_from_the_probabilities_is_clipped_as_before():
    check("scce_after_op", "softmax", lambda y, p: tf.keras.losses.SparseCategoricalCrossentropy()(y, p * 1.0),
          LABELS)


def test_from_logits_true_on_a_softmax_output_warns_and_uses_the_logits():
    with pytest.warns(UserWarning, match="from_logits=True"):
        check("from_logits_on_softmax", "softmax", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              LABELS)
    assert GOLDEN["from_logits_on_softmax"]["warned"]


def test_keras_ops_and_softmax_layer_outputs_carry_their_logits():
    value = tf.reduce_mean(tf.keras.ops.categorical_crossentropy(ONEHOT, tf.keras.ops.softmax(LOGITS)))
    np.testing.assert_allclose(float(value), GOLDEN["ops_cce_softmax"], rtol=1e-5)
    value = tf.reduce_mean(tf.keras.ops.binary_crossentropy(BINARY, tf.keras.ops.sigmoid(LOGITS[:, :1])))
    np.testing.assert_allclose(float(value), GOLDEN["ops_bce_sigmoid"], rtol=1e-5)
    value = tf.keras.losses.SparseCategoricalCrossentropy()(LABELS, tf.keras.layers.Softmax()(LOGITS))
    np.testing.assert_allclose(float(value), GOLDEN["softmax_layer_scce"], rtol=1e-5)


@pytest.mark.parametrize("case, activation", [("fit_softmax_scce", "softmax"),
                                              ("fit_tf_nn_softmax_scce", tf.nn.softmax)])
def test_fit_on_a_saturated_softmax_learns_as_tf(case, activation):
    model = dense_model(activation)
    model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="sparse_categorical_crossentropy")
    history = model.fit(X, LABELS, batch_size=2, epochs=3, shuffle=False, verbose=0)
    np.testing.assert_allclose(history.history["loss"], GOLDEN[case]["losses"], rtol=1e-4)
    np.testing.assert_allclose(model.layers[0].kernel.numpy(), np.array(GOLDEN[case]["kernel"]), rtol=1e-4, atol=1e-5)
