"""Fast Fourier transforms: `tf.signal.fft`/`ifft` (1-3 D and N-D), `rfft`/`irfft`, `fftshift`/`ifftshift`.

Mirrors `tensorflow/python/ops/signal/fft_ops.py`: transforms act on the innermost 1, 2 or 3 dims (`fftnd` on
`axes`); `ifft*` divide by the number of points; `rfft*` take real input (float32 -> complex64, float64 ->
complex128) and `fft_length` pads with zeros or crops the input before transforming, `irfft*` return
`fft_length` real points (default `2 * (inner - 1)`). On torch.fft.

TF 2.21's `fftnd`/`ifftnd`/`rfftnd`/`irfftnd` have no CPU kernel (NotFoundError); here they run everywhere, with
numpy's `np.fft.fftn` semantics, which TF's GPU kernels share.

Example:
    >>> tf.signal.fft(tf.constant([1 + 0j, 2, 3, 4], tf.complex64))     # [10+0j, -2+2j, -2+0j, -2-2j]
    >>> tf.signal.rfft(tf.constant([1.0, 2.0, 3.0, 4.0, 5.0])).shape     # [3]
"""

import torch

from keraslike._src import errors
from keraslike._src.ops import dtypes
from keraslike._src.ops.conversion import normalize_axis, to_tensor

_REAL_OF = {torch.complex64: torch.float32, torch.complex128: torch.float64}
_COMPLEX_OF = {torch.float32: torch.complex64, torch.float64: torch.complex128}


def _complex_input(input, op_name, rank):
    x = to_tensor(input, None, "input")
    if not x.is_complex():
        raise errors.InvalidArgumentError(f"`{op_name}` expects a complex64 or complex128 tensor (use tf.complex "
                                          f"or tf.signal.rfft for real input). Received: input.dtype={x.dtype.name}")
    if x.dim() < rank:
        raise ValueError(f"`{op_name}` expects a tensor of rank >= {rank}. Received: input.shape={list(x.shape)}")
    return x


def _real_input(input, op_name, rank):
    x = to_tensor(input, None, "input_tensor")
    if x.dtype not in _COMPLEX_OF:
        raise errors.InvalidArgumentError(f"`{op_name}` expects a float32 or float64 tensor. "
                                          f"Received: input_tensor.dtype={x.dtype.name}")
    if x.dim() < rank:
        raise ValueError(f"`{op_name}` expects a tensor of rank >= {rank}. Received: input.shape={list(x.shape)}")
    return x


def _lengths(fft_length, rank, op_name):
    if fft_length is None:
        return None
    values = fft_length.reshape(-1).tolist() if isinstance(fft_length, torch.Tensor) else list(
        fft_length if isinstance(fft_length, (list, tuple)) else [fft_length])
    if len(values) != rank:
        raise ValueError(f"`{op_name}` needs {rank} fft_length value(s). Received: fft_length={values}")
    return [int(v) for v in values]


def _make_complex(rank, inverse):
    fn = torch.fft.ifftn if inverse else torch.fft.fftn
    name = f"tf.signal.{'i' if inverse else ''}fft{'' if rank == 1 else f'{rank}d'}"

    def op(input, name=None):
        x = _complex_input(input, name_, rank)
        return fn(x, dim=tuple(range(-rank, 0)))

    name_ = name
    op.__name__ = op.__qualname__ = name.rsplit(".", 1)[-1]
    op.__doc__ = (f"`{name}(input)`: the {'inverse ' if inverse else ''}DFT over the innermost {rank} dim(s) of a "
                  "complex tensor" + (" (divided by the number of points)." if inverse else ".") +
                  "\n\nRaises:\n    tf.errors.InvalidArgumentError: a real input (TF's kernels take complex only).\n")
    return op


