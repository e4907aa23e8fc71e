"""tf.audio.encode_wav / decode_wav: byte-exact against real TF 2.21 (tests/golden/make_wav_golden.py)."""

import io
import json
import os
import wave

import numpy as np
import pytest

import keraslike as tf

with open(os.path.join(os.path.dirname(__file__), "..", "golden", "wav.json")) as f:
    GOLDEN = json.load(f)


def test_encode_is_byte_identical_to_tensorflow():
    encoded = tf.audio.encode_wav(np.array(GOLDEN["audio"], np.float32), GOLDEN["rate"])
    assert encoded.dtype == tf.string and encoded.shape == ()
    assert encoded.numpy().hex() == GOLDEN["encoded_hex"]


@pytest.mark.parametrize("key", sorted(GOLDEN["decodes"]))
def test_decode_matches_tensorflow(key):
    channels, samples = (int(v) for v in key.split(","))
    audio, rate = tf.audio.decode_wav(tf.constant(bytes.fromhex(GOLDEN["encoded_hex"])), desired_channels=channels,
                                      desired_samples=samples)
    assert audio.dtype == tf.float32 and rate.dtype == tf.int32 and int(rate) == GOLDEN["rate"]
    np.testing.assert_array_equal(audio.numpy(), np.array(GOLDEN["decodes"][key]["audio"], np.float32))


def test_files_with_extra_chunks_read_and_other_formats_raise_as_tf(tmp_path):
    pcm = np.array([0, 16384, -16384], "<i2").tobytes()
    extra = b"LIST" + (5).to_bytes(4, "little") + b"abcde" + b"\x00"  # an odd-sized chunk with its pad byte
    fmt = b"fmt " + (16).to_bytes(4, "little") + np.array([1, 1], "<u2").tobytes() + np.array(
        [8000, 16000], "<u4").tobytes() + np.array([2, 16], "<u2").tobytes()
    body = b"WAVE" + fmt + extra + b"data" + len(pcm).to_bytes(4, "little") + pcm
    data = b"RIFF" + len(body).to_bytes(4, "little") + body
    path = tmp_path / "a.wav"
    path.write_bytes(data)
    audio, _ = tf.audio.decode_wav(tf.io.read_file(str(path)))
    np.testing.assert_array_equal(audio.numpy()[:, 0], [0.0, 0.5, -0.5])
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(1)
        w.setframerate(100)
        w.writeframes(b"\x00\x01")
    with pytest.raises(tf.errors.InvalidArgumentError, match="Can only read 16-bit WAV files, but received 8"):
        tf.audio.decode_wav(buffer.getvalue())
    with pytest.raises(tf.errors.InvalidArgumentError, match="Expected RIFF"):
        tf.audio.decode_wav(b"garbage")
    with pytest.raises(tf.errors.InvalidArgumentError, match="past the end"):
        tf.audio.decode_wav(data[:-4])
