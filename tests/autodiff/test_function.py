"""tf.function: plain and parametrised decoration, methods, input_signature, jit_compile fallback.

Run: pytest tests/autodiff -q
"""

import warnings

import pytest
import torch

import keraslike as tf
from keraslike._src.autodiff.function import do_not_convert, function
from keraslike._src.autodiff.gradient_tape import GradientTape


class _Spec:
    def __init__(self, shape, dtype):
        self.shape, self.dtype = shape, dtype


def test_plain_decorator():
    @function
    def f(x):
        return x * x

    assert float(f(tf.constant(3.0))) == 9.0
    assert f.python_function(2.0) == 4.0
    assert f.__name__ == "f"


def test_decorator_with_arguments_and_signature():
    @function(input_signature=[_Spec([None, 2], torch.float32)], reduce_retracing=True)
    def g(x):
        return tf.reduce_sum(x, axis=1)

    out = g([[1.0, 2.0], [3.0, 4.0]])  # python input converted to the spec's dtype
    assert out.dtype == torch.float32 and out.tolist() == [3.0, 7.0]
    with pytest.raises(TypeError, match="Binding inputs to tf.function failed due to `Can not cast"):
        g(tf.constant([1.0, 2.0]))
    with pytest.raises(TypeError):
        g(tf.constant([[1, 2]]))


def test_method_and_gradient_inside():
    class Model:
        def __init__(self):
            self.w = tf.Variable(2.0)

        @function
        def step(self, x):
            with GradientTape() as tape:
                loss = self.w * x * x
            return tape.gradient(loss, self.w)

    m1, m2 = Model(), Model()
    assert float(m1.step(tf.constant(3.0))) == 9.0
    assert m1.step is m1.step  # bound per instance, cached
    assert m1.step is not m2.step


def test_jit_compile_runs_or_falls_back():
    @function(jit_compile=True)
    def h(x):
        return torch.sin(x) * 2.0

    x = torch.linspace(0, 1, 8)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.testing.assert_close(h(x), torch.sin(x) * 2.0)


def test_jit_compile_does_not_swallow_user_errors():
    @function(jit_compile=True)
    def bad(x):
        raise KeyError("mine")

    with pytest.raises(KeyError):
        bad(torch.ones(2))


def test_do_not_convert_passthrough():
    def f():
        return 1

    assert do_not_convert(f) is f
    assert do_not_convert()(f) is f
