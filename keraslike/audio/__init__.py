"""`tf.audio`: WAV decoding and encoding."""

from keraslike._src.audio.wav import decode_wav, encode_wav  # noqa: F401
