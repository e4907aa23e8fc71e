"""The torch 2.14.1 CPU heap corruption of strided 1x1 conv backward on channels_last inputs.

The plain-torch reproduction (`PLAIN_TORCH`, 12 lines) aborts the interpreter with
`double free or corruption` / `corrupted size vs. prev_size` on x86 CPUs without AVX-512,
which `ONEDNN_MAX_CPU_ISA=AVX2` simulates on newer ones. keraslike's layers and `tf.nn.conv2d`
run the same work through `ops/conv_workarounds.py` and must survive it; the rewrite must give
the same outputs and gradients as torch's own strided conv on a contiguous NCHW tensor.
"""

import sys

import numpy as np
import pytest
import torch

import keraslike as tf
from tests.conftest import run_script

PLAIN_TORCH = """
import torch
torch.set_num_threads(1)                     # what each CPU replica and torchrun worker use
for _ in range(300):
    for channels in (1, 4):
        x = torch.randn(4, 16, 16, channels)     # NHWC, as Keras images are
        x = x.movedim(-1, 1).requires_grad_()    # NCHW view in channels_last memory format
        w = torch.randn(8, channels, 1, 1, requires_grad=True)
        y = torch.nn.functional.conv2d(x, w, None, 2)  # 1x1, stride 2 (a ResNet shortcut)
        y.sum().backward()                       # heap corruption here on AVX2 oneDNN kernels
print("survived")
"""

KERASLIKE = """
import torch
torch.set_num_threads(1)
import keraslike as tf
layers = {c: (tf.keras.layers.Conv2D(8, 1, strides=2), tf.keras.layers.DepthwiseConv2D(1, strides=2)) for c in (1, 4)}
for _ in range(300):
    for channels, (conv, depthwise) in layers.items():
        x = torch.randn(4, 16, 16, channels, requires_grad=True)
        (conv(x).sum() + depthwise(x).sum()).backward()
        w = torch.randn(1, 1, channels, 8, requires_grad=True)
        tf.nn.conv2d(x, w, 2, "VALID").sum().backward()
print("survived")
"""

AVX2 = {"ONEDNN_MAX_CPU_ISA": "AVX2", "OMP_NUM_THREADS": "1"}


@pytest.mark.slow
def test_keraslike_convs_survive_the_torch_heap_corruption_path():
    plain = run_script([sys.executable, "-c", PLAIN_TORCH], timeout=600, **AVX2)
    ours = run_script([sys.executable, "-c", KERASLIKE], timeout=600, **AVX2)
    assert ours.returncode == 0 and "survived" in ours.stdout, (
        f"keraslike conv crashed (rc={ours.returncode}); plain torch rc={plain.returncode}: {ours.stderr[-2000:]}")
    if plain.returncode == 0:  # this torch / CPU is not affected: the check above proves less here
        pytest.skip("plain torch survived the reproduction on this machine (torch fixed or CPU unaffected)")


def _torch_reference(x_nhwc, kernel, strides):
    x = x_nhwc.detach().permute(0, 3, 1, 2).contiguous().requires_grad_()
    w = kernel.detach().permute(3, 2, 0, 1).contiguous().requires_grad_()
    y = torch.nn.functional.conv2d(x, w, None, strides)
    return y.permute(0, 2, 3, 1), x, w


@pytest.mark.parametrize("size,strides,padding", [((9, 7), (2, 2), "valid"), ((9, 7), (2, 3), "same"),
                                                   ((8, 8), (3, 1), "valid"), ((5, 4), (1, 1), "same")])
def test_strided_pointwise_conv_matches_torch_strided_conv(size, strides, padding):
    rng = np.random.default_rng(1)
    x = torch.tensor(rng.standard_normal((3, *size, 5)), dtype=torch.float32, requires_grad=True)
    layer = tf.keras.layers.Conv2D(6, 1, strides=strides, padding=padding, use_bias=False)
    y = layer(x)
    ref, xr, wr = _torch_reference(x, layer.kernel, strides)
    assert tuple(y.shape) == tuple(ref.shape) == tuple(layer.compute_output_shape((3, *size, 5)))
    np.testing.assert_allclose(y.detach().numpy(), ref.detach().numpy(), rtol=1e-5, atol=1e-5)
    upstream = torch.tensor(rng.standard_normal(tuple(y.shape)), dtype=torch.float32)
    gx, gk = torch.autograd.grad(y, (x, layer.kernel), upstream)
    (ref * upstream).sum().backward()
    np.testing.assert_allclose(gx.numpy(), xr.grad.permute(0, 2, 3, 1).numpy(), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(gk.numpy(), wr.grad.permute(2, 3, 1, 0).numpy(), rtol=1e-5, atol=1e-5)
    y_nn = tf.nn.conv2d(x, layer.kernel, strides, padding.upper())
    np.testing.assert_allclose(y_nn.detach().numpy(), ref.detach().numpy(), rtol=1e-5, atol=1e-5)


def test_strided_pointwise_conv1d_conv3d_and_depthwise_match_torch():
    x1 = torch.randn(2, 9, 3)
    c1 = tf.keras.layers.Conv1D(4, 1, strides=2)
    y1 = c1(x1)
    ref1 = torch.nn.functional.conv1d(x1.permute(0, 2, 1).contiguous(), c1.kernel.detach().permute(2, 1, 0),
                                      c1.bias.detach(), 2).permute(0, 2, 1)
    np.testing.assert_allclose(y1.detach().numpy(), ref1.numpy(), rtol=1e-5, atol=1e-6)
    x3 = torch.randn(2, 5, 6, 7, 3)
    c3 = tf.keras.layers.Conv3D(4, 1, strides=(2, 3, 2))
    y3 = c3(x3)
    ref3 = torch.nn.functional.conv3d(x3.permute(0, 4, 1, 2, 3).contiguous(),
                                      c3.kernel.detach().permute(4, 3, 0, 1, 2), c3.bias.detach(),
                                      (2, 3, 2)).permute(0, 2, 3, 4, 1)
    np.testing.assert_allclose(y3.detach().numpy(), ref3.numpy(), rtol=1e-5, atol=1e-6)
    x2 = torch.randn(2, 7, 6, 3)
    dw = tf.keras.layers.DepthwiseConv2D(1, strides=2, depth_multiplier=2, use_bias=False)
    y2 = dw(x2)
    kernel = dw.kernel.detach().reshape(1, 1, 1, 6).permute(3, 2, 0, 1)
    ref2 = torch.nn.functional.conv2d(x2.permute(0, 3, 1, 2).contiguous(), kernel, None, 2, groups=3)
    np.testing.assert_allclose(y2.detach().numpy(), ref2.permute(0, 2, 3, 1).numpy(), rtol=1e-5, atol=1e-6)
