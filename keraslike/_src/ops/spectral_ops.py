"""Short-time Fourier analysis and audio features: `tf.signal.frame`, `overlap_and_add`, windows, `stft`,
`inverse_stft`, `dct`/`idct`, `linear_to_mel_weight_matrix`, `mfccs_from_log_mel_spectrograms`.

Mirrors `tensorflow/python/ops/signal/{shape_ops,reconstruction_ops,window_ops,spectral_ops,dct_ops,mel_ops,
mfcc_ops}.py` (the audio tutorials' `tf.signal.stft(waveform, frame_length=255, frame_step=128)`), on torch:
`Tensor.unfold` frames, `torch.fft.rfft` transforms, the rest as TF writes it.

Example:
    >>> spectrogram = tf.abs(tf.signal.stft(tf.random.normal([16000]), frame_length=255, frame_step=128))
    >>> spectrogram.shape                       # [124, 129]
"""

import math

import torch
import torch.nn.functional as F

from keraslike._src.ops import dtypes
from keraslike._src.ops.conversion import normalize_axis, to_tensor
from keraslike._src.ops.fft_ops import irfft, rfft


def _int(value, name, minimum=1):
    value = int(value.reshape(()) if isinstance(value, torch.Tensor) else value)
    if value < minimum:
        raise ValueError(f"`{name}` must be an integer >= {minimum}. Received: {name}={value}")
    return value


def _float_dtype(dtype, op_name):
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating_point:
        raise ValueError(f"`{op_name}` needs a floating-point dtype. Received: dtype={dtype}")
    return dtype


def _raised_cosine(window_length, periodic, dtype, a, b, op_name):
    n = _int(window_length, "window_length", 0)
    dtype = _float_dtype(dtype, op_name)
    if n == 1:
        return torch.ones(1, dtype=dtype)
    denominator = n - 1 + (1 if periodic and n % 2 == 0 else 0)  # TF: `periodic` only changes even lengths
    count = torch.arange(n, dtype=torch.float64)
    return (a - b * torch.cos(2.0 * math.pi * count / denominator)).to(dtype)


def hann_window(window_length, periodic=True, dtype=torch.float32, name=None):
    """`tf.signal.hann_window`: `0.5 - 0.5 cos(2 pi n / N)`, N = length - 1, or length for an even periodic window
    (TF's rule: odd lengths are always symmetric)."""
    return _raised_cosine(window_length, periodic, dtype, 0.5, 0.5, "tf.signal.hann_window")


def hamming_window(window_length, periodic=True, dtype=torch.float32, name=None):
    """`tf.signal.hamming_window`: `0.54 - 0.46 cos(2 pi n / N)`, N as in `hann_window`."""
    return _raised_cosine(window_length, periodic, dtype, 0.54, 0.46, "tf.signal.hamming_window")


