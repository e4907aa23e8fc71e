"""`tf.io.read_file`, `tf.io.write_file`, `tf.io.matching_files`.

Mirrors `tensorflow/python/ops/io_ops.py`. Paths are local (as `tf.io.gfile`); `write_file` writes a
temporary file in the target directory and renames it into place (atomic), creating missing parent
directories as TF's `WriteFile` kernel does.
"""

import glob
import os
import tempfile

import numpy as np

from keraslike._src import errors
from keraslike._src.io import string_values


def _path(value, arg):
    array = string_values.as_bytes_array(os.fspath(value) if isinstance(value, os.PathLike) else value, arg)
    if array.ndim != 0:
        raise ValueError(f"Expected a scalar string for {arg}. Received: shape {array.shape}")
    return array[()].decode("utf-8")


def read_file(filename, name=None):
    """`tf.io.read_file(filename)`: the whole file as a scalar string.

    Raises:
        tf.errors.NotFoundError: the file does not exist.
    """
    path = _path(filename, "filename")
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        raise errors.NotFoundError(None, None, f"{path}; No such file or directory") from None
    except IsADirectoryError:
        raise errors.FailedPreconditionError(None, None, f"{path}; Is a directory") from None
    return string_values.string_output(np.array(data, dtype=object))


def write_file(filename, contents, name=None):
    """`tf.io.write_file(filename, contents)`: writes the scalar string `contents` to `filename` (atomically).

    Raises:
        ValueError: `filename` or `contents` is not a scalar string.
    """
    path = _path(filename, "filename")
    data = string_values.as_bytes_array(contents, "contents")
    if data.ndim != 0:
        raise ValueError(f"Expected a scalar string for contents. Received: shape {data.shape}")
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".tmp-" + os.path.basename(path))
    try:
        with os.fdopen(handle, "wb") as f:
            f.write(data[()])
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.remove(temporary)
        raise


def matching_files(pattern, name=None):
    """`tf.io.matching_files(pattern)`: the sorted file names matching a glob pattern (or a vector of them).

    Returns:
        A 1-D string value of the paths (empty when nothing matches).
    """
    patterns = string_values.as_bytes_array(pattern, "pattern").reshape(-1)
    found = sorted({m for p in patterns for m in glob.glob(p.decode("utf-8"))})
    out = np.empty(len(found), dtype=object)
    out[:] = [f.encode("utf-8") for f in found]
    return string_values.string_output(out)
