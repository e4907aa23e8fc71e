"""tf.image against real TF 2.21 (`tests/golden/image.json` from `tests/golden/make_image_golden.py`).

Floats at rtol 1e-5 (atol 1e-4 on 0-255 resize values, 1e-6 otherwise), integers, shapes, dtypes
and error classes exactly; PNG decoding exactly; JPEG decoding within 4 levels (mean 1.5) of TF's on a
noise image (the libjpeg builds round their IDCT and upsampling differently).
"""

import base64
import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "golden"))

import core_cases  # noqa: E402
import image_cases  # noqa: E402

with open(os.path.join(HERE, "..", "golden", "image.json")) as _handle:
    GOLDEN = json.load(_handle)


def _compare(got, want, path, atol):
    if isinstance(want, dict) and "dtype" in want:
        assert isinstance(got, dict) and got["dtype"] == want["dtype"] and got["shape"] == want["shape"], \
            f"{path}: {got.get('dtype')} {got.get('shape')} != {want['dtype']} {want['shape']}"
        g, w = np.asarray(got["value"], dtype=np.float64), np.asarray(want["value"], dtype=np.float64)
        if want["dtype"].startswith(("float", "complex")):
            np.testing.assert_allclose(g, w, rtol=1e-5, atol=atol, err_msg=path)
        else:
            np.testing.assert_array_equal(g, w, err_msg=path)
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), path
        for i, (g, w) in enumerate(zip(got, want)):
            _compare(g, w, f"{path}[{i}]", atol)
    else:
        assert got == want, f"{path}: {got!r} != {want!r}"


def test_goldens_cover_every_case():
    assert sorted(GOLDEN["cases"]) == sorted(image_cases.CASES)


@pytest.mark.parametrize("name", sorted(image_cases.CASES))
def test_case_matches_tensorflow(name):
    atol = 1e-4 if name.startswith("resize_") else 1e-6
    _compare(core_cases.run(image_cases.CASES[name], tf), GOLDEN["cases"][name], name, atol)


def test_decode_png_is_exact_and_round_trips():
    png = base64.b64decode(GOLDEN["png"])
    decoded = tf.io.decode_png(png)
    np.testing.assert_array_equal(decoded.numpy(), np.asarray(GOLDEN["png_decoded"], dtype=np.uint8))
    np.testing.assert_array_equal(tf.io.decode_png(png, channels=1).numpy(), np.asarray(GOLDEN["png_gray"]))
    np.testing.assert_array_equal(tf.io.decode_png(tf.io.encode_png(decoded)).numpy(), decoded.numpy())
    np.testing.assert_allclose(tf.io.decode_image(png, dtype=tf.float32).numpy(), decoded.numpy() / 255.0, rtol=1e-6)


def test_decode_jpeg_is_within_a_few_levels_of_tensorflow():
    jpeg = base64.b64decode(GOLDEN["jpeg"])
    assert tf.io.is_jpeg(jpeg)
    diff = np.abs(tf.io.decode_jpeg(jpeg).numpy().astype(int) - np.asarray(GOLDEN["jpeg_decoded"]))
    assert diff.max() <= 4 and diff.mean() <= 1.5, (diff.max(), diff.mean())  # noise image: the worst case
    again = tf.io.decode_jpeg(tf.io.encode_jpeg(tf.io.decode_jpeg(jpeg), quality=95))
    assert again.shape == (5, 6, 3)
    with pytest.raises(ValueError, match="ratio"):
        tf.io.decode_jpeg(jpeg, ratio=2)


def test_resize_is_differentiable():
    x = tf.constant(image_cases.IMAGE)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.image.resize(x, [3, 4], method="bicubic", antialias=True))
    g = tape.gradient(y, x)
    assert g.shape == x.shape and float(tf.reduce_sum(g)) == pytest.approx(2 * 3 * 4 * 3, rel=1e-4)


def test_gif_bmp_webp_decode_like_tensorflow():
    with open(os.path.join(HERE, "..", "golden", "image_files.json")) as handle:
        files = {k: base64.b64decode(v) for k, v in json.load(handle).items()}
    want = GOLDEN["files_decoded"]
    got = {"gif": tf.io.decode_gif(files["gif"]), "bmp": tf.io.decode_bmp(files["bmp"]),
           "webp": tf.io.decode_webp(files["webp"]), "image_gif": tf.io.decode_image(files["gif"]),
           "image_bmp": tf.io.decode_image(files["bmp"])}
    for key, value in got.items():
        np.testing.assert_array_equal(value.numpy(), np.asarray(want[key], dtype=np.uint8), err_msg=key)
