"""Keeping convolutions off a torch 2.14.1 CPU heap-corruption path.

On x86 CPUs without AVX-512 (oneDNN's AVX2 kernels), the backward of a strided 1x1
`conv2d` on a channels_last input with one intra-op thread (what every CPU replica
and torchrun worker runs with) corrupts the heap for small channel counts
(`double free or corruption`, `corrupted size vs. prev_size`, SIGSEGV). Channels_last
is the layout keraslike's NHWC images have on torch (`movedim`), so a ResNet's 1x1
stride-2 shortcut hits it. A contiguous NCHW input does not, and neither does a 1x1
convolution with stride 1.

A 1x1 convolution with stride `s` reads every `s`-th position and nothing else, so it
equals a stride-1 1x1 convolution of the input sliced `[::s]` along each spatial axis,
for "valid" and "same" padding alike (a 1x1 kernel never pads). `pointwise_as_slice`
does that rewrite: the result and gradients are the same, the conv works on 1/s^2 of
the input, and the strided backward path is never entered.
`tests/ops/test_conv_workarounds.py` runs the plain-torch reproduction in a subprocess.
"""

import torch


def pointwise_as_slice(x, kernel_size, strides):
    """Rewrite a strided 1x1 convolution's input as the sliced input of a stride-1 one.

    Args:
        x: channels-first input `(N, C, *spatial)` (any memory format).
        kernel_size: tuple of the spatial kernel sizes.
        strides: tuple of the spatial strides.

    Returns:
        `(x, strides)`: unchanged unless every kernel size is 1 and some stride is > 1; then
        `x[:, :, ::s0, ::s1, ...]` made dense in its own memory format, and strides of 1.
    """
    if any(int(k) != 1 for k in kernel_size) or all(int(s) == 1 for s in strides):
        return x, strides
    index = (slice(None), slice(None), *(slice(None, None, int(s)) for s in strides))
    sliced = x[index]
    if x.dim() == 4 and x.is_contiguous(memory_format=torch.channels_last):
        sliced = sliced.contiguous(memory_format=torch.channels_last)
    elif x.dim() == 5 and x.is_contiguous(memory_format=torch.channels_last_3d):
        sliced = sliced.contiguous(memory_format=torch.channels_last_3d)
    else:
        sliced = sliced.contiguous()
    return sliced, (1,) * len(strides)