def frame(signal, frame_length, frame_step, pad_end=False, pad_value=0, axis=-1, name=None):
    """`tf.signal.frame`: (overlapping) frames of `frame_length` samples, `frame_step` apart, along `axis`.

    Returns:
        `signal.shape[:axis] + [num_frames, frame_length] + signal.shape[axis + 1:]`; `num_frames` is
        `1 + (N - frame_length) // frame_step` (0 when N < frame_length), or with `pad_end` `ceil(N / frame_step)`
        with the end padded by `pad_value`.
    """
    x = to_tensor(signal, None, "signal")
    length, step = _int(frame_length, "frame_length"), _int(frame_step, "frame_step")
    axis = normalize_axis(axis, x.dim(), "axis")
    n = x.shape[axis]
    if pad_end:
        frames = -(-n // step)
        needed = max(0, (frames - 1) * step + length - n)
        if needed:
            pad = [0, 0] * (x.dim() - 1 - axis) + [0, needed]
            x = F.pad(x, pad, value=float(pad_value) if x.is_floating_point() else int(pad_value))
    elif x.shape[axis] < length:
        shape = list(x.shape[:axis]) + [0, length] + list(x.shape[axis + 1:])
        return x.new_zeros(shape)
    return x.unfold(axis, length, step).movedim(-1, axis + 1)


def overlap_and_add(signal, frame_step, name=None):
    """`tf.signal.overlap_and_add`: frames `[..., frames, frame_length]` summed back at `frame_step` offsets.

    Returns:
        `[..., (frames - 1) * frame_step + frame_length]`.
    """
    x = to_tensor(signal, None, "signal")
    if x.dim() < 2:
        raise ValueError(f"`signal` must have rank >= 2. Received: signal.shape={list(x.shape)}")
    step = _int(frame_step, "frame_step")
    frames, length = x.shape[-2], x.shape[-1]
    if step > length:
        raise ValueError(f"`frame_step` must be <= frame_length ({length}). Received: frame_step={step}")
    out_length = (frames - 1) * step + length if frames else 0
    out = x.new_zeros(list(x.shape[:-2]) + [out_length])
    for i in range(frames):
        out = out.index_add(-1, torch.arange(i * step, i * step + length, device=x.device), x[..., i, :])
    return out


def _fft_length(frame_length, fft_length):
    return 2 ** int(math.ceil(math.log2(frame_length))) if fft_length is None else _int(fft_length, "fft_length")


def stft(signals, frame_length, frame_step, fft_length=None, window_fn=hann_window, pad_end=False, name=None):
    """`tf.signal.stft`: the short-time Fourier transform of real `signals` along the last axis.

    Args:
        signals: float `[..., samples]`.
        frame_length, frame_step: window size and hop, in samples.
        fft_length: FFT size (default the next power of 2 >= frame_length); frames are zero-padded to it.
        window_fn: `(length, dtype) -> window`, default a periodic Hann window; None for no window.
        pad_end: pad the end so that every sample is in a frame.

    Returns:
        complex `[..., frames, fft_length // 2 + 1]` (complex64 for float32 input).
    """
    x = to_tensor(signals, None, "signals")
    length, step = _int(frame_length, "frame_length"), _int(frame_step, "frame_step")
    size = _fft_length(length, fft_length)
    framed = frame(x, length, step, pad_end=pad_end)
    if window_fn is not None:
        framed = framed * window_fn(length, dtype=x.dtype).to(x.device)
    return rfft(framed, [size])


def inverse_stft(stfts, frame_length, frame_step, fft_length=None, window_fn=hann_window, name=None):
    """`tf.signal.inverse_stft`: frames from `irfft`, windowed by `window_fn` and overlap-added.

    For perfect reconstruction after `stft`, use `window_fn=tf.signal.inverse_stft_window_fn(frame_step)`.

    Returns:
        real `[..., (frames - 1) * frame_step + frame_length]`.
    """
    x = to_tensor(stfts, None, "stfts")
    length, step = _int(frame_length, "frame_length"), _int(frame_step, "frame_step")
    size = _fft_length(length, fft_length)
    real_frames = irfft(x, [size])[..., :length]
    if length > size:
        real_frames = F.pad(real_frames, [0, length - size])
    if window_fn is not None:
        real_frames = real_frames * window_fn(length, dtype=real_frames.dtype).to(real_frames.device)
    return overlap_and_add(real_frames, step)


def inverse_stft_window_fn(frame_step, forward_window_fn=hann_window, name=None):
    """`tf.signal.inverse_stft_window_fn`: the window that makes `inverse_stft` invert `stft` with
    `forward_window_fn` at this `frame_step` (the forward window over the sum of its overlapping squares; 0 where
    that sum is 0)."""
    step = _int(frame_step, "frame_step")

    def window(frame_length, dtype=torch.float32):
        forward = forward_window_fn(frame_length, dtype=dtype)
        overlaps = -(-int(frame_length) // step)
        denom = F.pad(forward.square(), [0, overlaps * step - int(frame_length)]).reshape(overlaps, step)
        denom = denom.sum(0, keepdim=True).tile(overlaps, 1).reshape(-1)
        denom = denom[:int(frame_length)]
        zero = denom == 0  # no window covers these samples at this step: 0 there, as TF (not 0 / 0)
        return torch.where(zero, torch.zeros_like(forward), forward / torch.where(zero, torch.ones_like(denom), denom))

    return window


def _dct_matrix(n, kind, dtype):
    k = torch.arange(n, dtype=torch.float64)[:, None]  # output index
    i = torch.arange(n, dtype=torch.float64)[None, :]  # input index
    if kind == 1:
        m = 2.0 * torch.cos(math.pi * k * i / (n - 1))
        m[:, 0], m[:, -1] = 1.0, torch.cos(math.pi * k[:, 0])
    elif kind == 2:
        m = 2.0 * torch.cos(math.pi * k * (2 * i + 1) / (2 * n))
    elif kind == 3:
        m = 2.0 * torch.cos(math.pi * i * (2 * k + 1) / (2 * n))
        m[:, 0] = 1.0
    else:
        m = 2.0 * torch.cos(math.pi * (2 * i + 1) * (2 * k + 1) / (4 * n))
    return m.to(dtype)


def dct(input, type=2, n=None, axis=-1, norm=None, name=None):
    """`tf.signal.dct`: the type 1-4 discrete cosine transform of the last axis (scipy's definitions).

    Args:
        input: float32/float64 `[..., N]`.
        type: 1, 2, 3 or 4.
        n: length to truncate or zero-pad the last axis to first.
        axis: must be -1 (as TF).
        norm: None or "ortho" (orthonormal; not for type 1, as TF).

    Raises:
        ValueError: another type/norm/axis, or type 1 with N < 2.
    """
    x = to_tensor(input, None, "input")
    if type not in (1, 2, 3, 4) or norm not in (None, "ortho") or axis != -1 or (type == 1 and norm == "ortho"):
        raise ValueError(f"`tf.signal.dct` supports type 1-4, norm None or 'ortho' (not for type 1) and axis=-1. "
                         f"Received: type={type}, norm={norm!r}, axis={axis}")
    if not x.is_floating_point():
        raise ValueError(f"`tf.signal.dct` needs float input. Received: input.dtype={x.dtype}")
    if n is not None:
        n = _int(n, "n")
        x = x[..., :n] if n <= x.shape[-1] else F.pad(x, [0, n - x.shape[-1]])
    size = x.shape[-1]
    if type == 1 and size < 2:
        raise ValueError(f"Type 1 DCT needs at least 2 points. Received: length={size}")
    work = x.to(torch.float64)
    if norm == "ortho" and type == 3:
        work = work.clone()
        work[..., 0] = work[..., 0] * math.sqrt(2.0)
    out = work @ _dct_matrix(size, type, torch.float64).T
    if norm == "ortho":
        out = out * math.sqrt(1.0 / (2 * size))
        if type == 2:
            out[..., 0] = out[..., 0] / math.sqrt(2.0)
    return out.to(x.dtype)


def idct(input, type=2, n=None, axis=-1, norm=None, name=None):
    """`tf.signal.idct`: the DCT of the inverse type (2 <-> 3, 1 and 4 their own); with `norm="ortho"` it inverts
    `dct` exactly, without it the result is scaled by `2 * N` (`2 * (N - 1)` for type 1), as TF."""
    return dct(input, type={1: 1, 2: 3, 3: 2, 4: 4}.get(type, type), n=n, axis=axis, norm=norm)


def _mel(frequencies):
    return 1127.0 * torch.log1p(frequencies / 700.0)


def linear_to_mel_weight_matrix(num_mel_bins=20, num_spectrogram_bins=129, sample_rate=8000, lower_edge_hertz=125.0,
                                upper_edge_hertz=3800.0, dtype=torch.float32, name=None):
    """`tf.signal.linear_to_mel_weight_matrix`: `[num_spectrogram_bins, num_mel_bins]` triangular HTK-mel filters.

    Multiply a magnitude spectrogram `[..., num_spectrogram_bins]` by it for a mel spectrogram. The DC bin
    gets no weight, as in TF.

    Raises:
        ValueError: non-positive counts, or edges outside `0 <= lower < upper <= sample_rate / 2`.
    """
    mels, bins = _int(num_mel_bins, "num_mel_bins"), _int(num_spectrogram_bins, "num_spectrogram_bins")
    rate, lower, upper = float(sample_rate), float(lower_edge_hertz), float(upper_edge_hertz)
    if not (0.0 <= lower < upper and rate > 0 and upper <= rate / 2):
        raise ValueError("Expected 0 <= lower_edge_hertz < upper_edge_hertz <= sample_rate / 2. Received: "
                         f"lower_edge_hertz={lower}, upper_edge_hertz={upper}, sample_rate={rate}")
    dtype = _float_dtype(dtype, "tf.signal.linear_to_mel_weight_matrix")
    linear = torch.linspace(0.0, rate / 2, bins, dtype=dtype)[1:]
    spectrogram_mel = _mel(linear)[:, None]
    edges = torch.linspace(float(_mel(torch.tensor(lower, dtype=dtype))), float(_mel(torch.tensor(upper, dtype=dtype))),
                           mels + 2, dtype=dtype)
    lower_mel, center_mel, upper_mel = edges[:-2][None, :], edges[1:-1][None, :], edges[2:][None, :]
    lower_slopes = (spectrogram_mel - lower_mel) / (center_mel - lower_mel)
    upper_slopes = (upper_mel - spectrogram_mel) / (upper_mel - center_mel)
    weights = torch.clamp(torch.minimum(lower_slopes, upper_slopes), min=0.0)
    return F.pad(weights, [0, 0, 1, 0])


def mfccs_from_log_mel_spectrograms(log_mel_spectrograms, name=None):
    """`tf.signal.mfccs_from_log_mel_spectrograms`: MFCCs, the orthonormally scaled type-2 DCT of the last axis
    (`dct(x) / sqrt(2 * num_mel_bins)`, as TF; keep the first few coefficients)."""
    x = to_tensor(log_mel_spectrograms, None, "log_mel_spectrograms")
    return dct(x, type=2) * (1.0 / math.sqrt(2.0 * x.shape[-1]))
