"""Kaggle Cats vs Dogs (``kagglecatsanddogs_5340.zip``, keras-io image classification from scratch).

The zip holds ``PetImages/Cat/<n>.jpg`` and ``PetImages/Dog/<n>.jpg`` (JFIF JPEGs of 96x96 RGB), plus a few
files that are not JFIF (PNG bytes under a ``.jpg`` name, and an empty file), as the real archive has
corrupted images the example filters out. Cats are warm-toned images with round blobs, dogs cool-toned with
stripes, under noise and random placement, so a small convnet separates them. ``Cat/6779.jpg`` exists (the
example runs inference on it).
"""

import io
import zipfile
from pathlib import Path

import numpy as np
from PIL import Image

URL = "https://download.microsoft.com/download/3/E/1/3E1C3F21-ECDB-4869-8368-6DEBA77B919F/kagglecatsanddogs_5340.zip"
PER_CLASS = 200
SIZE = 96


def _image(r: np.random.Generator, dog: bool) -> np.ndarray:
    yy, xx = np.mgrid[0:SIZE, 0:SIZE].astype(np.float32)
    base = np.array([70, 110, 170] if dog else [180, 120, 70], np.float32)
    img = np.ones((SIZE, SIZE, 3), np.float32) * base * r.uniform(0.7, 1.1)
    if dog:
        period = r.uniform(8, 14)
        angle = r.uniform(0, np.pi)
        stripes = np.sin((xx * np.cos(angle) + yy * np.sin(angle)) * 2 * np.pi / period)
        img += 45 * stripes[..., None]
    else:
        for _ in range(3):
            cy, cx, rad = r.uniform(15, SIZE - 15), r.uniform(15, SIZE - 15), r.uniform(8, 18)
            img += 60 * (((yy - cy) ** 2 + (xx - cx) ** 2) < rad ** 2)[..., None]
    img += r.normal(0, 25, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


def _jpeg(array: np.ndarray) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(array).save(buf, format="JPEG", quality=85)
    return buf.getvalue()


def _png(array: np.ndarray) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(array).save(buf, format="PNG")
    return buf.getvalue()


def build(path: Path) -> None:
    r = np.random.default_rng(5340)
    members = {}
    for label, dog in (("Cat", False), ("Dog", True)):
        ids = list(range(6700, 6700 + PER_CLASS))
        for n in ids:
            members[f"PetImages/{label}/{n}.jpg"] = _jpeg(_image(r, dog))
        members[f"PetImages/{label}/{ids[-1] + 1}.jpg"] = _png(_image(r, dog))  # not JFIF: filtered out
        members[f"PetImages/{label}/Thumbs.db"] = b""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_STORED) as z:
        for name in ("PetImages/", "PetImages/Cat/", "PetImages/Dog/"):
            z.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), b"")
        for name, data in members.items():
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    path.write_bytes(buf.getvalue())


STANDINS = {URL: build}
