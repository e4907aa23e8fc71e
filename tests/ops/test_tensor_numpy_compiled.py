"""`tensor.numpy()` under torch.compile: a `jit_compile=True` function that converts Python lists (torch.compile's
numpy interop calls `numpy(force=True)` back) runs instead of recursing forever, and grad-carrying tensors still
convert. Values by hand: TF gives the same sums eagerly and under XLA.

`import keraslike` itself leaves `torch._dynamo` unimported (the guard is set up on first compile):
tests/keras/optimizers/test_first_step_imports.py checks that in a fresh interpreter."""

import numpy as np
import torch

import keraslike as tf


def test_jit_compiled_function_converting_lists():
    @tf.function(jit_compile=True)
    def f(x):
        return x + tf.constant([1.0, 2.0]) + tf.convert_to_tensor([[3.0, 4.0]])

    np.testing.assert_array_equal(f(tf.ones((2, 2))).numpy(), [[5.0, 7.0], [5.0, 7.0]])


def test_torch_compile_calling_numpy_on_grad_carrying_tensor():
    w = torch.ones(3, requires_grad=True)

    def h(x):
        return (x * w).numpy().sum()

    assert float(torch.compile(h)(torch.full((3,), 2.0))) == 6.0


def test_eager_numpy_detaches_and_shares_memory_when_no_grad():
    t = torch.zeros(2)
    t.numpy()[0] = 5.0
    assert t[0] == 5.0
    assert (torch.ones(2, requires_grad=True) * 3).numpy().tolist() == [3.0, 3.0]
