"""`tf.signal.mdct`, `tf.signal.inverse_mdct` and `tf.signal.vorbis_window`.

Mirrors `tensorflow/python/ops/signal/spectral_ops.py`: frames of `frame_length` (a multiple of 4) with hop
`frame_length // 2`, windowed (Vorbis's power-complementary window by default, else scaled by 1/sqrt(2)), folded
into `frame_length // 2` samples (`-rev(c) - d`, `a - rev(b)` of the frame's quarters `a b c d`) and sent through
a type-4 DCT; the inverse unfolds a (scaled) type-4 DCT, windows, and overlap-adds with hop `frame_length // 2`,
so `inverse_mdct(mdct(x))` gives `x` back away from the edges.

Example:
    >>> y = tf.signal.inverse_mdct(tf.signal.mdct(x, 400, pad_end=True))
"""

import math

import torch

from keraslike._src.ops import dtypes
from keraslike._src.ops.conversion import to_tensor
from keraslike._src.ops.spectral_ops import dct, frame, overlap_and_add


def vorbis_window(window_length, dtype=torch.float32, name=None):
    """`tf.signal.vorbis_window(window_length, dtype=tf.float32)`: `sin(pi/2 * sin(pi * (n + 0.5) / N)**2)`."""
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating_point:
        raise ValueError(f"dtype must be a floating point type. Received: dtype={dtype}")
    n = int(window_length.item() if isinstance(window_length, torch.Tensor) else window_length)
    arg = torch.arange(n, dtype=dtype)
    return torch.sin(math.pi / 2.0 * torch.pow(torch.sin(math.pi / torch.tensor(n, dtype=dtype) * (arg + 0.5)), 2.0))


def _check_norm(norm):
    if norm not in (None, "ortho"):
        raise ValueError(f"Unknown normalization: {norm!r}. Expected None or 'ortho'. Received: norm={norm!r}")


def mdct(signals, frame_length, window_fn=vorbis_window, pad_end=False, norm=None, name=None):
    """`tf.signal.mdct(signals, frame_length, window_fn=vorbis_window, pad_end=False, norm=None)`.

    Returns:
        `[..., frames, frame_length // 2]` MDCT coefficients.

    Raises:
        ValueError: `frame_length` not a multiple of 4, or `norm` not None/"ortho".
    """
    _check_norm(norm)
    x = to_tensor(signals, None, "signals")
    if x.dim() < 1:
        raise ValueError("signals must have rank at least 1. Received: a scalar")
    length = int(frame_length.item() if isinstance(frame_length, torch.Tensor) else frame_length)
    if length % 4 != 0:
        raise ValueError(f"The frame length must be a multiple of 4. Received: frame_length={length}")
    frames = frame(x, length, length // 2, pad_end=pad_end)
    if window_fn is not None:
        frames = frames * window_fn(length, dtype=frames.dtype).to(frames.device)
    else:
        frames = frames * (1.0 / math.sqrt(2))
    a, b, c, d = torch.split(frames, length // 4, dim=-1)
    rearranged = torch.cat((-torch.flip(c, [-1]) - d, a - torch.flip(b, [-1])), dim=-1)
    return dct(rearranged, type=4, norm=norm)


def inverse_mdct(mdcts, window_fn=vorbis_window, norm=None, name=None):
    """`tf.signal.inverse_mdct(mdcts, window_fn=vorbis_window, norm=None)`: `[..., frames, N]` coefficients back to
    a `[..., samples]` signal (hop `N`)."""
    _check_norm(norm)
    m = to_tensor(mdcts, None, "mdcts")
    if m.dim() < 2:
        raise ValueError(f"mdcts must have rank at least 2. Received: mdcts.shape={list(m.shape)}")
    half = m.shape[-1]
    if norm is None:
        result = (0.5 / torch.tensor(half, dtype=m.dtype)) * dct(m, type=4)
    else:
        result = dct(m, type=4, norm="ortho")
    first, second = torch.split(result, half // 2, dim=-1)
    frames = torch.cat((second, -torch.flip(second, [-1]), -torch.flip(first, [-1]), -first), dim=-1)
    if window_fn is not None:
        frames = frames * window_fn(2 * half, dtype=m.dtype).to(frames.device)
    else:
        frames = frames * (1.0 / math.sqrt(2))
    return overlap_and_add(frames, half)
