"""Moving MNIST (``mnist_test_seq.npy``: uint8, shape ``(20 frames, sequences, 64, 64)``), as keras-io's ConvLSTM
next-frame example reads it with ``np.load`` and swaps the first two axes.

Each sequence has two 14x14 glyphs (stroke patterns, not MNIST digits) moving at constant velocity and bouncing
off the 64x64 borders, so each frame is predictable from the previous ones. 100 sequences instead of 10,000.
"""

import io

import numpy as np

from conformance.data.standins._common import rng

URL = "http://www.cs.toronto.edu/~nitish/unsupervised_video/mnist_test_seq.npy"
FRAMES, SEQUENCES, SIZE, GLYPH = 20, 100, 64, 14


def _glyph(r):
    glyph = np.zeros((GLYPH, GLYPH))
    for _ in range(3):  # three thick strokes between random points
        (y0, x0), (y1, x1) = r.integers(2, GLYPH - 2, (2, 2))
        for t in np.linspace(0, 1, 20):
            y, x = int(round(y0 + t * (y1 - y0))), int(round(x0 + t * (x1 - x0)))
            glyph[max(y - 1, 0):y + 2, max(x - 1, 0):x + 2] = 1.0
    return glyph


def build(path):
    r = rng(2015)
    video = np.zeros((FRAMES, SEQUENCES, SIZE, SIZE), dtype=np.float32)
    limit = SIZE - GLYPH
    for s in range(SEQUENCES):
        for _ in range(2):
            glyph = _glyph(r)
            pos = r.uniform(0, limit, 2)
            vel = r.uniform(-3, 3, 2)
            for f in range(FRAMES):
                y, x = int(pos[0]), int(pos[1])
                patch = video[f, s, y:y + GLYPH, x:x + GLYPH]
                np.maximum(patch, glyph, out=patch)
                pos += vel
                for axis in range(2):
                    if not 0 <= pos[axis] <= limit:
                        vel[axis] = -vel[axis]
                        pos[axis] = np.clip(pos[axis], 0, limit)
    buffer = io.BytesIO()
    np.save(buffer, (video * 255).astype(np.uint8))
    path.write_bytes(buffer.getvalue())


STANDINS = {URL: build}
