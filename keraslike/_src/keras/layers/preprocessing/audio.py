"""Audio front ends: STFTSpectrogram and MelSpectrogram
(keras/src/layers/preprocessing/{stft_spectrogram,mel_spectrogram}.py).

- `STFTSpectrogram` is a strided 1-D convolution with two fixed kernels (`keras.initializers.STFT`,
  real and imaginary parts), as Keras builds it: inputs `(batch, time, channels)` (or
  `channels_first`), outputs per `mode`.
- `MelSpectrogram` computes `|stft|^mag_exp` of a `(batch, time)` or `(time,)` signal with
  `keras.ops.stft` (centred, reflect-padded frames), warps it onto `num_mel_bins` HTK-mel triangles
  (`tf.signal.linear_to_mel_weight_matrix`, computed in float64), and optionally to decibels; outputs
  `(batch, num_mel_bins, frames)`.
"""

import math
import warnings

import torch

from keraslike._src.keras.backend import config as keras_config
from keraslike._src.keras.initializers import STFT, get_window
from keraslike._src.keras.layers.convolutional import conv_utils
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.ops import math as ops_math
from keraslike._src.ops.spectral_ops import linear_to_mel_weight_matrix

_MODES = ("log", "magnitude", "psd", "real", "imag", "angle", "stft")


