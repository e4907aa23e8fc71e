"""Write `tests/golden/image_files.json`: small GIF (2 frames), BMP and lossless WebP files made with Pillow.

Run in keraslike's venv (Pillow comes with torchvision), from the repository root, before
`make_image_golden.py` (which records what real TF decodes from them):

    python tests/golden/make_image_files.py
"""

import base64
import io
import json
import os

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))


def _encode(images, fmt, **kwargs):
    buffer = io.BytesIO()
    frames = [Image.fromarray(a) for a in images]
    frames[0].save(buffer, format=fmt, save_all=len(frames) > 1, append_images=frames[1:], **kwargs)
    return base64.b64encode(buffer.getvalue()).decode()


def main():
    rng = np.random.RandomState(1)
    palette = rng.randint(0, 256, size=(4, 3)).astype(np.uint8)
    gif_frames = [palette[rng.randint(0, 4, size=(5, 6))] for _ in range(2)]
    rgb = rng.randint(0, 256, size=(4, 7, 3)).astype(np.uint8)
    out = {"gif": _encode(gif_frames, "GIF"), "bmp": _encode([rgb], "BMP"),
           "webp": _encode([rgb], "WEBP", lossless=True)}
    path = os.path.join(HERE, "image_files.json")
    with open(path + ".tmp", "w") as handle:
        json.dump(out, handle, indent=1, sort_keys=True)
    os.replace(path + ".tmp", path)


if __name__ == "__main__":
    main()
