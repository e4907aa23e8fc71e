"""`tf.io`."""

# ruff: noqa: F401, I001
from keraslike.io import gfile
from keraslike._src.image.codecs import decode_image, decode_jpeg, decode_png, encode_jpeg, encode_png, is_jpeg
