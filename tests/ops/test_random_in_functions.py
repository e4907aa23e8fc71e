"""Random ops without an op seed inside a tf.function or a Dataset.map leave TF's eager seed sequence alone.

TF seeds such an op from the function's graph, so the eager draws after it are those of a program in which it
never ran. Goldens: tests/golden/make_random_in_functions_golden.py (TF 2.21).
"""

import json
import os

import numpy as np

import keraslike as tf

with open(os.path.join(os.path.dirname(__file__), "..", "golden", "random_in_functions.json")) as f:
    GOLDEN = json.load(f)


def test_eager_draws_after_a_function_with_random_ops_are_tfs():
    tf.random.set_seed(1)

    @tf.function
    def draw():
        return tf.random.normal([2])

    first, second = draw(), draw()
    assert not np.array_equal(first.numpy(), second.numpy())  # the function's op advances between calls
    np.testing.assert_allclose(tf.random.uniform([2]).numpy(), GOLDEN["after_function"], rtol=1e-6)


def test_eager_draws_after_a_random_map_are_tfs():
    tf.random.set_seed(2)
    values = [float(v) for v in tf.data.Dataset.range(4).map(lambda i: tf.random.uniform([]))]
    assert len(set(values)) == 4
    np.testing.assert_allclose(tf.random.uniform([2]).numpy(), GOLDEN["after_map"], rtol=1e-6)


def test_a_function_of_the_same_code_draws_the_same_numbers_after_the_same_seed():
    def run():
        tf.random.set_seed(5)
        return [float(v) for v in tf.data.Dataset.range(3).map(lambda i: tf.random.uniform([]))]

    assert run() == run()
