"""Tensors and datasets made from a numpy array keep their values when the caller changes the array
afterwards, as in TF 2.21 (tests/golden/numpy_inputs.json, tests/golden/make_numpy_input_golden.py).
"""

import json
from pathlib import Path

import numpy as np
import pytest

import keraslike as tf

keras = tf.keras
GOLDEN = json.loads((Path(__file__).parents[1] / "golden" / "numpy_inputs.json").read_text())
CASES = {
    "tf.constant": lambda x: tf.constant(x),
    "tf.convert_to_tensor": lambda x: tf.convert_to_tensor(x),
    "tf.reshape": lambda x: tf.reshape(x, [-1]),
    "tf.identity": lambda x: tf.identity(x),
    "keras.ops.convert_to_tensor": lambda x: keras.ops.convert_to_tensor(x),
    "keras.ops.reshape": lambda x: keras.ops.reshape(x, (-1,)),
    "Dataset.from_tensor_slices": lambda x: tf.data.Dataset.from_tensor_slices(x),
    "Dataset.from_tensors": lambda x: tf.data.Dataset.from_tensors(x),
}


def _values(result):
    if isinstance(result, tf.data.Dataset):
        return [np.asarray(e).tolist() for e in result.as_numpy_iterator()]
    return np.asarray(result.numpy()).tolist()


@pytest.mark.parametrize("name", sorted(CASES))
def test_changing_the_input_array_later_changes_nothing(name):
    x = np.arange(6, dtype="float32").reshape(3, 2)
    result = CASES[name](x)
    x[...] = -1.0
    assert _values(result) == GOLDEN[name]


def test_a_generator_reusing_its_buffer_gives_distinct_elements():
    buffer = np.zeros(2, "float32")

    def generate():
        for i in range(3):
            buffer[:] = i
            yield buffer

    ds = tf.data.Dataset.from_generator(generate, output_signature=tf.TensorSpec((2,), tf.float32))
    assert [e.numpy().tolist() for e in list(ds)] == GOLDEN["Dataset.from_generator (reused buffer), list(ds)"]


def test_numpy_views_with_negative_or_transposed_strides_convert():
    # `arr[::-1]` (negative strides) and `.T` are everyday numpy views; TF takes them as their values.
    reversed_ = np.arange(5)[::-1]
    np.testing.assert_array_equal(tf.constant(reversed_).numpy(), [4, 3, 2, 1, 0])
    transposed = np.arange(6.0).reshape(2, 3).T
    np.testing.assert_array_equal(tf.convert_to_tensor(transposed).numpy(), transposed)


def test_a_dataset_made_from_a_variable_keeps_its_value_then():
    variable = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    datasets = [tf.data.Dataset.from_tensor_slices(variable), tf.data.Dataset.from_tensors(variable)]
    variable.assign_add(tf.ones((2, 2)) * 10.0)
    assert [_values(d) for d in datasets] == GOLDEN["Dataset from a variable, later assigned"]
