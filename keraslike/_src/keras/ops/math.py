"""`keras.ops` math: segment reductions, top-k, logsumexp, FFTs and short-time Fourier transforms.

Mirrors `keras/src/ops/math.py`. FFT functions take and return `(real, imag)` pairs, as Keras
does; `stft`/`istft` follow Keras's framing (`center=True` pads by `fft_length // 2` with
reflection) and window names ("hann", "hamming") or a window tensor.
"""

import torch

from keraslike._src.keras.ops import dtypes
from keraslike._src.keras.ops.tensors import convert, floatx, promote, to_float
from keraslike._src.ops import math_special, spectral_ops


def _segments(data, segment_ids, num_segments, name):
    data = convert(data)
    ids = convert(segment_ids, device=data.device).to(torch.int64)
    if ids.dim() != 1 or ids.shape[0] != data.shape[0]:
        raise ValueError(f"`segment_ids` must be 1-D with one id per row of `data`. Received: "
                         f"segment_ids.shape={tuple(ids.shape)}, data.shape={tuple(data.shape)}")
    if num_segments is None:
        num_segments = int(ids.max().item()) + 1 if ids.numel() else 0
    return data, ids, int(num_segments)


def _segment_reduce(data, segment_ids, num_segments, mode, empty):
    data, ids, n = _segments(data, segment_ids, num_segments, mode)
    # ids >= num_segments are dropped: they go to one extra row that is cut off (static shapes, so a compiled
    # step traces this as one graph; a boolean mask would break it)
    ids = torch.where(ids >= n, n, ids)
    out = torch.full((n + 1, *data.shape[1:]), empty, dtype=data.dtype, device=data.device)
    index = ids.reshape(-1, *([1] * (data.dim() - 1))).expand_as(data)
    return out.scatter_reduce(0, index, data, reduce=mode, include_self=mode == "sum")[:n]


def segment_sum(data, segment_ids, num_segments=None, sorted=False):
    """`keras.ops.segment_sum(data, segment_ids, num_segments=None, sorted=False)`: row sums per segment.

    Empty segments are 0; ids `>= num_segments` are dropped.
    """
    return _segment_reduce(data, segment_ids, num_segments, "sum", 0)


def segment_prod(data, segment_ids, num_segments=None, sorted=False):
    """`keras.ops.segment_prod(...)`: row products per segment (empty segments are 1)."""
    return _segment_reduce(data, segment_ids, num_segments, "prod", 1)


def _extreme(dtype, largest):
    if dtype.is_floating_point:
        return float("-inf") if largest else float("inf")
    info = torch.iinfo(dtype)
    return info.min if largest else info.max


def segment_max(data, segment_ids, num_segments=None, sorted=False):
    """`keras.ops.segment_max(...)`: row maxima per segment (empty segments hold the dtype's lowest value)."""
    data = convert(data)
    return _segment_reduce(data, segment_ids, num_segments, "amax", _extreme(data.dtype, True))


def segment_min(data, segment_ids, num_segments=None, sorted=False):
    """`keras.ops.segment_min(...)`: row minima per segment (empty segments hold the dtype's highest value)."""
    data = convert(data)
    return _segment_reduce(data, segment_ids, num_segments, "amin", _extreme(data.dtype, False))


def top_k(x, k, sorted=True):
    """`keras.ops.top_k(x, k, sorted=True)`: `(values, indices)` of the `k` largest along the last axis.

    Indices are int32; ties keep the lower index first.
    """
    x = convert(x)
    values, indices = torch.sort(x, dim=-1, descending=True, stable=True)  # torch.topk orders ties arbitrarily
    return values[..., :int(k)], indices[..., :int(k)].to(torch.int32)


def in_top_k(targets, predictions, k):
    """`keras.ops.in_top_k(targets, predictions, k)`: bool per row, True when the target's score is among
    the `k` largest (ties count in its favour); False for a target outside `[0, num_classes)` or a row with
    a non-finite score, as TF's kernel (Keras's TensorFlow backend calls `tf.math.in_top_k`)."""
    return math_special.in_top_k(convert(targets), convert(predictions), k)


def logsumexp(x, axis=None, keepdims=False):
    """`keras.ops.logsumexp(x, axis=None, keepdims=False)`: `log(sum(exp(x)))`, computed stably."""
    x = to_float(x)
    dims = tuple(range(x.dim())) if axis is None else ((axis,) if isinstance(axis, int) else tuple(axis))
    return torch.logsumexp(x, dim=dims, keepdim=keepdims)


