"""1-D convolutions on CPU as 2-D ones over a unit height axis.

torch 2.14's CPU `conv1d` / `conv_transpose1d` do not reach oneDNN's fast kernels for a `(N, C, L)` input. Viewed
as `(N, C, 1, L)` in channels_last memory, the same data goes through `conv2d` / `conv_transpose2d` and oneDNN's
channels_last kernels; the `(N, C, L)` view of a channels_last `(N, L, C)` tensor (what Keras's Conv1D gets) is
that 4-D layout with no copy (any other input is copied to it once: the plain NCHW layout is no faster).
Measured on one thread, batch 128, forward + backward: Conv1D(16, 7, strides=2) on (150, 32) 14.3 -> 2.7 ms,
Conv1D(64, 3) on (200, 64) 36 -> 18 ms, Conv1DTranspose(16, 7, strides=2) on (72, 16) 6.3 -> 1.7 ms
(`benchmarks/conv1d.py`). The result is the same convolution (float rounding of another summation order, as TF's
oneDNN kernels have their own).

A strided 1x1 convolution is run as a stride-1 one on the sliced input first (`conv_workarounds.py`: torch's CPU
backward of a strided 1x1 `conv2d` on channels_last input corrupts the heap on AVX2 machines); a strided 1x1
transposed one keeps torch's 1-D function. Elsewhere (CUDA, string paddings) the calls are torch's 1-D functions.
"""

import torch
import torch.nn.functional as F

from keraslike._src.ops.conv_workarounds import pointwise_as_slice


def _single(value):
    return int(value[0]) if isinstance(value, (tuple, list)) else int(value)


def _routable(x, padding):
    return x.device.type == "cpu" and x.dim() == 3 and not isinstance(padding, str)


def _as_2d(x):
    """`(N, C, L)` -> `(N, C, 1, L)` in channels_last memory: a view of a channels_last `(N, L, C)` tensor's data,
    else one copy (an NCHW `(N, C, 1, L)` input takes oneDNN's slower plain-layout kernels)."""
    return x.unsqueeze(2).contiguous(memory_format=torch.channels_last)


def conv1d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """`torch.nn.functional.conv1d`'s contract; on CPU computed by `conv2d` over `(N, C, 1, L)`."""
    if not _routable(x, padding):
        return F.conv1d(x, weight, bias, stride, padding, dilation, groups)
    x4, strides = _as_2d(x), (1, _single(stride))
    if _single(padding) == 0:
        x4, strides = pointwise_as_slice(x4, (1, int(weight.shape[-1])), strides)
    y = F.conv2d(x4, weight.unsqueeze(2), bias, strides, (0, _single(padding)), (1, _single(dilation)), groups)
    return y.squeeze(2)


def conv_transpose1d(x, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """`torch.nn.functional.conv_transpose1d`'s contract; on CPU computed by `conv_transpose2d` over `(N, C, 1, L)`.

    A strided 1x1 transposed convolution keeps torch's 1-D function (the sliced rewrite is for forward ones)."""
    if not _routable(x, padding) or (weight.shape[-1] == 1 and _single(stride) > 1):
        return F.conv_transpose1d(x, weight, bias, stride, padding, output_padding, groups, dilation)
    y = F.conv_transpose2d(_as_2d(x), weight.unsqueeze(2), bias, (1, _single(stride)), (0, _single(padding)),
                           (0, _single(output_padding)), groups, (1, _single(dilation)))
    return y.squeeze(2)
