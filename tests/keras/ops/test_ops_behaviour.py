"""`keras.ops` beyond the value goldens: promotion table, autograd, devices, numpy supersets, errors."""

import json
import os

import numpy as np
import pytest
import torch

from keraslike._src.keras.backend import current_device as backend_device
from keraslike.keras import ops
from keraslike._src.keras.ops import dtypes

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "..", "golden")


def test_result_type_matches_keras_for_every_pair():
    table = json.loads(str(np.load(os.path.join(GOLDEN, "ops.npz"))["result_type/table"]))
    wrong = []
    for key, want in table.items():
        a, b = (int if k == "int" else float if k == "float" else k for k in key.split(","))
        try:
            got = dtypes.result_type(a, b)
        except ValueError:
            got = "error"
        if got != want:
            wrong.append(f"{key}: {got} (Keras {want})")
    assert len(table) == 17 * 17
    assert not wrong, "\n".join(wrong)


def test_python_scalars_are_weak_and_arrays_strong():
    i8 = np.array([1, 2], "int8")
    assert ops.add(i8, 1).dtype == torch.int8
    assert ops.add(i8, np.int32(1)).dtype == torch.int32
    assert ops.multiply(np.array([1.0], "float16"), 2.5).dtype == torch.float16
    assert ops.add(np.int32([1]), 1.5).dtype == torch.float32
    assert ops.convert_to_tensor([1, 2]).dtype == torch.int32
    assert ops.convert_to_tensor(np.float64(2.0)).dtype == torch.float64


def test_ops_are_differentiable_against_torch_autograd():
    x = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
    w = torch.randn(4, 2, dtype=torch.float64, requires_grad=True)
    y = ops.sum(ops.softmax(ops.matmul(x, w), axis=-1) * ops.arange(2, dtype="float64"))
    gx, gw = torch.autograd.grad(y, (x, w))
    x2, w2 = x.detach().clone().requires_grad_(), w.detach().clone().requires_grad_()
    ref = (torch.softmax(x2 @ w2, dim=-1) * torch.arange(2, dtype=torch.float64)).sum()
    rx, rw = torch.autograd.grad(ref, (x2, w2))
    np.testing.assert_allclose(gx.numpy(), rx.numpy(), rtol=1e-10)
    np.testing.assert_allclose(gw.numpy(), rw.numpy(), rtol=1e-10)
    for fn in (lambda t: ops.image.resize(t.reshape(1, 3, 4, 1), (5, 6), interpolation="bicubic"),
               lambda t: ops.conv(t.reshape(1, 3, 4, 1), ops.ones((2, 2, 1, 3), dtype="float64"), padding="same"),
               lambda t: ops.segment_sum(t, [0, 1, 1]),
               lambda t: ops.image.affine_transform(t.reshape(1, 3, 4, 1), [1.0, 0.1, 0.2, 0.0, 1.0, 0.3, 0, 0]),
               lambda t: ops.take_along_axis(t, ops.argsort(t, axis=1), axis=1),
               lambda t: ops.nn.dot_product_attention(t.reshape(1, 3, 1, 4), t.reshape(1, 3, 1, 4),
                                                      t.reshape(1, 3, 1, 4), is_causal=True)):
        assert torch.autograd.gradcheck(fn, (x.detach().clone().requires_grad_(),))


def test_variables_flow_through_ops_and_receive_gradients():
    import keraslike as tf

    v = tf.Variable(np.ones((2, 2), "float32"))
    loss = ops.sum(ops.square(ops.multiply(v, 3.0)))
    loss.backward()
    np.testing.assert_allclose(v.grad.numpy(), np.full((2, 2), 18.0))


def test_results_stay_on_the_inputs_device():
    x = torch.ones(2, 3, device="meta")
    for out in (ops.add(x, 1), ops.mean(x, axis=0), ops.matmul(x, ops.transpose(x)), ops.where(x > 0, x, 2.0),
                ops.nn.relu(x), ops.concatenate([x, x]), ops.exp(x)):
        assert out.device.type == "meta"


