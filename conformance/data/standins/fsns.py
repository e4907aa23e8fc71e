"""French Street Name Signs stand-in: the TFRecord test shard ``fsns-00000-of-00001`` (guide/data).

The original is a TFRecord file of ``tf.train.Example`` protos with ``image/encoded`` (a PNG of four
150x150 views of a sign, 600x150 RGB), ``image/format``, ``image/text`` (the street name),
``image/class`` / ``image/unpadded_class`` (character ids, padded to 37 with the null id 133),
``image/width`` and ``image/orig_width``. The stand-in writes a few such records, encoded by hand
(TFRecord framing with masked CRC32C, protobuf wire format, PNG via zlib): stdlib and numpy only.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np

URL = "https://storage.googleapis.com/download.tensorflow.org/data/fsns-20160927/testdata/fsns-00000-of-00001"

_NAMES = ["Rue de la Paix", "Avenue Foch", "Rue Lepic", "Quai Voltaire", "Boulevard Raspail", "Rue Cler"]
_CRC_TABLE = []
for _n in range(256):
    _c = _n
    for _ in range(8):
        _c = (_c >> 1) ^ 0x82F63B78 if _c & 1 else _c >> 1
    _CRC_TABLE.append(_c)


def _crc32c(data: bytes) -> int:
    crc = 0xFFFFFFFF
    for byte in data:
        crc = _CRC_TABLE[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def _masked_crc(data: bytes) -> int:
    crc = _crc32c(data)
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def _record(payload: bytes) -> bytes:
    length = struct.pack("<Q", len(payload))
    return length + struct.pack("<I", _masked_crc(length)) + payload + struct.pack("<I", _masked_crc(payload))


def _varint(value: int) -> bytes:
    out = bytearray()
    value &= (1 << 64) - 1
    while True:
        bits = value & 0x7F
        value >>= 7
        if value:
            out.append(bits | 0x80)
        else:
            out.append(bits)
            return bytes(out)


def _field(number: int, payload: bytes) -> bytes:  # a length-delimited field
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


def _bytes_feature(*values: bytes) -> bytes:
    return _field(1, b"".join(_field(1, v) for v in values))


def _int64_feature(*values: int) -> bytes:
    return _field(3, _field(1, b"".join(_varint(v) for v in values)))


def _example(features: dict) -> bytes:
    entries = b"".join(_field(1, _field(1, k.encode()) + _field(2, v)) for k, v in sorted(features.items()))
    return _field(1, entries)


def _png(image: np.ndarray) -> bytes:
    height, width, _ = image.shape
    raw = b"".join(b"\x00" + image[row].tobytes() for row in range(height))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")


def build(path: Path) -> None:
    rng = np.random.default_rng(2016)
    records = []
    for index, text in enumerate(_NAMES):
        image = (rng.random((150, 600, 3)) * 60 + 120).astype(np.uint8)
        image[60:90, 20 : 20 + 40 * len(text.split())] = 255  # a white sign plate
        ids = [(ord(ch) % 132) + 1 for ch in text][:37]
        padded = ids + [133] * (37 - len(ids))
        features = {
            "image/encoded": _bytes_feature(_png(image)),
            "image/format": _bytes_feature(b"PNG"),
            "image/text": _bytes_feature(text.encode()),
            "image/class": _int64_feature(*padded),
            "image/unpadded_class": _int64_feature(*ids),
            "image/width": _int64_feature(600),
            "image/orig_width": _int64_feature(150 + index),
        }
        records.append(_record(_example(features)))
    path.write_bytes(b"".join(records))


STANDINS = {URL: build}
