"""pix2pix's ``facades.tar.gz``: 256x512 JPEGs, the photo on the left and its label map on the right."""

import numpy as np

from conformance.data.standins._common import jpeg_bytes, rng, write_tar

URL = "http://efrosgans.eecs.berkeley.edu/pix2pix/datasets/facades.tar.gz"


def _pair(r):
    labels = np.zeros((256, 256, 3), dtype=np.float32)
    labels[:] = (20, 40, 200)
    photo = np.zeros_like(labels)
    photo[:] = r.uniform(80, 160, size=3)
    for _ in range(int(r.integers(4, 10))):
        y, x = int(r.integers(0, 200)), int(r.integers(0, 200))
        h, w = int(r.integers(20, 56)), int(r.integers(20, 56))
        kind = int(r.integers(0, 3))
        labels[y:y + h, x:x + w] = [(200, 30, 30), (30, 200, 30), (220, 220, 20)][kind]
        photo[y:y + h, x:x + w] = [(40, 40, 60), (150, 110, 80), (230, 230, 220)][kind]
    photo += r.normal(0, 10, size=photo.shape)
    return np.clip(np.concatenate([photo, labels], axis=1), 0, 255).astype(np.uint8)


def build(path):
    r = rng(53)
    files = {}
    for split, n in (("train", 100), ("test", 10), ("val", 10)):  # the tutorial shows train/100.jpg
        for i in range(n):
            files[f"facades/{split}/{i + 1}.jpg"] = jpeg_bytes(_pair(r))
    write_tar(path, files)


STANDINS = {URL: build}
