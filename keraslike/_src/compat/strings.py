"""`tf.compat.as_bytes` / `as_text` / `as_str` / `as_str_any` / `path_to_str` (TF's compat string helpers).

- `as_bytes(value, encoding="utf-8")`: `bytes`/`bytearray` as bytes, `str` encoded; anything else raises
  TypeError.
- `as_text(value, encoding="utf-8")` (= `as_str`): `str` as is, bytes decoded; anything else raises TypeError.
- `as_str_any(value)`: `as_str` for bytes, `str(value)` otherwise. `path_to_str(path)`: a path-like's `fspath`.
"""

import os


def as_bytes(bytes_or_text, encoding="utf-8"):
    """`bytes_or_text` as bytes (str encoded with `encoding`)."""
    if isinstance(bytes_or_text, bytearray):
        return bytes(bytes_or_text)
    if isinstance(bytes_or_text, str):
        return bytes_or_text.encode(encoding)
    if isinstance(bytes_or_text, bytes):
        return bytes_or_text
    raise TypeError(f"Expected binary or unicode string, got {bytes_or_text!r}. Received: "
                    f"bytes_or_text of type {type(bytes_or_text).__name__}")


def as_text(bytes_or_text, encoding="utf-8"):
    """`bytes_or_text` as str (bytes decoded with `encoding`)."""
    if isinstance(bytes_or_text, str):
        return bytes_or_text
    if isinstance(bytes_or_text, (bytes, bytearray)):
        return bytes(bytes_or_text).decode(encoding)
    raise TypeError(f"Expected binary or unicode string, got {bytes_or_text!r}. Received: "
                    f"bytes_or_text of type {type(bytes_or_text).__name__}")


as_str = as_text


def as_str_any(value, encoding="utf-8"):
    """`as_str(value)` for bytes, `str(value)` for anything else."""
    return as_str(value, encoding) if isinstance(value, (bytes, bytearray)) else str(value)


def path_to_str(path):
    """A path-like object as its string (`os.fspath`); other values unchanged."""
    return os.fspath(path) if isinstance(path, os.PathLike) else path
