"""Goldens for the softmax cross-entropies from logits, forward and gradient, on edge-case logits.

keraslike computes the sparse cross-entropy from logits as one autograd node (ops/softmax_cross_entropy.py:
TF's `SparseSoftmaxCrossEntropyWithLogits`, gradient `softmax - onehot`); these are TF's values and gradients
with respect to the logits for every public entry point, on logits of +-1e4, -inf (a label's own logit -inf
too), one class, a batch of one, 3-D (batch, time, classes) logits with sample weights (time == classes
too: `tf.compat.v1.losses` took the time axis for the classes), and `ignore_class`.
The per-example losses are weighted by fixed upstream weights so the gradient sees a non-uniform incoming
gradient.

Run under real TensorFlow 2.21 / Keras 3 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_softmax_cross_entropy_grads.py

It writes `tests/golden/softmax_cross_entropy_grads.json`; `tests/ops/test_softmax_cross_entropy.py` reads it.
"""

import json
import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "softmax_cross_entropy_grads.json")
INF = float("inf")


def logits_cases():
    """`name -> (logits, labels)`."""
    rng = np.random.RandomState(7)
    return {
        "random": (rng.normal(size=(4, 6)) * 3, [0, 5, 2, 2]),
        "large": ([[1e4, -1e4, 0.0, 5.0], [-1e4, -1e4, -1e4, -1e4], [1e4, 1e4, -1e4, 3.0]], [1, 2, 0]),
        "neg_inf": ([[-INF, 0.0, 1.0, 2.0], [0.0, -INF, -INF, 3.0], [1.0, -INF, 2.0, 0.5]], [2, 3, 1]),
        "one_class": ([[0.3], [-2.0], [1e4]], [0, 0, 0]),
        "batch_of_one": ([[0.1, -0.4, 2.0, 1.5, -3.0]], [3]),
        "three_d": (rng.normal(size=(2, 3, 5)) * 2, [[0, 4, 1], [3, 3, 2]]),
        "time_equals_classes": (rng.normal(size=(2, 3, 3)), [[0, 2, 1], [1, 1, 0]]),  # classes are the last axis
    }


def upstream(shape):
    """Fixed weights for the per-example losses: the incoming gradient of the weighted sum."""
    return (np.arange(int(np.prod(shape)), dtype="float32").reshape(shape) % 3 + 0.5)


def value_and_grad(fn, logits):
    x = tf.Variable(np.asarray(logits, "float32"))
    with tf.GradientTape() as tape:
        value = fn(x)
    grad = tape.gradient(value, x)
    return {"value": np.asarray(value).tolist(), "grad": np.asarray(grad).tolist()}


def minus_one_every_other(labels):
    """Labels with every other entry -1 (a padding id outside the classes), for `ignore_class=-1`."""
    padded = np.array(labels, "int64")
    padded.reshape(-1)[::2] = -1
    return padded


def labels_grad(logits, soft_labels):
    """TF2's `softmax_cross_entropy_with_logits` differentiates with respect to the labels too."""
    x = tf.constant(np.asarray(logits, "float32"))
    y = tf.Variable(np.asarray(soft_labels, "float32"))
    with tf.GradientTape() as tape:
        value = tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(y, x) * upstream(np.shape(logits)[:-1]))
    return {"soft_labels": np.asarray(soft_labels, "float32").tolist(), "value": float(value),
            "grad": np.asarray(tape.gradient(value, y)).tolist()}


def weighted(per_example, labels):
    return tf.reduce_sum(per_example * upstream(np.shape(labels)))


def golden_case(logits, labels):
    """Inputs, and every entry point's value and gradient, for one `(logits, labels)`."""
    labels = np.asarray(labels, "int64")
    onehot = np.eye(np.shape(logits)[-1], dtype="float32")[labels]
    sw = upstream(labels.shape)
    case = {"logits": np.asarray(logits, "float32").tolist(), "labels": labels.tolist()}
    case["tf.nn.sparse"] = value_and_grad(
        lambda x: weighted(tf.nn.sparse_softmax_cross_entropy_with_logits(labels, x), labels), logits)
    case["tf.nn.dense"] = value_and_grad(
        lambda x: weighted(tf.nn.softmax_cross_entropy_with_logits(onehot, x), labels), logits)
    case["ops.sparse"] = value_and_grad(
        lambda x: weighted(tf.keras.ops.sparse_categorical_crossentropy(labels, x, from_logits=True), labels),
        logits)
    case["ops.dense"] = value_and_grad(
        lambda x: weighted(tf.keras.ops.categorical_crossentropy(onehot, x, from_logits=True), labels), logits)
    case["losses.sparse"] = value_and_grad(
        lambda x: weighted(tf.keras.losses.sparse_categorical_crossentropy(labels, x, from_logits=True),
                           labels), logits)
    case["losses.dense"] = value_and_grad(
        lambda x: weighted(tf.keras.losses.categorical_crossentropy(onehot, x, from_logits=True), labels),
        logits)
    case["Sparse"] = value_and_grad(
        lambda x: tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(labels, x), logits)
    case["Sparse.sample_weight"] = value_and_grad(
        lambda x: tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(labels, x, sample_weight=sw),
        logits)
    case["Sparse.sum"] = value_and_grad(
        lambda x: tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="sum")(labels, x),
        logits)
    case["Categorical"] = value_and_grad(
        lambda x: tf.keras.losses.CategoricalCrossentropy(from_logits=True)(onehot, x, sample_weight=sw), logits)
    case["v1.losses.sparse"] = value_and_grad(
        lambda x: tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, x, weights=upstream(labels.shape)), logits)
    case["v1.losses.dense"] = value_and_grad(
        lambda x: tf.compat.v1.losses.softmax_cross_entropy(onehot, x, weights=upstream(labels.shape)), logits)
    case["tf.nn.dense.labels"] = labels_grad(logits, onehot * 0.7 + 0.1)
    padded = minus_one_every_other(labels)
    case["Sparse.ignore_minus_one"] = value_and_grad(
        lambda x: tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=-1)(padded, x), logits)
    if np.shape(logits)[-1] > 1:  # ignore_class: the first label's class is left out
        ignore = int(labels.reshape(-1)[0])
        case["ignore_class"] = ignore
        case["Sparse.ignore_class"] = value_and_grad(
            lambda x: tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=ignore)(
                labels, x, sample_weight=sw), logits)
    return case


def main():
    out = {"cases": {name: golden_case(*args) for name, args in logits_cases().items()}}
    with open(OUT, "w") as f:
        json.dump(out, f, indent=1)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
