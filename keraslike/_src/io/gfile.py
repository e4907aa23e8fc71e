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


class GFile:
    """`tf.io.gfile.GFile(name, mode="r")`: a file (local paths and `file://` URLs), TF's file API.

    Text modes read and write `str` (`bytes` are written as they are), binary modes (`"rb"`, `"wb"`) `bytes`.
    As TF's, `write` returns None; `size()` is the file's size; iterating gives lines. Usable as a context
    manager.
    """

    def __init__(self, name, mode="r"):
        self.name, self.mode = name, mode
        self._binary = "b" in mode
        self._file = open(_local(name), mode if self._binary else mode + "b")

    def _text(self, data):
        return data if self._binary else data.decode("utf-8")

    def read(self, n=-1):
        """Up to `n` bytes (all with -1) from the current position."""
        return self._text(self._file.read(n))

    def readline(self):
        return self._text(self._file.readline())

    def readlines(self):
        return [self._text(line) for line in self._file.readlines()]

    def write(self, file_content):
        """Writes `file_content` (str or bytes) at the end; returns None, as TF."""
        self._file.write(file_content.encode("utf-8") if isinstance(file_content, str) else bytes(file_content))

    def seek(self, offset=None, whence=0, position=None):
        """Moves to `offset` (from `whence`: 0 start, 1 current, 2 end); `position` is TF's older name."""
        if position is not None:
            if offset is not None:
                raise ValueError(f"`position` and `offset` cannot both be given. Received: offset={offset!r}, "
                                 f"position={position!r}")
            offset = position
        self._file.seek(0 if offset is None else offset, whence)

    def seekable(self):
        return True

    def tell(self):
        return self._file.tell()

    def size(self):
        """The file's size in bytes."""
        self._file.flush()
        return os.path.getsize(_local(self.name))

    def flush(self):
        self._file.flush()

    def close(self):
        self._file.close()

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    next = __next__

    def __iter__(self):
        return self

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


Open = GFile  # TF 1 alias
