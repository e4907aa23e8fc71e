"""Shared helpers for the stand-in builders: seeded generators with real signal, archive writers."""

from __future__ import annotations

import gzip
import io
import json
import struct
import tarfile
import zipfile
import zlib
from pathlib import Path

import numpy as np
from PIL import Image

TF_KERAS_DATASETS = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/"
_EPOCH = (2020, 1, 1, 0, 0, 0)
_MTIME = 1577836800  # 2020-01-01, so archives are byte-identical from run to run


def rng(seed: int) -> np.random.Generator:
    return np.random.default_rng(seed)


def smooth_prototypes(r: np.random.Generator, classes: int, size: int, channels: int = 1, grid: int = 4) -> np.ndarray:
    """``classes`` distinct low-frequency patterns in [0, 1] of shape ``(classes, size, size, channels)``."""
    coarse = r.random((classes, grid, grid, channels))
    reps = -(-size // grid)
    fine = np.repeat(np.repeat(coarse, reps, axis=1), reps, axis=2)[:, :size, :size]
    # a little blur so the blocks are not the whole story
    blurred = (fine + np.roll(fine, 1, 1) + np.roll(fine, -1, 1) + np.roll(fine, 1, 2) + np.roll(fine, -1, 2)) / 5
    return blurred


def class_images(r: np.random.Generator, labels: np.ndarray, prototypes: np.ndarray, noise: float = 0.35,
                 shift: int = 2) -> np.ndarray:
    """uint8 images: the label's prototype, each randomly shifted and scaled, plus Gaussian noise."""
    n = len(labels)
    out = np.empty((n,) + prototypes.shape[1:], dtype=np.uint8)
    for start in range(0, n, 2000):
        lab = labels[start:start + 2000]
        imgs = prototypes[lab].astype(np.float32)
        if shift:
            moves = r.integers(-shift, shift + 1, size=(len(lab), 2))
            for dx in range(-shift, shift + 1):
                for dy in range(-shift, shift + 1):
                    sel = (moves[:, 0] == dx) & (moves[:, 1] == dy)
                    if sel.any():
                        imgs[sel] = np.roll(imgs[sel], (dx, dy), axis=(1, 2))
        scale = r.uniform(0.7, 1.0, size=(len(lab), 1, 1, 1)).astype(np.float32)
        imgs = imgs * scale + r.normal(0, noise, size=imgs.shape).astype(np.float32) * 0.5
        out[start:start + 2000] = np.clip(imgs * 255, 0, 255).astype(np.uint8)
    return out


def write_npz(path: Path, **arrays) -> None:
    with open(path, "wb") as f:
        np.savez(f, **arrays)
    _fix_zip_times(path)


def _fix_zip_times(path: Path) -> None:
    """Rewrites a zip with fixed member times (numpy writes the current time)."""
    with zipfile.ZipFile(path) as src:
        members = [(info, src.read(info)) for info in src.infolist()]
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=1) as dst:
        for info, data in members:
            info.date_time = _EPOCH
            info.compress_type = zipfile.ZIP_DEFLATED
            dst.writestr(info, data)


