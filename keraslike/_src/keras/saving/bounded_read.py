"""Reading `.keras` archives and HDF5 weights with bounded memory and clear errors.

A saved model is untrusted input: a few-MB `.keras` zip can declare members that
decompress to gigabytes, and a few-KB `.weights.h5` can declare an 8 GB dataset
that reads as fill values. Every read here is checked against a limit before it
happens: JSON members against a fixed cap, the weights member against what the
model being loaded needs (`weights_limit`), each HDF5 dataset against the shape
of the variable it will fill (`read_dataset`). Zip members are streamed (never
read whole into memory), and HDF5 features that reach outside the file
(external links, external raw storage, virtual datasets) are refused.
Errors name the file and what is wrong, ending `Received: filepath=...`.
"""

import contextlib
import json
import os
import shutil
import tempfile
import zipfile

import numpy as np

from keraslike._src.lazy_module import LazyModule

h5py = LazyModule("h5py")  # imported on first use: ~25 ms of CPU that `import keraslike` need not pay

MAX_JSON_BYTES = 64 * 2**20        # config.json of even very large models is a few MB
MAX_METADATA_BYTES = 2**20
_COPY_CHUNK = 2**20
_H5_OVERHEAD_BYTES = 64 * 2**20    # HDF5 headers, attributes, names on top of the raw values
_OPTIMIZER_COPIES = 4              # weights + up to 3 slots per variable (AMSGrad Adam)


def _fail(filepath, what):
    return ValueError(f"Cannot load {filepath}: {what}. Received: filepath={filepath}")


def read_json_member(zf, member, filepath, limit=MAX_JSON_BYTES):
    """Parse the JSON member `member` of the open zip `zf`, reading at most `limit` bytes.

    Raises:
        ValueError: the member is missing, declares more than `limit` bytes, is not UTF-8 JSON,
            nests too deeply, or is not a JSON object.
    """
    try:
        info = zf.getinfo(member)
    except KeyError:
        raise _fail(filepath, f"the archive has no `{member}` (it holds {sorted(zf.namelist())[:10]}); "
                              "it is not a Keras `.keras` file or it is damaged") from None
    if info.file_size > limit:
        raise _fail(filepath, f"`{member}` declares {info.file_size} bytes uncompressed, more than the "
                              f"{limit} bytes a Keras {member} can need (a zip bomb or a damaged file)")
    try:
        with zf.open(info) as f:
            raw = f.read(info.file_size + 1)  # ZipExtFile stops at the declared size
    except (zipfile.BadZipFile, OSError, EOFError, NotImplementedError) as err:
        raise _fail(filepath, f"`{member}` cannot be decompressed ({err})") from None
    try:
        value = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as err:
        raise _fail(filepath, f"`{member}` is not UTF-8 text ({err})") from None
    except json.JSONDecodeError as err:
        raise _fail(filepath, f"`{member}` is not valid JSON ({err.msg} at line {err.lineno} column "
                              f"{err.colno})") from None
    except RecursionError:
        raise _fail(filepath, f"`{member}` nests too deeply to be a Keras {member}") from None
    if not isinstance(value, dict):
        raise _fail(filepath, f"`{member}` holds a JSON {type(value).__name__}, not an object")
    return value


def weights_limit(variables):
    """Bytes a weights file for `variables` can reasonably take: values, optimizer slots, HDF5 overhead."""
    raw = sum(int(np.prod(tuple(v.shape))) * 8 for v in variables)  # float64 at most per element
    return _OPTIMIZER_COPIES * raw + _H5_OVERHEAD_BYTES


@contextlib.contextmanager
def open_weights_member(zf, member, filepath, limit):
    """Yield an open read-only h5py File for the zip member `member`, streamed to a temporary file.

    Raises:
        ValueError: the member declares more than `limit` bytes (more than the model can need), is
            damaged, or is not HDF5.
    """
    info = zf.getinfo(member)
    if info.file_size > limit:
        raise _fail(filepath, f"`{member}` declares {info.file_size} bytes uncompressed, more than the "
                              f"{limit} bytes this model's weights can need (a zip bomb or a file for "
                              "another model)")
    with tempfile.TemporaryFile(prefix="keraslike-weights-") as tmp:
        try:
            with zf.open(info) as src:
                shutil.copyfileobj(src, tmp, _COPY_CHUNK)  # ZipExtFile stops at the declared size
        except (zipfile.BadZipFile, OSError, EOFError, NotImplementedError) as err:
            raise _fail(filepath, f"`{member}` cannot be decompressed ({err})") from None
        tmp.seek(0)
        with open_h5(tmp, filepath) as h5:
            yield h5


