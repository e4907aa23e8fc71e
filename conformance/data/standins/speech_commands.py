"""``mini_speech_commands.zip`` (audio/simple_audio): 16 kHz mono 16-bit WAVs in eight command folders."""

import io
import wave

import numpy as np

from conformance.data.standins._common import rng, write_zip

URL = "http://storage.googleapis.com/download.tensorflow.org/data/mini_speech_commands.zip"
COMMANDS = ["down", "go", "left", "no", "right", "stop", "up", "yes"]


def _wav(samples):
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(16000)
        w.writeframes(samples.astype("<i2").tobytes())
    return buffer.getvalue()


def build(path):
    r = rng(101)
    files = {"mini_speech_commands/": b"", "mini_speech_commands/README.md": "Conformance stand-in.\n"}
    t = np.arange(16000) / 16000
    for label, name in enumerate(COMMANDS):
        files[f"mini_speech_commands/{name}/"] = b""
        for i in range(30):
            length = int(r.integers(12000, 16001))  # a few clips shorter than one second, as the original
            f0 = 200 + 110 * label + r.normal(0, 10)
            start = r.uniform(0.1, 0.4)
            envelope = np.exp(-((t - start - 0.2) / 0.12) ** 2)
            tone = np.sin(2 * np.pi * f0 * t) + 0.5 * np.sin(2 * np.pi * f0 * (1.5 + 0.1 * (label % 3)) * t)
            signal = 9000 * envelope * tone + r.normal(0, 600, t.shape)
            files[f"mini_speech_commands/{name}/{i:04x}{label}_nohash_0.wav"] = _wav(signal[:length])
    files["mini_speech_commands/no/01bb6a2a_nohash_0.wav"] = _named_no_clip(t)  # the tutorial reads it by name
    write_zip(path, files)


def _named_no_clip(t):
    """The 'no' clip the tutorial opens by its file name, drawn like the other 'no' clips (own seed)."""
    r = rng(102)
    label = COMMANDS.index("no")
    f0 = 200 + 110 * label + r.normal(0, 10)
    envelope = np.exp(-((t - 0.45) / 0.12) ** 2)
    tone = np.sin(2 * np.pi * f0 * t) + 0.5 * np.sin(2 * np.pi * f0 * (1.5 + 0.1 * (label % 3)) * t)
    return _wav(9000 * envelope * tone + r.normal(0, 600, t.shape))


STANDINS = {URL: build}
