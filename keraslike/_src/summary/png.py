"""A small PNG encoder (8-bit grayscale, gray+alpha, RGB, RGBA) for image summaries.

PNG is zlib-compressed scanlines in CRC-checked chunks (the public PNG spec, RFC 2083); no
filtering beyond type 0 is needed for valid files. Keeps image summaries free of an image library.
"""

import struct
import zlib

import numpy as np

_COLOR_TYPES = {1: 0, 2: 4, 3: 2, 4: 6}  # channels -> PNG colour type


def _chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def encode_png(image):
    """PNG bytes of a `(height, width, channels)` uint8 array with 1-4 channels.

    Raises:
        ValueError: for another shape or dtype.
    """
    array = np.asarray(image)
    if array.dtype != np.uint8 or array.ndim != 3 or array.shape[2] not in _COLOR_TYPES:
        raise ValueError("encode_png expects a (height, width, channels) uint8 array with 1-4 channels. "
                         f"Received: shape={array.shape}, dtype={array.dtype}")
    height, width, channels = array.shape
    header = struct.pack(">IIBBBBB", width, height, 8, _COLOR_TYPES[channels], 0, 0, 0)
    rows = np.concatenate([np.zeros((height, 1), np.uint8), array.reshape(height, width * channels)], axis=1)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(rows.tobytes(), 6))
            + _chunk(b"IEND", b""))