def extract_sequences(x, sequence_length, sequence_stride):
    """`keras.ops.extract_sequences(x, sequence_length, sequence_stride)`: frames of the last axis.

    `(..., n) -> (..., frames, sequence_length)` with `frames = 1 + (n - length) // stride`.
    """
    x = convert(x)
    return x.unfold(-1, int(sequence_length), int(sequence_stride))


def _complex_pair(x, name):
    if not isinstance(x, (tuple, list)) or len(x) != 2:
        raise ValueError(f"Input `x` of `{name}` should be a tuple of two tensors - real and imaginary. "
                         f"Received: x={x!r}")
    real, imag = convert(x[0]), convert(x[1])
    if not real.is_floating_point() or real.dtype != imag.dtype or real.shape != imag.shape:
        raise ValueError(f"Both the real and imaginary parts should be floats of the same dtype and shape. "
                         f"Received: x[0].dtype={real.dtype}, x[1].dtype={imag.dtype}")
    return torch.complex(real, imag)


def _split(c, dtype):
    return c.real.to(dtype), c.imag.to(dtype)


def fft(x):
    """`keras.ops.fft(x)`: FFT along the last axis of `(real, imag)`; returns `(real, imag)`."""
    c = _complex_pair(x, "fft")
    return _split(torch.fft.fft(c, dim=-1), c.real.dtype)


def fft2(x):
    """`keras.ops.fft2(x)`: 2-D FFT over the last two axes of `(real, imag)`."""
    c = _complex_pair(x, "fft2")
    return _split(torch.fft.fft2(c), c.real.dtype)


def ifft2(x):
    """`keras.ops.ifft2(x)`: inverse 2-D FFT over the last two axes of `(real, imag)`."""
    c = _complex_pair(x, "ifft2")
    return _split(torch.fft.ifft2(c), c.real.dtype)


def rfft(x, fft_length=None):
    """`keras.ops.rfft(x, fft_length=None)`: FFT of a real signal, `fft_length // 2 + 1` bins, `(real, imag)`."""
    x = to_float(x)
    return _split(torch.fft.rfft(x, n=fft_length, dim=-1), x.dtype)


def irfft(x, fft_length=None):
    """`keras.ops.irfft(x, fft_length=None)`: inverse of `rfft`; a real tensor."""
    c = _complex_pair(x, "irfft")
    return torch.fft.irfft(c, n=fft_length, dim=-1).to(c.real.dtype)


def _window(window, length, dtype, device):
    if window is None:
        return None
    if isinstance(window, str):
        if window not in ("hann", "hamming"):
            raise ValueError(f"If a string is passed to `window`, it must be one of 'hann', 'hamming'. "
                             f"Received: window={window}")
        # TF's windows, as Keras's TF backend takes them: `periodic` only changes even lengths (hann of 3 is
        # [0, 1, 0], torch's periodic one [0, .75, .75])
        fn = spectral_ops.hann_window if window == "hann" else spectral_ops.hamming_window
        return fn(length, periodic=True, dtype=torch.float64).to(dtype=dtype, device=device)
    w = convert(window, dtype, device)
    if w.dim() != 1 or w.shape[0] != length:
        raise ValueError(f"The shape of `window` must be equal to [sequence_length]. Received: "
                         f"window shape={tuple(w.shape)}")
    return w


def stft(x, sequence_length, sequence_stride, fft_length, window="hann", center=True):
    """`keras.ops.stft(x, sequence_length, sequence_stride, fft_length, window="hann", center=True)`.

    Short-time Fourier transform of the last axis: `(real, imag)`, each `(..., frames, fft_length//2+1)`.

    Raises:
        ValueError: if `fft_length < sequence_length` or the window is invalid.
    """
    x = to_float(x)
    if fft_length < sequence_length:
        raise ValueError(f"`fft_length` must equal or larger than `sequence_length`. Received: "
                         f"sequence_length={sequence_length}, fft_length={fft_length}")
    if center:
        pad = fft_length // 2
        shape = x.shape
        x = torch.nn.functional.pad(x.reshape(-1, 1, shape[-1]), (pad, pad), mode="reflect").reshape(
            *shape[:-1], shape[-1] + 2 * pad)
    win = _window(window, sequence_length, x.dtype, x.device)
    left = (fft_length - sequence_length) // 2
    frames = x.unfold(-1, fft_length, sequence_stride)  # frames of fft_length, the window centred in them
    if win is not None:
        frames = frames * torch.nn.functional.pad(win, (left, fft_length - sequence_length - left))
    return _split(torch.fft.rfft(frames, n=fft_length, dim=-1), x.dtype)


