"""`tf.audio.decode_wav` and `tf.audio.encode_wav`: 16-bit PCM WAV files (tensorflow/core/lib/wav/wav_io.cc).

As TF: `decode_wav` reads only 16-bit PCM and returns float32 samples `s / 32768` of shape
`(samples, channels)` with the sample rate as an int32 scalar; `encode_wav` writes
`clip(round(x * 32768), -32768, 32767)` (halves away from zero) as a 16-bit PCM RIFF file.
The bytes are parsed here (RIFF chunks, bounded by the input's length); malformed input raises
`tf.errors.InvalidArgumentError` naming what is wrong.
"""

import struct

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.ops.string_tensor import as_string_array, string_tensor


def _invalid(message):
    return errors.InvalidArgumentError(None, "DecodeWav", message)


def _contents_bytes(contents):
    array = as_string_array(contents)
    if array.ndim != 0:
        raise ValueError(f"`contents` must be a scalar string (one file's bytes). Received: shape={array.shape}")
    return array.item()


def _read_header(data):
    """(channels, sample_rate, bits, pcm bytes) of a RIFF/WAVE file."""
    if len(data) < 12 or data[:4] != b"RIFF":
        raise _invalid(f"Header mismatch: Expected RIFF but found {data[:4].decode('latin-1')}")
    if data[8:12] != b"WAVE":
        raise _invalid(f"Header mismatch: Expected WAVE but found {data[8:12].decode('latin-1')}")
    offset, fmt, pcm = 12, None, None
    while offset + 8 <= len(data):
        chunk_id, size = data[offset:offset + 4], struct.unpack("<I", data[offset + 4:offset + 8])[0]
        body = data[offset + 8:offset + 8 + size]
        if len(body) < size:
            raise _invalid(f"Chunk {chunk_id!r} of {size} bytes runs past the end of the file ({len(data)} bytes)")
        if chunk_id == b"fmt ":
            if size < 16:
                raise _invalid(f"Bad fmt chunk size: {size}")
            fmt = struct.unpack("<HHIIHH", body[:16])
        elif chunk_id == b"data":
            pcm = body
            break
        offset += 8 + size + (size & 1)
    if fmt is None:
        raise _invalid("No fmt chunk found")
    if pcm is None:
        raise _invalid("No data chunk found")
    audio_format, channels, rate, _, _, bits = fmt
    if audio_format not in (1, 0xFFFE):
        raise _invalid(f"Bad audio format value of {audio_format}")
    if channels < 1:
        raise _invalid(f"Bad number of channels: {channels}")
    if bits != 16:
        raise _invalid(f"Can only read 16-bit WAV files, but received {bits}")
    return channels, rate, pcm


def decode_wav(contents, desired_channels=-1, desired_samples=-1, name=None):
    """`tf.audio.decode_wav(contents, desired_channels=-1, desired_samples=-1, name=None)`.

    Args:
        contents: a scalar string (e.g. `tf.io.read_file(path)`), the WAV file's bytes.
        desired_channels: int; -1 keeps the file's channels. Fewer keeps the first ones; more repeats
            the last one (TF's rule).
        desired_samples: int; -1 keeps every sample. Fewer truncates; more pads with zeros.

    Returns:
        `(audio, sample_rate)`: float32 `(samples, channels)` in [-1, 1), and an int32 scalar.

    Raises:
        tf.errors.InvalidArgumentError: for a file that is not 16-bit PCM WAV or is malformed.
    """
    channels, rate, pcm = _read_header(_contents_bytes(contents))
    frames = len(pcm) // (2 * channels)
    samples = np.frombuffer(pcm[:frames * 2 * channels], dtype="<i2").reshape(frames, channels)
    audio = samples.astype(np.float32) / 32768.0
    if desired_channels is not None and int(desired_channels) > 0:
        want = int(desired_channels)
        audio = audio[:, :want] if want <= channels else np.concatenate(
            [audio, np.repeat(audio[:, -1:], want - channels, axis=1)], axis=1)
    if desired_samples is not None and int(desired_samples) >= 0:
        want = int(desired_samples)
        audio = audio[:want] if want <= len(audio) else np.concatenate(
            [audio, np.zeros((want - len(audio), audio.shape[1]), np.float32)])
    return torch.from_numpy(np.ascontiguousarray(audio)), torch.tensor(rate, dtype=torch.int32)


def encode_wav(audio, sample_rate, name=None):
    """`tf.audio.encode_wav(audio, sample_rate, name=None)`: a 16-bit PCM WAV file as a scalar string.

    Args:
        audio: float32 `(samples, channels)`, values in [-1, 1] (clipped).
        sample_rate: int scalar, samples per second.

    Raises:
        ValueError: for audio that is not 2-D or a non-positive sample rate.
    """
    x = audio.detach().cpu().numpy() if isinstance(audio, torch.Tensor) else np.asarray(audio)
    if x.ndim != 2:
        raise ValueError(f"`audio` must be 2-D (samples, channels). Received: shape={x.shape}")
    rate = int(sample_rate.item() if hasattr(sample_rate, "item") else sample_rate)
    if rate <= 0:
        raise ValueError(f"`sample_rate` must be positive. Received: sample_rate={rate}")
    scaled = x.astype(np.float64) * 32768.0
    rounded = np.sign(scaled) * np.floor(np.abs(scaled) + 0.5)  # halves away from zero, as C's roundf
    pcm = np.clip(rounded, -32768, 32767).astype("<i2").tobytes()
    channels = x.shape[1]
    header = struct.pack("<4sI4s4sIHHIIHH4sI", b"RIFF", 36 + len(pcm), b"WAVE", b"fmt ", 16, 1, channels, rate,
                         rate * channels * 2, channels * 2, 16, b"data", len(pcm))
    return string_tensor(np.array(header + pcm, dtype=object))