class STFTSpectrogram(Layer):
    """Short-time Fourier transform of each channel as a layer.

    Args:
        mode: "log" (default, log magnitude), "magnitude", "psd" (power, one-sided density), "real",
            "imag", "angle" or "stft" (real and imaginary parts concatenated on the frequency axis).
        frame_length: int, default 256.
        frame_step: int in [1, frame_length], default `frame_length // 2`.
        fft_length: int >= frame_length, default the next power of two (a warning if not a power of two).
        window: window name, `(name, parameter)` or array (see `keras.initializers.STFT`), default "hann".
        periodic: bool, default False.
        scaling: "density" (default), "spectrum" or None.
        padding: "valid" (default) or "same".
        expand_dims: bool, default False: keep channels as their own axis.
        data_format: "channels_last" (default) or "channels_first".

    Input shape: `(batch, time, channels)` (channels_last) or `(batch, channels, time)`, float.
    Output shape: `(batch, frames, channels * bins)` (channels_last), `(batch, channels * bins, frames)`
    (channels_first); with `expand_dims`, `(batch, frames, bins, channels)` / `(batch, channels, frames,
    bins)`. `bins` is `fft_length // 2 + 1`, doubled for "stft".

    Raises:
        ValueError: for the argument combinations above; TypeError for non-float inputs.
    """

    def __init__(self, mode="log", frame_length=256, frame_step=None, fft_length=None, window="hann", periodic=False,
                 scaling="density", padding="valid", expand_dims=False, data_format=None, **kwargs):
        if frame_step is not None and (frame_step > frame_length or frame_step < 1):
            raise ValueError(f"`frame_step` should be a positive integer not greater than `frame_length`. "
                             f"Received frame_step={frame_step}, frame_length={frame_length}")
        if fft_length is not None and fft_length < frame_length:
            raise ValueError(f"`fft_length` should be not less than `frame_length`. Received fft_length={fft_length}, "
                             f"frame_length={frame_length}")
        if fft_length is not None and (fft_length & -fft_length) != fft_length:
            warnings.warn(f"`fft_length` is recommended to be a power of two. Received fft_length={fft_length}",
                          stacklevel=2)
        if mode not in _MODES:
            raise ValueError(f"Output mode is invalid, it must be one of {', '.join(_MODES)}. Received: mode={mode}")
        if scaling is not None and scaling not in ("density", "spectrum"):
            raise ValueError(f"Scaling is invalid, it must be `None`, 'density' or 'spectrum'. "
                             f"Received scaling={scaling}")
        if padding not in ("valid", "same"):
            raise ValueError(f"Padding is invalid, it should be 'valid', 'same'. Received: padding={padding}")
        if isinstance(window, (str, tuple)):
            get_window(window, 1)
        super().__init__(**kwargs)
        self.mode, self.frame_length, self.frame_step, self.fft_length = mode, frame_length, frame_step, fft_length
        self._frame_step = frame_step or frame_length // 2
        self._fft_length = fft_length or 2 ** int(math.ceil(math.log2(frame_length)))
        self.window, self.periodic, self.scaling, self.padding = window, periodic, scaling, padding
        self.expand_dims = expand_dims
        self.data_format = conv_utils.normalize_data_format(data_format)

    def build(self, input_shape):
        shape = (self.frame_length, 1, self._fft_length // 2 + 1)
        if self.mode != "imag":
            self.real_kernel = self.add_weight(name="real_kernel", shape=shape, trainable=True,
                                               initializer=STFT("real", self.window, self.scaling, self.periodic))
        if self.mode != "real":
            self.imag_kernel = self.add_weight(name="imag_kernel", shape=shape, trainable=True,
                                               initializer=STFT("imag", self.window, self.scaling, self.periodic))
        self.built = True

    def _conv(self, signal, kernel):
        """`(batch, channels, time)` -> `(batch, channels, bins, frames)`."""
        batch, channels, time = signal.shape
        x = signal.reshape(batch * channels, 1, time)
        weight = kernel.value if hasattr(kernel, "value") else kernel
        weight = weight.to(x.dtype).permute(2, 1, 0)  # (bins, 1, frame_length)
        if self.padding == "same":
            frames = -(-time // self._frame_step)
            total = max((frames - 1) * self._frame_step + self.frame_length - time, 0)
            x = torch.nn.functional.pad(x, (total // 2, total - total // 2))
        out = torch.nn.functional.conv1d(x, weight.contiguous(), stride=self._frame_step)
        return out.reshape(batch, channels, out.shape[1], out.shape[2])

    def _arrange(self, out):
        batch, channels, bins, frames = out.shape
        if self.expand_dims:
            return out.permute(0, 3, 2, 1) if self.data_format == "channels_last" else out.permute(0, 1, 3, 2)
        flat = out.reshape(batch, channels * bins, frames)
        return flat.permute(0, 2, 1) if self.data_format == "channels_last" else flat

    def call(self, inputs):
        x = inputs if isinstance(inputs, torch.Tensor) else torch.as_tensor(inputs)
        if x.dtype not in (torch.float16, torch.float32, torch.float64):
            raise TypeError(f"Invalid input type. Expected `float16`, `float32` or `float64`. "
                            f"Received: input type={str(x.dtype).replace('torch.', '')}")
        if x.dim() != 3:
            raise ValueError(f"Input 0 of layer \"{self.name}\" is incompatible with the layer: expected ndim=3, "
                             f"found ndim={x.dim()}. Full shape received: {tuple(x.shape)}")
        signal = x.transpose(1, 2) if self.data_format == "channels_last" else x
        real = self._conv(signal, self.real_kernel) if self.mode != "imag" else None
        imag = self._conv(signal, self.imag_kernel) if self.mode != "real" else None
        if self.mode == "real":
            return self._arrange(real)
        if self.mode == "imag":
            return self._arrange(imag)
        if self.mode == "angle":
            return self._arrange(torch.atan2(imag, real))
        if self.mode == "stft":
            return self._arrange(torch.cat([real, imag], dim=2))
        power = real.square() + imag.square()
        if self.mode == "psd":
            inner = torch.nn.functional.pad(power[:, :, 1:-1, :], (0, 0, 1, 1))
            return self._arrange(power + inner)
        magnitude = self._arrange(torch.sqrt(torch.clamp(power, min=keras_config.epsilon())))
        return magnitude if self.mode == "magnitude" else torch.log(torch.clamp(magnitude, min=keras_config.epsilon()))

    def compute_output_shape(self, input_shape):
        channels = input_shape[-1] if self.data_format == "channels_last" else input_shape[1]
        time = input_shape[1] if self.data_format == "channels_last" else input_shape[-1]
        bins = (self._fft_length // 2 + 1) * (2 if self.mode == "stft" else 1)
        if time is None:
            frames = None
        elif self.padding == "same":
            frames = -(-time // self._frame_step)
        else:
            frames = (time - self.frame_length) // self._frame_step + 1
        if self.expand_dims:
            return ((input_shape[0], frames, bins, channels) if self.data_format == "channels_last"
                    else (input_shape[0], channels, frames, bins))
        width = None if channels is None else bins * channels
        return (input_shape[0], frames, width) if self.data_format == "channels_last" else (input_shape[0], width,
                                                                                             frames)

    def get_config(self):
        window = self.window.tolist() if hasattr(self.window, "tolist") else self.window
        return {**super().get_config(), "mode": self.mode, "frame_length": self.frame_length,
                "frame_step": self.frame_step, "fft_length": self.fft_length, "window": window,
                "periodic": self.periodic, "scaling": self.scaling, "padding": self.padding,
                "data_format": self.data_format, "expand_dims": self.expand_dims}


class MelSpectrogram(Layer):
    """Mel spectrogram of a signal, in decibels by default.

    Args:
        fft_length: int, default 2048.
        sequence_stride: int, default 512: the hop between frames.
        sequence_length: int <= fft_length, default `fft_length`: the window length.
        window: "hann" (default), "hamming" or None.
        sampling_rate: int, default 16000.
        num_mel_bins: int, default 128.
        min_freq, max_freq: float, default 20.0 and `sampling_rate / 2`: the mel filters' edges (Hz).
        power_to_db: bool, default True: `10 log10(max(x, min_power) / max(|ref_power|, min_power))`,
            floored at `max - top_db` where `max` is taken over the whole call (the batch), as Keras.
        top_db: float, default 80.0.
        mag_exp: float, default 2.0 (power; 1.0 for magnitude).
        min_power: float, default 1e-10.
        ref_power: float, default 1.0.

    Input shape: `(batch, time)` or `(time,)`, float.
    Output shape: `(batch, num_mel_bins, frames)` (or `(num_mel_bins, frames)`), `frames =
    1 + time // sequence_stride`.

    Raises:
        ValueError: if `fft_length < sequence_length`.
    """

    def __init__(self, fft_length=2048, sequence_stride=512, sequence_length=None, window="hann", sampling_rate=16000,
                 num_mel_bins=128, min_freq=20.0, max_freq=None, power_to_db=True, top_db=80.0, mag_exp=2.0,
                 min_power=1e-10, ref_power=1.0, **kwargs):
        self.fft_length, self.sequence_stride = fft_length, sequence_stride
        self.sequence_length = sequence_length or fft_length
        if self.fft_length < self.sequence_length:
            raise ValueError(f"`fft_length` must be greater than or equal to `sequence_length`. Received: "
                             f"`sequence_length`={self.sequence_length}, `fft_length`={self.fft_length}.")
        super().__init__(**kwargs)
        self.window, self.sampling_rate, self.num_mel_bins = window, sampling_rate, num_mel_bins
        self.min_freq = min_freq
        self.max_freq = max_freq or int(sampling_rate / 2)
        self.power_to_db, self.top_db, self.mag_exp = power_to_db, top_db, mag_exp
        self.min_power, self.ref_power = min_power, ref_power

    def call(self, inputs):
        x = inputs if isinstance(inputs, torch.Tensor) else torch.as_tensor(inputs)
        x = x if x.dtype in (torch.float32, torch.float64) else x.to(torch.float32)
        real, imag = ops_math.stft(x, sequence_length=self.sequence_length, sequence_stride=self.sequence_stride,
                                   fft_length=self.fft_length, window=self.window, center=True)
        spectrum = torch.sqrt(real.square() + imag.square()) ** self.mag_exp
        mel = torch.tensordot(spectrum, self._mel_matrix(spectrum), dims=1)
        if self.power_to_db:
            db = 10.0 * torch.log10(torch.clamp(mel, min=self.min_power))
            db = db - 10.0 * math.log10(max(abs(self.ref_power), self.min_power))
            mel = torch.maximum(db, db.max() - self.top_db)
        return mel.transpose(-1, -2).to(torch.float32 if self.compute_dtype == "float32" else mel.dtype)

    def _mel_matrix(self, spectrum):
        """The mel filters for this spectrum's bins, dtype and device, computed once (not per batch)."""
        key = (spectrum.shape[-1], spectrum.dtype, spectrum.device)
        cache = self.__dict__.setdefault("_mel_matrices", {})
        if key not in cache:
            cache[key] = linear_to_mel_weight_matrix(self.num_mel_bins, key[0], self.sampling_rate, self.min_freq,
                                                     self.max_freq, dtype=torch.float64).to(key[1]).to(key[2])
        return cache[key]

    def compute_output_shape(self, input_shape):
        frames = None if input_shape[-1] is None else 1 + input_shape[-1] // self.sequence_stride
        return tuple(input_shape[:-1]) + (self.num_mel_bins, frames)

    def get_config(self):
        return {**super().get_config(), "fft_length": self.fft_length, "sequence_stride": self.sequence_stride,
                "sequence_length": self.sequence_length, "window": self.window, "sampling_rate": self.sampling_rate,
                "num_mel_bins": self.num_mel_bins, "min_freq": self.min_freq, "max_freq": self.max_freq,
                "power_to_db": self.power_to_db, "top_db": self.top_db, "mag_exp": self.mag_exp,
                "min_power": self.min_power, "ref_power": self.ref_power}