@contextlib.contextmanager
def open_h5(source, filepath):
    """`h5py.File(source, "r")` with a clear error for a damaged or non-HDF5 file."""
    try:
        h5 = h5py.File(source, "r")
    except OSError as err:
        raise _fail(filepath, f"the weights are not a readable HDF5 file ({err})") from None
    try:
        yield h5
    finally:
        h5.close()


def get_dataset(group, name, filepath):
    """The dataset `group/name` after checking it stays inside the file; None when absent.

    Raises:
        ValueError: `name` is an external link, or the dataset has external or virtual storage, or
            `name` is not a dataset.
    """
    link = group.get(name, getlink=True)
    if link is None:
        return None
    if isinstance(link, h5py.ExternalLink):
        raise _fail(filepath, f"`{group.name}/{name}` is an external link to {link.filename!r}; weights "
                              "must be stored in the file itself")
    obj = group.get(name)
    if not isinstance(obj, h5py.Dataset):
        raise _fail(filepath, f"`{group.name}/{name}` is a {type(obj).__name__}, not a dataset of values")
    if obj.external or obj.is_virtual:
        raise _fail(filepath, f"`{obj.name}` reads its values from other files (external or virtual "
                              "storage); weights must be stored in the file itself")
    return obj


def check_numeric(ds, filepath):
    if ds.dtype.kind not in "biuf":
        raise _fail(filepath, f"`{ds.name}` holds values of dtype {ds.dtype}, not numbers")


def read_dataset(ds, expected_shape, filepath):
    """Read `ds` only if its declared shape is `expected_shape` (returns None otherwise)."""
    check_numeric(ds, filepath)
    if tuple(ds.shape) != tuple(expected_shape):
        return None
    return np.asarray(ds[()])


def read_bounded(ds, max_elements, filepath):
    """Read `ds` if it declares at most `max_elements` values.

    Raises:
        ValueError: it declares more (more than any variable of the model holds).
    """
    check_numeric(ds, filepath)
    if ds.size > max_elements:
        raise _fail(filepath, f"`{ds.name}` declares shape {tuple(ds.shape)} ({ds.size} values), larger than "
                              f"any variable of this model ({max_elements} values)")
    return np.asarray(ds[()])


_MAX_EXPANSION = 16  # values written by keraslike or Keras are stored uncompressed (expansion 1)


def check_stored(ds, filepath):
    """Refuse a dataset declaring far more bytes than the file stores for it (fill-value or compression bombs).

    Raises:
        ValueError: `ds.nbytes` exceeds 16x its stored size plus 1 MiB, or the dataset lives outside the file.
    """
    if ds.external or ds.is_virtual:
        raise _fail(filepath, f"`{ds.name}` reads its values from other files (external or virtual "
                              "storage); values must be stored in the file itself")
    stored = ds.id.get_storage_size()
    if ds.nbytes > _MAX_EXPANSION * stored + 2**20:
        raise _fail(filepath, f"`{ds.name}` declares {ds.nbytes} bytes of values but the file stores {stored} "
                              "bytes for it (a decompression bomb or a damaged file)")


def read_json_file(path, limit=MAX_JSON_BYTES):
    """Parse the JSON object in the file `path`, refusing files over `limit` bytes.

    Raises:
        ValueError: naming the file, for an oversized, non-UTF-8, invalid or non-object JSON file.
    """
    size = _file_size(path)
    if size > limit:
        raise _fail(path, f"it holds {size} bytes, more than the {limit} bytes such an index can need")
    with open(path, "rb") as f:
        raw = f.read(size + 1)  # (read(n) reserves n bytes up front: never pass the limit itself)
    try:
        value = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as err:
        raise _fail(path, f"it is not valid JSON ({type(err).__name__}: {err})") from None
    if not isinstance(value, dict):
        raise _fail(path, f"it holds a JSON {type(value).__name__}, not an object")
    return value


def _file_size(path):
    return os.path.getsize(path)
