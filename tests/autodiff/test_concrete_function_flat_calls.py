"""A concrete function traced with Python arguments is called with its tensors only (the tf.function guide's
`evaluate_no_bias = tf.function(evaluate).get_concrete_function(new_model, x)` then `evaluate_no_bias(x)`).
TF 2.21 accepts the flat call (positional tensors fill the tensor parameters) and the full call; both give 20
here; a Python value other than the traced one still raises the binding TypeError."""

import pytest

import keraslike as tf


class SimpleModel(tf.Module):
    def __init__(self):
        self.bias = 0.
        self.weight = 2.


def evaluate(model, x):
    return model.weight * x + model.bias


def test_guide_evaluate_no_bias():
    new_model = SimpleModel()
    x = tf.constant(10.)
    evaluate_no_bias = tf.function(evaluate).get_concrete_function(new_model, x)
    assert float(evaluate_no_bias(x)) == 20.0
    assert float(evaluate_no_bias(x=x)) == 20.0
    assert float(evaluate_no_bias(new_model, x)) == 20.0
    new_model.bias += 5.0
    evaluate_with_bias = tf.function(evaluate).get_concrete_function(new_model, x)
    assert float(evaluate_with_bias(x)) == 25.0


def test_python_argument_in_the_middle():
    @tf.function
    def f(a, n, b):
        return a * n + b

    c = f.get_concrete_function(tf.TensorSpec([]), 3, tf.TensorSpec([]))
    assert float(c(tf.constant(1.), tf.constant(2.))) == 5.0
    assert float(c(tf.constant(1.), 3, tf.constant(2.))) == 5.0
    with pytest.raises(TypeError, match="Binding inputs to tf.function failed"):
        c(tf.constant(1.), 4, tf.constant(2.))
    with pytest.raises(TypeError, match="Binding inputs to tf.function failed"):
        c(tf.constant(1.), tf.constant(2.), tf.constant(3.), tf.constant(4.))


def test_inference_fn_of_the_guide():
    @tf.function
    def double_strings(a):
        return a + a

    concrete = double_strings.get_concrete_function(tf.TensorSpec(shape=None, dtype=tf.string))
    atomic_fn = concrete.inference_fn
    assert atomic_fn(tf.constant("a")).numpy() == b"aa"  # TF: tf.Tensor(b'aa', shape=(), dtype=string)
    assert atomic_fn.name.startswith(b"__inference_double_strings_")