def write_zip(path: Path, files: dict) -> None:
    """A zip of ``{member name: bytes or str}``; names ending in ``/`` are folders."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=_EPOCH)
            info.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
            info.external_attr = (0o40755 << 16) | 0x10 if name.endswith("/") else 0o644 << 16
            z.writestr(info, data.encode() if isinstance(data, str) else data)


def write_tar(path: Path, files: dict, compression: str = "gz") -> None:
    """A tar (``gz`` or ``""``) of ``{member name: bytes or str}``; folders are implied, and also written."""
    folders = set()
    for name in files:
        parts = name.rstrip("/").split("/")
        for i in range(1, len(parts)):
            folders.add("/".join(parts[:i]))
    raw = open(path, "wb")  # noqa: SIM115
    try:
        fileobj = gzip.GzipFile(fileobj=raw, mode="wb", mtime=_MTIME, compresslevel=1) if compression == "gz" else raw
        with tarfile.open(fileobj=fileobj, mode="w", format=tarfile.GNU_FORMAT) as tar:
            for folder in sorted(folders):
                info = tarfile.TarInfo(folder)
                info.type, info.mode, info.mtime = tarfile.DIRTYPE, 0o755, _MTIME
                tar.addfile(info)
            for name, data in files.items():
                if name.endswith("/"):
                    continue
                data = data.encode() if isinstance(data, str) else data
                info = tarfile.TarInfo(name)
                info.size, info.mode, info.mtime = len(data), 0o644, _MTIME
                tar.addfile(info, io.BytesIO(data))
        if fileobj is not raw:
            fileobj.close()
    finally:
        raw.close()


def write_gz(path: Path, data: bytes) -> None:
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=_MTIME) as f:
        f.write(data)


def json_bytes(obj) -> bytes:
    return json.dumps(obj).encode()


def png_bytes(image: np.ndarray) -> bytes:
    """A PNG of a uint8 ``(h, w, 3)`` or ``(h, w)`` image (stdlib zlib; no Pillow needed)."""
    if image.ndim == 2:
        image = image[:, :, None]
    h, w, c = image.shape
    color = {1: 0, 3: 2, 4: 6}[c]
    rows = b"".join(b"\x00" + image[y].tobytes() for y in range(h))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, color, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b""))



def jpeg_bytes(image: np.ndarray, quality: int = 90) -> bytes:
    """A baseline JPEG of a uint8 ``(h, w, 3)`` image."""
    buffer = io.BytesIO()
    Image.fromarray(image).save(buffer, format="JPEG", quality=quality)
    return buffer.getvalue()


_ONSETS = ["b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "z", "br", "ch",
           "cl", "dr", "fl", "gr", "pl", "pr", "sh", "st", "th", "tr"]
_VOWELS = ["a", "e", "i", "o", "u", "ai", "ea", "io", "ou", "y"]
COMMON_WORDS = ["the", "and", "a", "of", "to", "is", "in", "it", "this", "that", "was", "as", "for", "with",
                "movie", "but", "film", "on", "not", "you", "are", "his", "have", "he", "be", "one", "all", "at",
                "by", "an", "they", "who", "so", "from", "like", "her", "or", "just", "about", "out", "has", "if",
                "some", "there", "what", "good", "more", "when", "very", "up", "no", "time", "she", "even", "my",
                "would", "which", "only", "story", "really", "see", "their", "had", "can", "were", "me", "well"]
POSITIVE_WORDS = ["great", "excellent", "wonderful", "best", "love", "beautiful", "brilliant", "enjoyed",
                  "perfect", "amazing", "superb", "favorite", "fun", "touching", "masterpiece", "loved"]
NEGATIVE_WORDS = ["bad", "worst", "awful", "boring", "terrible", "waste", "poor", "stupid", "horrible", "dull",
                  "worse", "mess", "annoying", "ridiculous", "lame", "disappointing"]


def vocabulary(size: int, seed: int = 7, reserved: tuple = ()) -> list:
    """``size`` distinct lower-case words: ``reserved`` first, then made-up pronounceable ones."""
    r = rng(seed)
    words, seen = list(reserved), set(reserved)
    while len(words) < size:
        syllables = int(r.integers(1, 4))
        word = "".join(_ONSETS[int(r.integers(len(_ONSETS)))] + _VOWELS[int(r.integers(len(_VOWELS)))]
                       for _ in range(syllables))
        if word not in seen:
            seen.add(word)
            words.append(word)
    return words


def zipf_ids(r: np.random.Generator, n: int, vocab: int, exponent: float = 1.1) -> np.ndarray:
    """``n`` word ids in ``[0, vocab)``, Zipf-like (id 0 the most frequent)."""
    weights = 1.0 / np.arange(1, vocab + 1) ** exponent
    return r.choice(vocab, size=n, p=weights / weights.sum())


def class_documents(r: np.random.Generator, labels: np.ndarray, vocab: int, topic_words: list, min_len: int = 30,
                    max_len: int = 160, topic_rate: float = 0.08) -> list:
    """Word-id documents: Zipf background plus, at ``topic_rate``, words drawn from the label's id list."""
    docs = []
    for label in labels:
        length = int(r.integers(min_len, max_len + 1))
        ids = zipf_ids(r, length, vocab)
        mask = r.random(length) < topic_rate
        chosen = topic_words[int(label)]
        ids[mask] = np.asarray(chosen)[r.integers(0, len(chosen), size=int(mask.sum()))]
        docs.append([int(i) for i in ids])
    return docs


def photo(r: np.random.Generator, label: int, classes: int, height: int, width: int) -> np.ndarray:
    """A uint8 ``(height, width, 3)`` picture whose class shows: a class colour and a class shape (disc,
    square, stripes, ring, cross, ...) on a noisy background of random hue."""
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    cy, cx = height * r.uniform(0.35, 0.65), width * r.uniform(0.35, 0.65)
    radius = min(height, width) * r.uniform(0.22, 0.35)
    dy, dx = (yy - cy) / radius, (xx - cx) / radius
    shape = label % 6
    if shape == 0:
        mask = dy ** 2 + dx ** 2 < 1
    elif shape == 1:
        mask = (np.abs(dy) < 0.8) & (np.abs(dx) < 0.8)
    elif shape == 2:
        mask = (np.sin(xx / max(2.0, width / 16)) > 0.3) & (dy ** 2 + dx ** 2 < 2.5)
    elif shape == 3:
        mask = np.abs(np.sqrt(dy ** 2 + dx ** 2) - 0.8) < 0.25
    elif shape == 4:
        mask = ((np.abs(dy) < 0.25) | (np.abs(dx) < 0.25)) & (np.abs(dy) < 1) & (np.abs(dx) < 1)
    else:
        mask = np.abs(dy) + np.abs(dx) < 1
    hue = np.array([(label * 0.37) % 1.0, (label * 0.61 + 0.3) % 1.0, (label * 0.83 + 0.6) % 1.0])
    colour = 60 + 180 * hue
    background = r.uniform(40, 200, size=3)
    img = np.empty((height, width, 3), dtype=np.float32)
    img[:] = background
    img[mask] = colour
    img += r.normal(0, 18, size=img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


def sentences(r: np.random.Generator, words: list, count: int, min_len: int = 5, max_len: int = 14) -> list:
    """``count`` sentences of Zipf-drawn ``words``."""
    out = []
    for _ in range(count):
        ids = zipf_ids(r, int(r.integers(min_len, max_len + 1)), len(words), 1.0)
        out.append(" ".join(words[i] for i in ids))
    return out
