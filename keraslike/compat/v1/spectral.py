"""`tf.compat.v1.spectral`: TF1's name for the FFT and DCT ops of `tf.signal`."""

from keraslike.signal import (  # noqa: F401
    dct, fft, fft2d, fft3d, idct, ifft, ifft2d, ifft3d, irfft, irfft2d, irfft3d, rfft, rfft2d, rfft3d,
)
