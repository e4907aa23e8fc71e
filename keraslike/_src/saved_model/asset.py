"""`tf.saved_model.Asset(path)`: a file that travels with a SavedModel (copied into `assets/` on save).

Mirrors `tensorflow/python/trackable/asset.py`: after `tf.saved_model.load`, `asset.asset_path` names the
copy inside the loaded directory's `assets/`.
"""

import os

from keraslike._src.ops.string_tensor import StringTensor, as_string_array


class Asset:
    """A file a saved object needs (a vocabulary, a config).

    Args:
        path: the file's path (str, bytes, PathLike or a scalar string tensor).

    Raises:
        TypeError: a path that is not a string.
    """

    def __init__(self, path):
        if isinstance(path, os.PathLike):
            path = os.fspath(path)
        try:
            array = as_string_array(path)
        except TypeError:
            raise TypeError(f"Expected a file path for tf.saved_model.Asset. Received: path={path!r}") from None
        if array.ndim != 0:
            raise TypeError(f"Expected one file path for tf.saved_model.Asset. Received: shape {array.shape}")
        self._path = array[()].decode("utf-8")

    @property
    def asset_path(self):
        """The file path, a scalar `tf.string` tensor."""
        return StringTensor(self._path.encode("utf-8"))

    def __repr__(self):
        return f"<tf.saved_model.Asset {self._path!r}>"
