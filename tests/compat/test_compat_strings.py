"""`tf.compat.as_bytes` and friends (keras-io image classification from scratch filters corrupted JPEGs with
`tf.compat.as_bytes("JFIF") in fobj.peek(10)`). Expected values as TF 2.21 gives them."""

import pytest

import keraslike as tf


def test_as_bytes_in_a_jfif_header_check(tmp_path):
    jfif = tmp_path / "cat.jpg"
    jfif.write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01rest")
    png = tmp_path / "dog.jpg"
    png.write_bytes(b"\x89PNG\r\n\x1a\n")
    found = {}
    for path in (jfif, png):
        with open(path, "rb") as fobj:
            found[path.name] = tf.compat.as_bytes("JFIF") in fobj.peek(10)
    assert found == {"cat.jpg": True, "dog.jpg": False}


def test_conversions():
    assert tf.compat.as_bytes("JFIF") == b"JFIF"
    assert tf.compat.as_bytes(b"x") == b"x"
    assert tf.compat.as_bytes(bytearray(b"q")) == b"q"
    assert tf.compat.as_bytes("\u00e9", encoding="latin-1") == b"\xe9"
    assert tf.compat.as_text(b"abc") == "abc" and tf.compat.as_str(b"abc") == "abc"
    assert tf.compat.as_str_any(5) == "5"
    with pytest.raises(TypeError, match="Expected binary or unicode string"):
        tf.compat.as_bytes(5)
    with pytest.raises(TypeError):
        tf.compat.as_text(5)