def istft(x, sequence_length, sequence_stride, fft_length, length=None, window="hann", center=True):
    """`keras.ops.istft(x, sequence_length, sequence_stride, fft_length, length=None, window="hann",
    center=True)`: the inverse of `stft`, as Keras computes it: `tf.signal.inverse_stft` of frames
    `fft_length` long with the window centred in them, weighted by `tf.signal.inverse_stft_window_fn` (the
    window over the sum of its overlapping squares at this stride); without a window, a plain overlap-add.

    Returns:
        real `(..., samples)`: with `center`, `fft_length // 2` samples are dropped at each end (all of them
        when `fft_length` is 1, as Keras); with `length`, `length` samples from there (fewer if the signal is
        shorter).
    """
    c = _complex_pair(x, "istft")
    dtype = c.real.dtype
    left = (fft_length - sequence_length) // 2
    win = _window(window, sequence_length, dtype, c.device)
    window_fn = None
    if win is not None:
        padded = torch.nn.functional.pad(win, (left, fft_length - sequence_length - left))
        window_fn = spectral_ops.inverse_stft_window_fn(sequence_stride, lambda frame_length, dtype=None: padded)
    out = spectral_ops.inverse_stft(c, fft_length, sequence_stride, fft_length, window_fn=window_fn).to(dtype)
    # Keras tests `center is False` for the start and `center is True` for the end, and ends the centred
    # signal at `-(fft_length // 2)`: with fft_length 1 that is 0, an empty result (every Keras backend)
    start = 0 if center is False else fft_length // 2
    if length is not None:
        return out[..., start:start + length]
    if center is True:
        return out[..., start:-(fft_length // 2)]
    return out[..., start:]


def rsqrt(x):
    """`keras.ops.rsqrt(x)`: `1 / sqrt(x)`; integer inputs give `floatx()`."""
    return torch.rsqrt(to_float(x))


def erf(x):
    """`keras.ops.erf(x)`: the error function; integer inputs give `floatx()`."""
    return torch.erf(to_float(x))


def erfinv(x):
    """`keras.ops.erfinv(x)`: inverse error function; integer inputs give `floatx()`."""
    return torch.erfinv(to_float(x))


def erfc(x):
    """`keras.ops.erfc(x)`: `1 - erf(x)`; integer inputs give `floatx()`."""
    return torch.erfc(to_float(x))


def logdet(x):
    """`keras.ops.logdet(x)`: `log(det(x))` of (batches of) positive-definite matrices."""
    return torch.logdet(to_float(x))


def view_as_complex(x):
    """`keras.ops.view_as_complex(x)`: `(..., 2)` floats -> complex (last axis real, imag)."""
    x = to_float(x)
    if x.shape[-1] != 2:
        raise ValueError(f"Last dimension of input must be size 2 (real and imaginary). Received: "
                         f"shape={tuple(x.shape)}")
    return torch.view_as_complex(x.contiguous() if x.dtype in (torch.float32, torch.float64) else x.float())


def view_as_real(x):
    """`keras.ops.view_as_real(x)`: complex -> `(..., 2)` floats (real, imag)."""
    x = convert(x)
    if not x.is_complex():
        raise ValueError(f"Input must be a complex tensor. Received: dtype={dtypes.standardize_dtype(x.dtype)}")
    return torch.view_as_real(x)


def polar(abs_, angle):
    """`keras.ops.polar(abs_, angle)`: the complex numbers `abs_ * exp(1j * angle)`."""
    r, a = to_float(abs_), to_float(angle)
    if r.dtype not in (torch.float32, torch.float64):
        r, a = r.to(floatx()), a.to(floatx())
    return torch.polar(r, a.to(r.dtype))


def cdist(x, y):
    """`keras.ops.cdist(x, y)`: Euclidean distances between the rows of `x` `(..., m, d)` and `y` `(..., n, d)`."""
    a, b = promote(x, y, extra=(float,), weak=False)
    return torch.cdist(a, b)


__all__ = [
    "cdist",
    "erf",
    "erfc",
    "erfinv",
    "extract_sequences",
    "fft",
    "fft2",
    "ifft2",
    "in_top_k",
    "irfft",
    "istft",
    "logdet",
    "logsumexp",
    "polar",
    "rfft",
    "rsqrt",
    "segment_max",
    "segment_min",
    "segment_prod",
    "segment_sum",
    "stft",
    "top_k",
    "view_as_complex",
    "view_as_real",
]
