"""The picture guide/core/matrix_core compresses with an SVD: Imagen's gallery JPEG of a corgi on a bike.

The original is a square RGB JPEG; the stand-in is a smaller RGB JPEG (256x256: the guide's SVD per
channel stays quick) of smooth shapes plus noise, so low-rank approximations behave like a photo's
(most energy in the first singular values).
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
from PIL import Image

URL = "https://imagen.research.google/main_gallery_images/a-photo-of-a-corgi-dog-riding-a-bike-in-times-square.jpg"


def build(path: Path) -> None:
    rng = np.random.default_rng(2022)
    yy, xx = np.mgrid[0:256, 0:256].astype(np.float32) / 256.0
    disc = ((xx - 0.5) ** 2 + (yy - 0.6) ** 2 < 0.05).astype(np.float32)
    layers = [np.sin(3 * xx + 1), np.cos(5 * yy - 2 * xx), disc]
    image = np.stack(layers, axis=-1) * 90 + 128 + rng.normal(0, 8, size=(256, 256, 3))
    buffer = io.BytesIO()
    Image.fromarray(image.clip(0, 255).astype(np.uint8)).save(buffer, format="JPEG", quality=90)
    path.write_bytes(buffer.getvalue())


STANDINS = {URL: build}
