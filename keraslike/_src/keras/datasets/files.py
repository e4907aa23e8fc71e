"""Where dataset files live and how they are fetched (Keras's `keras.utils.get_file`, datasets subset).

Files are read from `$KERAS_HOME/datasets/` (default `~/.keras/datasets/`),
or from `path` when it is absolute. A missing file is downloaded (by `keras.utils.get_file`'s
downloader) from the URL Keras uses, written atomically; without network access the
error names the file to place there.
"""

import io
import os
import pickle
import zipfile

import numpy as np

from keraslike._src.keras.utils import file_utils

TF_KERAS_DATASETS = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/"


def cache_dir():
    """`$KERAS_HOME/datasets` or `~/.keras/datasets` (Keras's default cache)."""
    return os.path.join(file_utils.keras_home(), "datasets")


def get_file(fname, origin, extract_to=None):
    """Local path of `fname` (absolute, or under the datasets cache), downloading `origin` when missing.

    The datasets' spelling of `keras.utils.get_file` (which does the download, atomically):
    `fname` may be an absolute path or hold sub-folders.

    Args:
        fname: file name (relative to the cache) or an absolute path.
        origin: URL to download from.
        extract_to: for an archive origin: the folder name the archive unpacks to (beside it);
            that folder's path is returned. Extraction skips members that would escape it.

    Returns:
        str: the file (or extracted folder) path.

    Raises:
        OSError: when the file is missing and cannot be downloaded.
    """
    target = os.path.join(cache_dir(), fname)
    if extract_to is not None:
        folder = os.path.join(os.path.dirname(target), extract_to)
        if os.path.isdir(folder):
            return folder
    elif os.path.exists(target):
        return target
    if not os.path.exists(target):
        file_utils.download_url(origin, target, message=(
            f"Could not find the dataset file {target} and could not download it from {origin}. "
            f"Download it on a machine with network access and place it there (or set KERAS_HOME). "
            f"Received: path={target}"))
    if extract_to is not None:
        file_utils.extract_archive(target, os.path.dirname(target), "tar")
        return os.path.join(os.path.dirname(target), extract_to)
    return target


_NUMPY_GLOBALS = {
    ("numpy", "ndarray"), ("numpy", "dtype"),
    ("numpy.core.multiarray", "_reconstruct"), ("numpy._core.multiarray", "_reconstruct"),
    ("numpy.core.multiarray", "scalar"), ("numpy._core.multiarray", "scalar"),
    ("_codecs", "encode"),  # how protocol-2 pickles written by Python 3 spell bytes (a pure function)
}


class _ArraysOnlyUnpickler(pickle.Unpickler):
    """Unpickler for the official CIFAR batch files: dicts, lists, bytes and numpy arrays, nothing else."""

    def find_class(self, module, name):
        if (module, name) in _NUMPY_GLOBALS:
            return super().find_class(module, name)
        raise pickle.UnpicklingError(
            f"Refusing to load '{module}.{name}': dataset pickles may only contain numpy arrays and plain "
            f"Python containers. Received: global {module}.{name}"
        )


def load_array_pickle(path):
    """Load a CIFAR-format pickle (`encoding="bytes"`, as Keras), allowing only numpy array reconstruction."""
    with open(path, "rb") as f:
        return _ArraysOnlyUnpickler(io.BytesIO(f.read()), encoding="bytes").load()


def load_npz(path):
    """An `.npz` archive as `{name: array}`; object arrays (the ragged word-index lists of imdb/reuters) are
    read with the arrays-only unpickler, numeric ones with pickling disabled (Keras 3's `npz_utils`)."""
    arrays = {}
    with zipfile.ZipFile(path) as archive:
        for member in archive.namelist():
            if not member.endswith(".npy"):
                continue
            with archive.open(member) as raw:
                buffer = io.BytesIO(raw.read())
            arrays[member[:-len(".npy")]] = _load_npy_member(buffer)
    return arrays


def _load_npy_member(buffer):
    try:
        return np.lib.format.read_array(buffer, allow_pickle=False)
    except ValueError:  # an object array: its payload is a pickle
        buffer.seek(0)
        version = np.lib.format.read_magic(buffer)
        if version[0] == 1:
            np.lib.format.read_array_header_1_0(buffer)
        elif version[0] in (2, 3):
            np.lib.format.read_array_header_2_0(buffer)
        else:
            raise ValueError(f"Unsupported .npy format version. Received: version={version}") from None
        return _ArraysOnlyUnpickler(buffer).load()
