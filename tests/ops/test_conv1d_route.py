"""ops/conv1d_route.py: CPU 1-D convolutions computed as 2-D ones over a unit height axis.

torch's own 1-D functions are the oracle: values and gradients (input, weight, bias) agree for channels_last
views and contiguous inputs, strides, dilations, groups, paddings, strided 1x1 kernels (run on the sliced input)
and transposed convolutions with output padding.
"""

import itertools

import pytest
import torch
import torch.nn.functional as F

from keraslike._src.ops import conv1d_route


def _grads(fn, x, w, b):
    x, w, b = (t.detach().clone().requires_grad_(True) for t in (x, w, b))
    y = fn(x, w, b)
    (y * torch.linspace(-1, 1, y.numel()).reshape(y.shape)).sum().backward()
    return y.detach(), x.grad, w.grad, b.grad


@pytest.mark.parametrize("k,stride,dilation,padding,groups", [
    c for c in itertools.product([1, 3, 7], [1, 2, 3], [1, 2], [0, 2], [1, 2]) if not (c[0] == 1 and c[1] > 1 and c[3])
])
def test_conv1d_matches_torch(k, stride, dilation, padding, groups):
    torch.manual_seed(0)
    x = torch.randn(3, 23, 4).movedim(-1, 1)  # (N, C, L) view of channels_last data, as Conv1D hands it
    w, b = torch.randn(6, 4 // groups, k), torch.randn(6)
    got = _grads(lambda x, w, b: conv1d_route.conv1d(x, w, b, stride, padding, dilation, groups), x, w, b)
    want = _grads(lambda x, w, b: F.conv1d(x, w, b, stride, padding, dilation, groups), x, w, b)
    for g, e in zip(got, want):
        torch.testing.assert_close(g, e, rtol=1e-5, atol=1e-5)
    contiguous = conv1d_route.conv1d(x.contiguous(), w, b, stride, padding, dilation, groups)
    torch.testing.assert_close(contiguous, want[0], rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("k,stride,dilation,padding,output_padding", [
    (1, 1, 1, 0, 0), (1, 2, 1, 0, 0), (3, 2, 1, 1, 1), (7, 2, 1, 0, 1), (5, 3, 2, 2, 0), (7, 1, 1, 3, 0)])
def test_conv_transpose1d_matches_torch(k, stride, dilation, padding, output_padding):
    torch.manual_seed(1)
    x = torch.randn(2, 17, 4).movedim(-1, 1)
    w, b = torch.randn(4, 5, k), torch.randn(5)
    got = _grads(lambda x, w, b: conv1d_route.conv_transpose1d(x, w, b, stride, padding, output_padding, 1,
                                                               dilation), x, w, b)
    want = _grads(lambda x, w, b: F.conv_transpose1d(x, w, b, stride, padding, output_padding, 1, dilation), x, w, b)
    for g, e in zip(got, want):
        torch.testing.assert_close(g, e, rtol=1e-5, atol=1e-5)


def test_string_padding_and_tuple_arguments():
    x, w = torch.randn(2, 3, 10), torch.randn(4, 3, 3)
    torch.testing.assert_close(conv1d_route.conv1d(x, w, None, 1, "same"), F.conv1d(x, w, None, 1, "same"))
    torch.testing.assert_close(conv1d_route.conv1d(x, w, None, (2,), (1,), (1,)), F.conv1d(x, w, None, 2, 1),
                               rtol=1e-5, atol=1e-5)
