"""Write `tests/golden/image.json`: real TF 2.21's tf.image results for `image_cases.py`, TF-encoded PNG/JPEG,
and what TF decodes from the GIF/BMP/WebP files of `image_files.json` (`make_image_files.py`).

Run under real TensorFlow, from the repository root:

    /work/tfvenv/bin/python tests/golden/make_image_golden.py
"""

import base64
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import core_cases  # noqa: E402
import image_cases  # noqa: E402
import tensorflow as tf  # noqa: E402


def _short(value):
    """Floats to 8 significant digits (float32 results need no more), to keep the file small."""
    if isinstance(value, float):
        return float(f"{value:.8g}")
    if isinstance(value, list):
        return [_short(v) for v in value]
    if isinstance(value, dict):
        return {k: _short(v) for k, v in value.items()}
    return value


def main():
    png = tf.io.encode_png(image_cases.IMAGE_U8).numpy()
    jpeg = tf.io.encode_jpeg(image_cases.IMAGE_U8, quality=90).numpy()
    out = {
        "versions": {"tensorflow": tf.__version__},
        "cases": {name: _short(core_cases.run(case, tf)) for name, case in image_cases.CASES.items()},
        "png": base64.b64encode(png).decode(), "png_decoded": tf.io.decode_png(png).numpy().tolist(),
        "png_gray": tf.io.decode_png(png, channels=1).numpy().tolist(),
        "jpeg": base64.b64encode(jpeg).decode(), "jpeg_decoded": tf.io.decode_jpeg(jpeg).numpy().tolist(),
    }
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "image_files.json")) as handle:
        files = {k: base64.b64decode(v) for k, v in json.load(handle).items()}
    out["files_decoded"] = {
        "gif": tf.io.decode_gif(files["gif"]).numpy().tolist(), "bmp": tf.io.decode_bmp(files["bmp"]).numpy().tolist(),
        "webp": tf.io.decode_webp(files["webp"]).numpy().tolist(),
        "image_gif": tf.io.decode_image(files["gif"]).numpy().tolist(),
        "image_bmp": tf.io.decode_image(files["bmp"]).numpy().tolist(),
    }
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "image.json")
    with open(path + ".tmp", "w") as handle:
        json.dump(out, handle, sort_keys=True)
    os.replace(path + ".tmp", path)
    print(f"wrote {len(out['cases'])} cases to {path}")


if __name__ == "__main__":
    main()
