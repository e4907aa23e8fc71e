"""`tf.io`."""

# ruff: noqa: F401, I001
from keraslike.io import gfile
from keraslike._src.image.codecs import (
    decode_bmp, decode_gif, decode_image, decode_jpeg, decode_png, decode_webp, encode_jpeg, encode_png, is_jpeg,
)
