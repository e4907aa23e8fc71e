"""A scalar tensor's `.numpy()` is a numpy scalar, as TF's (tf_docs/guide/core/mlp_core keys a dict by it).

The tutorial's per-digit breakdown does `label_accs[accuracy_score(pred, labels).numpy()] = label`: TF's
value is `np.float32(...)`, hashable; keraslike gave a 0-d array (`TypeError: unhashable type`). `np.asarray`
of a scalar tensor stays a 0-d array on both. Goldens: tests/golden/make_scalar_numpy_golden.py (TF 2.21).
"""

import json
import os

import numpy as np
import pytest
import torch

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden", "scalar_numpy.json")


def _metric_result():
    metric = tf.keras.metrics.Mean()
    metric.update_state([1.0, 2.0])
    return metric.result()


CASES = {  # the golden script's table
    "float32": lambda: tf.constant(1.5),
    "int32": lambda: tf.constant(3),
    "bool": lambda: tf.constant(True),
    "float16": lambda: tf.constant(0.5, tf.float16),
    "int64": lambda: tf.constant(7, tf.int64),
    "reduce_mean": lambda: tf.reduce_mean(tf.cast(tf.equal([1, 2, 3, 4], [1, 2, 0, 4]), tf.float32)),
    "vector": lambda: tf.constant([1.0, 2.0]),
    "variable_float": lambda: tf.Variable(2.0),
    "variable_int": lambda: tf.Variable(4),
    "variable_bool": lambda: tf.Variable(False),
    "variable_vector": lambda: tf.Variable([1.0, 2.0]),
    "metric_result": _metric_result,
}

with open(GOLDEN) as f:
    EXPECTED = json.load(f)


@pytest.mark.parametrize("name", sorted(CASES))
def test_numpy_of_scalar_matches_tf(name):
    value, expected = CASES[name](), EXPECTED[name]
    array = value.numpy()
    assert type(array).__name__ == expected["type"]
    assert repr(array) == expected["repr"]
    assert type(np.asarray(value)).__name__ == expected["asarray_type"]
    assert list(np.asarray(value).shape) == expected["asarray_shape"]
    if "variable_repr" in expected:
        assert repr(value).replace(value.name, "NAME") == expected["variable_repr"]


def test_per_digit_accuracy_dict_as_the_tutorial_builds_it():
    y_test = tf.constant([0, 1, 1, 2, 2, 2])
    test_classes = tf.constant([0, 1, 0, 2, 2, 1])

    def accuracy_score(y_pred, y):
        return tf.reduce_mean(tf.cast(tf.equal(y_pred, y), tf.float32))

    label_accs = {}
    for label in range(3):
        label_ind = y_test == label
        label_accs[accuracy_score(test_classes[label_ind], y_test[label_ind]).numpy()] = label
    assert sorted(label_accs.items()) == [(np.float32(0.5), 1), (np.float32(2 / 3), 2), (np.float32(1.0), 0)]


def test_scalar_numpy_is_a_copy_and_requires_no_detach():
    v = tf.Variable(1.0)
    with tf.GradientTape() as tape:
        loss = v * 3.0
    value = loss.numpy()
    v.assign(5.0)
    assert value == np.float32(3.0) and isinstance(value, np.float32)
    assert tape.gradient(loss, v).numpy() == np.float32(3.0)


def test_numpy_array_protocol_copy_argument():
    t = torch.ones(3)
    copied = np.array(t, copy=True)
    copied[0] = 5.0
    shared = np.asarray(t)
    shared[1] = 7.0
    assert t.tolist() == [1.0, 7.0, 1.0]
    assert np.array(tf.constant(2.0)).shape == () and np.array(tf.constant(2.0), dtype=np.float64).dtype == np.float64
