"""tf.nn's N-D, transposed, depthwise and separable convolutions and pools against real TF 2.21
(tests/golden/make_nn_conv_golden.py), with gradients checked against torch autograd."""

import json
import os

import numpy as np
import pytest
import torch

import keraslike as tf

GOLDEN = dict(np.load(os.path.join(os.path.dirname(__file__), "..", "golden", "nn_conv.npz"), allow_pickle=False))
NAMES = sorted({k.split("/")[0] for k in GOLDEN})


@pytest.mark.parametrize("name", NAMES)
def test_matches_tensorflow(name):
    spec = json.loads(str(GOLDEN[f"{name}/spec"]))
    inputs = [GOLDEN[f"{name}/a{i}"] for i in range(spec["n"])]
    out = getattr(tf.nn, spec["fn"])(*inputs, **spec["kwargs"])
    expected = GOLDEN[f"{name}/y"]
    assert tuple(out.shape) == expected.shape
    np.testing.assert_allclose(out.numpy(), expected, rtol=1e-4, atol=1e-4)


def test_transposed_conv_is_the_gradient_of_conv():
    x = torch.randn(1, 7, 8, 2, requires_grad=True)
    w = torch.randn(4, 4, 2, 3)
    y = tf.nn.conv2d(x, w, strides=2, padding="SAME")
    g = torch.randn_like(y)
    (grad,) = torch.autograd.grad((y * g).sum(), x)
    transposed = tf.nn.conv2d_transpose(g, w, output_shape=[1, 7, 8, 2], strides=2, padding="SAME")
    torch.testing.assert_close(transposed, grad, rtol=1e-4, atol=1e-4)


def test_gradients_flow_through_depthwise_and_pools():
    x = torch.randn(1, 6, 6, 2, dtype=torch.float64, requires_grad=True)
    w = torch.randn(3, 3, 2, 2, dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradcheck(lambda a, b: tf.nn.depthwise_conv2d(a, b, [1, 1, 1, 1], "SAME"), (x, w))
    assert torch.autograd.gradcheck(lambda a: tf.nn.avg_pool3d(a.unsqueeze(1), 2, 2, "SAME"), (x,))


def test_errors_name_the_argument():
    with pytest.raises(ValueError, match="data_format"):
        tf.nn.conv1d(np.zeros((1, 5, 2), "float32"), np.zeros((2, 2, 1), "float32"), 1, "VALID", data_format="NHWC3")
    with pytest.raises(ValueError, match="pooling_type"):
        tf.nn.pool(np.zeros((1, 4, 4, 1), "float32"), [2, 2], "MIN")
    with pytest.raises(ValueError, match="output_shape"):
        tf.nn.conv2d_transpose(np.zeros((1, 2, 2, 3), "float32"), np.zeros((2, 2, 4, 3), "float32"), [1, 4, 4, 5], 2)
