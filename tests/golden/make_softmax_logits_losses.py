"""Goldens for the cross-entropies given a softmax/sigmoid output: Keras uses the activation's logits.

Keras (3, and 2) keeps the input of a softmax/sigmoid activation on its output, and categorical, sparse
categorical and binary cross-entropy compute from those logits; under `tf.function` (so in `fit`) a raw
`tf.nn.softmax` op is recognised too. So a saturated prediction has a loss beyond `-log(1e-7)` and a gradient,
where clipped probabilities give a constant loss and no gradient. The conformance program
keras_io/examples/keras_recipes/subclassing_conv_layers (a standardized conv net whose softmax saturates) did
not learn on keraslike before this.

Run under real TensorFlow 2.21 / Keras 3 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_softmax_logits_losses.py

It writes `tests/golden/softmax_logits_losses.json`; `tests/keras/losses/test_softmax_logits_losses.py` reads it.
"""

import json
import os
import warnings

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "softmax_logits_losses.json")


def inputs():
    """Saturating inputs: a (6, 3) batch and a Dense kernel scaled so the softmax/sigmoid saturate."""
    rng = np.random.RandomState(0)
    x = rng.normal(size=(6, 3)).astype("float32")
    kernel = (rng.normal(size=(3, 4)) * 12).astype("float32")
    labels = np.array([0, 1, 2, 3, 0, 1])
    return x, kernel, labels


def dense_model(activation, units=4):
    x, kernel, _ = inputs()
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(units, activation=activation)])
    model.layers[0].set_weights([kernel[:, :units], np.zeros(units, "float32")])
    return model


def loss_and_grad(activation, loss, y, units=4):
    x = inputs()[0]
    model = dense_model(activation, units)
    with tf.GradientTape() as tape:
        value = loss(y, model(x))
    grad = tape.gradient(value, model.layers[0].kernel)
    return {"loss": float(value), "grad": np.asarray(grad).tolist()}


def fit_losses(activation, loss):
    """Three SGD steps of `fit` (batch 2, no shuffle): the epoch loss of each of 3 epochs and the final kernel."""
    x, _, labels = inputs()
    model = dense_model(activation)
    model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss=loss)
    history = model.fit(x, labels, batch_size=2, epochs=3, shuffle=False, verbose=0)
    return {"losses": [float(v) for v in history.history["loss"]], "kernel": model.layers[0].kernel.numpy().tolist()}


def main():
    x, kernel, labels = inputs()
    onehot = np.eye(4, dtype="float32")[labels]
    binary = (labels % 2).astype("float32")[:, None]
    logits = x @ kernel
    golden = {
        "x": x.tolist(), "kernel": kernel.tolist(), "labels": labels.tolist(),
        "cce_softmax": loss_and_grad("softmax", tf.keras.losses.CategoricalCrossentropy(), onehot),
        "scce_softmax": loss_and_grad("softmax", tf.keras.losses.SparseCategoricalCrossentropy(), labels),
        "bce_sigmoid": loss_and_grad("sigmoid", tf.keras.losses.BinaryCrossentropy(), binary, units=1),
        "scce_fn_softmax": loss_and_grad(
            "softmax", lambda y, p: tf.reduce_mean(tf.keras.losses.sparse_categorical_crossentropy(y, p)), labels),
        # a function of the probabilities (here `* 1.0`) is a new tensor: clipped probabilities, as before
        "scce_after_op": loss_and_grad(
            "softmax", lambda y, p: tf.keras.losses.SparseCategoricalCrossentropy()(y, p * 1.0), labels),
        "ops_cce_softmax": float(tf.reduce_mean(tf.keras.ops.categorical_crossentropy(
            onehot, tf.keras.ops.softmax(logits)))),
        "ops_bce_sigmoid": float(tf.reduce_mean(tf.keras.ops.binary_crossentropy(
            binary, tf.keras.ops.sigmoid(logits[:, :1])))),
        "softmax_layer_scce": float(tf.keras.losses.SparseCategoricalCrossentropy()(
            labels, tf.keras.layers.Softmax()(logits))),
        "fit_softmax_scce": fit_losses("softmax", "sparse_categorical_crossentropy"),
        "fit_tf_nn_softmax_scce": fit_losses(tf.nn.softmax, "sparse_categorical_crossentropy"),
    }
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        golden["from_logits_on_softmax"] = loss_and_grad(
            "softmax", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), labels)
    golden["from_logits_on_softmax"]["warned"] = any("from_logits=True" in str(w.message) for w in caught)
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(golden, f, indent=1)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
