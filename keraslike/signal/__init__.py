"""`tf.signal`: Fourier transforms (see `keraslike/_src/ops/fft_ops.py`)."""

# ruff: noqa: F401, I001
from keraslike._src.ops.fft_ops import (
    fft, fft2d, fft3d, fftnd, fftshift, ifft, ifft2d, ifft3d, ifftnd, ifftshift, irfft, irfft2d, irfft3d, irfftnd,
    rfft, rfft2d, rfft3d, rfftnd,
)
from keraslike._src.ops.spectral_ops import (
    dct, frame, hamming_window, hann_window, idct, inverse_stft, inverse_stft_window_fn, linear_to_mel_weight_matrix,
    mfccs_from_log_mel_spectrograms, overlap_and_add, stft,
)
from keraslike._src.ops.mdct_ops import inverse_mdct, mdct, vorbis_window