def test_new_tensors_go_to_the_keras_current_device():
    import keraslike as tf

    with tf.device("/cpu:0"):
        assert ops.zeros((2,)).device.type == "cpu"
        assert ops.convert_to_tensor([1.0]).device.type == "cpu"
    assert ops.arange(3).device == torch.device(backend_device())


@pytest.mark.parametrize("mode", ["edge", "wrap", "maximum", "minimum", "mean", "reflect", "symmetric"])
def test_pad_modes_match_numpy(mode):
    x = np.arange(12, dtype="float32").reshape(3, 4) ** 1.5
    widths = ((2, 1), (3, 2))
    np.testing.assert_allclose(ops.pad(x, widths, mode=mode).numpy(), np.pad(x, widths, mode=mode), rtol=1e-6)


def test_sparsemax_projects_onto_the_simplex():
    x = np.array([[0.5, 0.4, -1.0], [3.0, 0.1, 0.0], [0.2, 0.2, 0.2]], "float32")
    y = ops.nn.sparsemax(x).numpy()
    np.testing.assert_allclose(y.sum(axis=-1), 1.0, rtol=1e-6)
    np.testing.assert_allclose(y[0], [0.55, 0.45, 0.0], rtol=1e-5)
    np.testing.assert_allclose(y[1], [1.0, 0.0, 0.0])


def test_prod_dtype_is_honoured():
    out = ops.prod(np.array([2, 3], "int32"), dtype="float32")
    assert out.dtype == torch.float32 and float(out) == 6.0


def test_custom_gradient_replaces_the_backward():
    @ops.custom_gradient
    def clip_grad(x):
        def grad(upstream):
            return ops.clip(upstream, -0.5, 0.5)

        return x * 1.0, grad

    x = torch.tensor([1.0, 2.0], requires_grad=True)
    (clip_grad(x) * torch.tensor([3.0, -0.1])).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [0.5, -0.1], rtol=1e-6)


def test_control_flow():
    assert ops.while_loop(lambda i, s: i < 5, lambda i, s: (i + 1, s + i), (0, 0)) == (5, 10)
    assert ops.fori_loop(0, 4, lambda i, v: v * 2, 1) == 16
    carry, ys = ops.scan(lambda c, x: (c + x, c * x), 0.0, np.array([1.0, 2.0, 3.0], "float32"))
    assert float(carry) == 6.0 and ys.tolist() == [0.0, 2.0, 9.0]
    np.testing.assert_allclose(ops.associative_scan(lambda a, b: a + b, np.arange(5.0)).numpy(), [0, 1, 3, 6, 10])
    assert ops.switch(1, [lambda x: x + 1, lambda x: x * 10], 3) == 30
    assert ops.cond(torch.tensor(False), lambda: 1, lambda: 2) == 2
    np.testing.assert_allclose(ops.map(lambda t: t.sum(), np.ones((3, 2))).numpy(), [2, 2, 2])
    np.testing.assert_allclose(ops.vectorized_map(lambda t: t * 2, np.ones((3, 2))).numpy(), np.full((3, 2), 2.0))


def test_errors_name_the_argument():
    with pytest.raises(ValueError, match="indexing"):
        ops.meshgrid(np.ones(2), indexing="zz")
    with pytest.raises(ValueError, match="Received: mode=bad"):
        ops.pad(np.ones(2), 1, mode="bad")
    with pytest.raises(ValueError, match="sparse=True"):
        ops.convert_to_tensor(np.ones(2), sparse=True)
    with pytest.raises(ValueError, match="floating point"):
        from keraslike.keras import random

        random.uniform((2,), dtype="int32")
    with pytest.raises(ValueError, match="interpolation"):
        ops.image.resize(np.ones((4, 4, 1), "float32"), (2, 2), interpolation="cubicish")
    with pytest.raises(NotImplementedError, match="greedy"):
        ops.nn.ctc_decode(np.ones((1, 3, 2), "float32"), [3], strategy="beam_search")