def _make_real(rank, inverse):
    name = f"tf.signal.{'i' if inverse else ''}rfft{'' if rank == 1 else f'{rank}d'}"

    def op(input_tensor, fft_length=None, name=None):
        lengths = _lengths(fft_length, rank, name_)
        dims = tuple(range(-rank, 0))
        if inverse:
            x = _complex_input(input_tensor, name_, rank)
            return torch.fft.irfftn(x, s=lengths, dim=dims)
        x = _real_input(input_tensor, name_, rank)
        return torch.fft.rfftn(x, s=lengths, dim=dims)

    name_ = name
    op.__name__ = op.__qualname__ = name.rsplit(".", 1)[-1]
    op.__doc__ = (f"`{name}(input_tensor, fft_length=None)`: " + (
        f"the real inverse DFT over the innermost {rank} dim(s); `fft_length` (default `2 * (inner - 1)` for the "
        "last dim, the input size for others) real points come back." if inverse else
        f"the DFT of a real tensor over the innermost {rank} dim(s), the last keeping `fft_length // 2 + 1` "
        "non-negative frequencies; the input is zero-padded or cropped to `fft_length` first.") +
        "\n\nRaises:\n    tf.errors.InvalidArgumentError: an input of the wrong kind. ValueError: a bad fft_length.\n")
    return op


fft, fft2d, fft3d = (_make_complex(r, False) for r in (1, 2, 3))
ifft, ifft2d, ifft3d = (_make_complex(r, True) for r in (1, 2, 3))
rfft, rfft2d, rfft3d = (_make_real(r, False) for r in (1, 2, 3))
irfft, irfft2d, irfft3d = (_make_real(r, True) for r in (1, 2, 3))


def _nd_args(x, fft_length, axes):
    dims = tuple(range(x.dim())) if axes is None else tuple(
        normalize_axis(int(a), x.dim(), "axes") for a in (axes.reshape(-1).tolist() if isinstance(axes, torch.Tensor)
                                                           else list(axes)))
    lengths = None if fft_length is None else _lengths(fft_length, len(dims), "tf.signal.fftnd")
    return lengths, dims


def fftnd(input, fft_length=None, axes=None, name=None):
    """`tf.signal.fftnd(input, fft_length, axes)`: the N-D DFT of a complex tensor over `axes` (default all).

    `fft_length` (one per axis) zero-pads or crops each axis first.
    """
    x = _complex_input(input, "tf.signal.fftnd", 1)
    lengths, dims = _nd_args(x, fft_length, axes)
    return torch.fft.fftn(x, s=lengths, dim=dims)


def ifftnd(input, fft_length=None, axes=None, name=None):
    """`tf.signal.ifftnd(input, fft_length, axes)`: the N-D inverse DFT (divided by the number of points)."""
    x = _complex_input(input, "tf.signal.ifftnd", 1)
    lengths, dims = _nd_args(x, fft_length, axes)
    return torch.fft.ifftn(x, s=lengths, dim=dims)


def rfftnd(input, fft_length=None, axes=None, Tcomplex=torch.complex64, name=None):
    """`tf.signal.rfftnd(input, fft_length, axes, Tcomplex=tf.complex64)`: the N-D DFT of a real tensor.

    The last of `axes` keeps `fft_length[-1] // 2 + 1` frequencies; the result has dtype `Tcomplex`.
    """
    x = _real_input(input, "tf.signal.rfftnd", 1)
    lengths, dims = _nd_args(x, fft_length, axes)
    return torch.fft.rfftn(x, s=lengths, dim=dims).to(dtypes.as_dtype(Tcomplex))


def irfftnd(input, fft_length=None, axes=None, Treal=torch.float32, name=None):
    """`tf.signal.irfftnd(input, fft_length, axes, Treal=tf.float32)`: the N-D real inverse DFT, dtype `Treal`."""
    x = _complex_input(input, "tf.signal.irfftnd", 1)
    lengths, dims = _nd_args(x, fft_length, axes)
    return torch.fft.irfftn(x, s=lengths, dim=dims).to(dtypes.as_dtype(Treal))


def _shift_axes(x, axes):
    if axes is None:
        return tuple(range(x.dim()))
    values = axes.reshape(-1).tolist() if isinstance(axes, torch.Tensor) else (
        list(axes) if isinstance(axes, (list, tuple)) else [axes])
    return tuple(normalize_axis(int(a), x.dim(), "axes") for a in values)


def fftshift(x, axes=None, name=None):
    """`tf.signal.fftshift(x, axes=None)`: move the zero-frequency term to the center of `axes` (default all)."""
    t = to_tensor(x, None, "x")
    return torch.fft.fftshift(t, dim=_shift_axes(t, axes))


def ifftshift(x, axes=None, name=None):
    """`tf.signal.ifftshift(x, axes=None)`: the inverse of `fftshift`."""
    t = to_tensor(x, None, "x")
    return torch.fft.ifftshift(t, dim=_shift_axes(t, axes))
