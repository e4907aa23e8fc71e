"""`tf.io.gfile`: TF's file API, on the local filesystem (os, shutil, glob).

Mirrors `tensorflow/python/lib/io/file_io.py` for local paths and `file://` URLs. Remote
schemes (`gs://`, `hdfs://`) are not supported and raise `tf.errors.UnimplementedError`.
"""

import glob as _glob
import os
import shutil

from keraslike._src import errors


def _local(path):
    """The local path of `path`: plain paths as given, `file://` URLs without their scheme (as TF)."""
    path = os.fspath(path)
    if isinstance(path, bytes):
        path = path.decode("utf-8")
    if path.startswith("file://"):
        return path[len("file://"):]
    if "://" in path:
        raise errors.UnimplementedError(None, None, f"File system scheme of {path!r} is not implemented; "
                                        "keraslike's tf.io.gfile works on local paths only.")
    return path


def exists(path):
    """Whether `path` exists (file or directory)."""
    return os.path.exists(_local(path))


def isdir(path):
    return os.path.isdir(_local(path))


def join(path, *paths):
    """`tf.io.gfile.join`: `path` and `paths` joined; URLs (`gs://b`, `file:///tmp`) keep their scheme."""
    path = os.fspath(path)
    if "://" in path:
        scheme, rest = path.split("://", 1)
        return scheme + "://" + os.path.join(rest, *paths)
    return os.path.join(path, *paths)


def listdir(path):
    """Entries of directory `path` (names only), as TF.

    Raises:
        tf.errors.NotFoundError: if `path` is not a directory.
    """
    local = _local(path)
    if not os.path.isdir(local):
        raise errors.NotFoundError(None, None, f"Could not find directory {path}")
    return os.listdir(local)


def makedirs(path):
    """Create `path` and its parents; no error if it exists."""
    os.makedirs(_local(path), exist_ok=True)


def mkdir(path):
    os.mkdir(_local(path))


def remove(path):
    """Delete file `path`.

    Raises:
        tf.errors.NotFoundError: if it does not exist.
    """
    local = _local(path)
    if not os.path.exists(local):
        raise errors.NotFoundError(None, None, f"{path}; No such file or directory")
    os.remove(local)


def rmtree(path):
    """Delete directory `path` recursively.

    Raises:
        tf.errors.NotFoundError: if it does not exist.
    """
    local = _local(path)
    if not os.path.exists(local):
        raise errors.NotFoundError(None, None, f"{path}; No such file or directory")
    shutil.rmtree(local)


def rename(src, dst, overwrite=False):
    """Move `src` to `dst`; with `overwrite=False` an existing `dst` raises `AlreadyExistsError`."""
    if os.path.exists(_local(dst)) and not overwrite:
        raise errors.AlreadyExistsError(None, None, f"file already exists: {dst}")
    os.replace(_local(src), _local(dst))


def copy(src, dst, overwrite=False):
    """Copy file `src` to `dst`; with `overwrite=False` an existing `dst` raises `AlreadyExistsError`."""
    if os.path.exists(_local(dst)) and not overwrite:
        raise errors.AlreadyExistsError(None, None, f"file already exists: {dst}")
    shutil.copyfile(_local(src), _local(dst))


def glob(pattern):
    """Paths matching `pattern` (sorted), or, for an iterable of patterns, each one's matches in turn.

    A `file://` pattern gives `file://` paths, as TF.
    """
    patterns = [pattern] if isinstance(pattern, (str, bytes, os.PathLike)) else list(pattern)
    matches = []
    for one in patterns:
        one = os.fspath(one)
        one = one.decode("utf-8") if isinstance(one, bytes) else one
        prefix = "file://" if one.startswith("file://") else ""
        matches.extend(prefix + m for m in sorted(_glob.glob(_local(one))))
    return matches


def stat(path):
    return os.stat(_local(path))


def walk(top, topdown=True, onerror=None):
    return os.walk(_local(top), topdown=topdown, onerror=onerror)


def GFile(name, mode="r"):  # noqa: N802 - TF's name
    """`tf.io.gfile.GFile(name, mode)`: a local file object (text modes unless 'b' is in mode)."""
    return open(_local(name), mode)


Open = GFile  # TF 1 alias
