"""`keras.utils.get_file`: a file from the Keras cache, downloaded (and extracted) when missing.

Mirrors `keras/src/utils/file_utils.py` of Keras 3.15: the same cache layout
(`$KERAS_HOME` or `~/.keras`, then `cache_subdir`), the same names for extracted
archives (`<fname>_extracted` / `<fname>_archive`; Keras 2's beside the archive under
`TF_USE_LEGACY_KERAS=1`), md5/sha256 verification and
extraction that skips members escaping the target folder. `file://` origins work
offline. Downloads are written to a temporary file in the target folder and
renamed into place, so an interrupted download never leaves a partial file.
"""

import hashlib
import os
import shutil
import tarfile
import tempfile
import urllib.error
import urllib.parse
import urllib.request
import warnings
import zipfile

from keraslike._src.keras.keras_version import legacy_keras
from keraslike._src.keras.utils.progbar import Progbar

_CHUNK = 1 << 16


def keras_home():
    """`$KERAS_HOME`, else `~/.keras` (Keras's `config.keras_home()`)."""
    return os.environ.get("KERAS_HOME") or os.path.join(os.path.expanduser("~"), ".keras")


def get_file(fname=None, origin=None, untar=False, md5_hash=None, file_hash=None, cache_subdir="datasets",
             hash_algorithm="auto", extract=False, archive_format="auto", cache_dir=None, force_download=False):
    """Download a file from a URL if it is not already in the cache (`keras.utils.get_file`).

    The file lands in `cache_dir/cache_subdir/fname` (default `~/.keras/datasets/fname`);
    an absolute `cache_subdir` is used as is.

    Where an archive goes follows the Keras of the `TF_USE_LEGACY_KERAS` switch (tutorials rely on it): Keras 3
    extracts into its own folder and returns that folder; Keras 2 extracts into the cache folder itself, and
    `untar=True` returns `<cache>/<fname>` while `extract=True` returns the archive's path.

    Args:
        fname: local file name; `None` takes the last path component of `origin`. Keras 3: with
            `extract=True` a name without an extension is the extraction folder's name
            (the archive is kept as `<fname>_archive`); a name with one is the archive's name
            and the folder is `<stem>_extracted`; it must not contain a path separator. Keras 2: the
            archive's name (`untar`: without `.tar.gz`), a path allowed.
        origin: the URL (`https://`, `http://`, `ftp://` or `file://`). Required.
        untar: deprecated spelling of `extract=True, archive_format="tar"`.
        md5_hash: deprecated spelling of `file_hash=..., hash_algorithm="md5"`.
        file_hash: expected md5 (32 hex digits) or sha256 (64) of the file; a cached file that
            does not match is downloaded again, a downloaded one that does not match raises.
        cache_subdir: folder under `cache_dir` (default `"datasets"`), or an absolute path.
        hash_algorithm: `"auto"` (by the hash's length), `"sha256"` or `"md5"`.
        extract: extract the archive (tar, tar.gz, tar.bz2 or zip) and return its folder.
        archive_format: `"auto"` (`["tar", "zip"]`), `"tar"`, `"zip"`, a list of those, or `None`.
        cache_dir: cache root; default `$KERAS_HOME` or `~/.keras` (`/tmp/.keras` when not writable).
        force_download: download even when the file is cached.

    Returns:
        str: the path of the file, or of the extraction folder when extracting.

    Raises:
        ValueError: no `origin`, no file name can be derived, `fname` is a path, or the
            downloaded file does not match `file_hash`.
        OSError: the download failed; the message names the URL and the file to place by hand.
    """
    if origin is None:
        raise ValueError('Please specify the "origin" argument (URL of the file to download). Received: origin=None')
    if hash_algorithm not in ("auto", "md5", "sha256"):
        raise ValueError(f'Expected hash_algorithm to be one of "auto", "md5", "sha256". '
                         f"Received: hash_algorithm={hash_algorithm}")
    if md5_hash is not None and file_hash is None:
        file_hash, hash_algorithm = md5_hash, "md5"
    base = os.path.expanduser(os.fspath(cache_dir) if cache_dir is not None else keras_home())
    if not _writable(base):
        base = os.path.join("/tmp" if os.path.isdir("/tmp") else tempfile.gettempdir(), ".keras")
    datadir = os.path.join(base, os.fspath(cache_subdir))
    os.makedirs(datadir, exist_ok=True)

    provided = os.fspath(fname) if fname is not None else None
    name = provided or os.path.basename(urllib.parse.urlsplit(origin).path)
    if not name:
        raise ValueError(f"Can't parse the file name from the origin provided: '{origin}'. Please specify the "
                         f"`fname` argument. Received: origin={origin}")
    if legacy_keras():
        target, extraction_dir, legacy_extract = _keras2_paths(datadir, name, untar, extract)
    elif os.sep in name or (os.altsep and os.altsep in name):
        raise ValueError("Paths are no longer accepted as the `fname` argument. To specify the file's parent "
                         f"directory, use the `cache_dir` argument. Received: fname={name}")

    else:
        target, extraction_dir, legacy_extract = _keras3_paths(datadir, name, provided, untar, extract)

    download = force_download or not os.path.exists(target)
    if not download and file_hash is not None and not validate_file(target, file_hash, hash_algorithm):
        print(f"A local file was found, but it seems to be incomplete or outdated because the {hash_algorithm} "
              f"file hash does not match the original value of {file_hash} so we will re-download the data.")
        download = True
    if download:
        print(f"Downloading data from {origin}")
        download_url(origin, target)
        if file_hash is not None and not validate_file(target, file_hash, hash_algorithm):
            os.remove(target)
            raise ValueError(f"Incomplete or corrupted file detected. The {hash_algorithm} file hash does not "
                             f"match the provided value of {file_hash}. Received: origin={origin}")

    if legacy_extract is not None:  # Keras 2: extract beside the archive
        if untar and not os.path.exists(extraction_dir):
            extract_archive(target, datadir, "tar")
        elif extract and not untar:
            extract_archive(target, datadir, archive_format)
        return extraction_dir
    if extraction_dir is None:
        return target
    if not extract_archive(target, extraction_dir, "tar" if untar else archive_format):
        warnings.warn("Could not extract archive.", stacklevel=2)
    return extraction_dir


def _keras3_paths(datadir, name, provided, untar, extract):
    """Keras 3: `(archive, extraction folder or None, None)`: an extension-less `fname` names the folder (the
    archive is `<fname>_archive`), one with an extension the archive (the folder is `<stem>_extracted`)."""
    if not (extract or untar):
        return os.path.join(datadir, name), None, None
    if provided and "." in name:
        return os.path.join(datadir, name), os.path.join(datadir, name[:name.find(".")] + "_extracted"), None
    return os.path.join(datadir, name + "_archive"), os.path.join(datadir, name), None


def _keras2_paths(datadir, name, untar, extract):
    """Keras 2 (`TF_USE_LEGACY_KERAS=1`): `(archive, returned path, True)`. The archive is `datadir/fname`
    (`<fname>.tar.gz` with `untar`, a `.tar.gz` suffix of `fname` dropped first), its members are extracted into
    `datadir` itself, and the path returned is the archive's (`extract=True`) or `datadir/<fname>` (`untar`).
    Neither: `(file, None, None)`, the file as downloaded (an archive stays packed)."""
    if untar:
        if name.endswith(".tar.gz"):
            name = name[:-len(".tar.gz")]
        folder = os.path.join(datadir, name)
        return folder + ".tar.gz", folder, True
    target = os.path.join(datadir, name)
    return (target, target, True) if extract else (target, None, None)


def _writable(path):
    while not os.path.exists(path):  # a folder not made yet is writable if its nearest parent is
        parent = os.path.dirname(path)
        if parent == path:
            return False
        path = parent
    return os.access(path, os.W_OK)


def download_url(origin, target, message=None):
    """Write `origin` to `target` atomically (temporary file in the same folder, then rename).

    Raises:
        OSError: when the URL cannot be read; names the URL and `target` (or `message`).
    """
    os.makedirs(os.path.dirname(os.path.abspath(target)), exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(target)), prefix=".download-")
    try:
        with os.fdopen(fd, "wb") as out, urllib.request.urlopen(origin, timeout=30) as response:
            total = response.headers.get("Content-Length") if hasattr(response, "headers") else None
            bar = Progbar(int(total) if total else None, unit_name="B") if total else None
            done = 0
            for chunk in iter(lambda: response.read(_CHUNK), b""):
                out.write(chunk)
                done += len(chunk)
                if bar is not None:
                    bar.update(done)
        os.replace(tmp, target)
    except (OSError, urllib.error.URLError, ValueError) as error:
        if os.path.exists(tmp):
            os.remove(tmp)
        reason = getattr(error, "reason", error)
        raise OSError(message or (
            f"URL fetch failure on {origin}: {reason}. Could not find {target} and could not download it; download "
            f"it on a machine with network access and place it there (or set KERAS_HOME). Received: origin={origin}"
        )) from None
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise


def _hasher(algorithm, file_hash=None):
    if algorithm == "sha256" or (algorithm == "auto" and file_hash is not None and len(file_hash) == 64):
        return hashlib.sha256()
    return hashlib.md5()


def hash_file(fpath, algorithm="sha256", chunk_size=65535):
    """Hex digest of a file, read in `chunk_size` pieces (`"sha256"`, `"md5"` or `"auto"` = sha256)."""
    hasher = _hasher(algorithm) if isinstance(algorithm, str) else algorithm
    with open(fpath, "rb") as handle:
        for chunk in iter(lambda: handle.read(chunk_size), b""):
            hasher.update(chunk)
    return hasher.hexdigest()


def validate_file(fpath, file_hash, algorithm="auto", chunk_size=65535):
    """Whether the file's md5/sha256 (`"auto"`: sha256 for a 64-digit hash, else md5) equals `file_hash`."""
    return hash_file(fpath, _hasher(algorithm, file_hash), chunk_size) == str(file_hash)


def _inside(base, relative):
    path = os.path.realpath(os.path.join(base, relative))
    try:
        return os.path.commonpath([path, base]) == base
    except ValueError:
        return False


def _safe_tar_members(archive, base):
    for info in archive:
        ok = _inside(base, info.name)
        if ok and info.islnk():  # hard links resolve from the archive root
            ok = _inside(base, info.linkname)
        elif ok and info.issym():  # symlinks resolve from their own folder
            ok = _inside(base, os.path.join(os.path.dirname(info.name), info.linkname))
        elif ok and not (info.isfile() or info.isdir()):
            ok = False  # devices, fifos: never extracted
        if ok:
            yield info
        else:
            warnings.warn(f"Skipping invalid path during archive extraction: '{info.name}'.", stacklevel=3)


def _safe_zip_members(archive, base):
    for info in archive.infolist():
        if _inside(base, info.filename):
            yield info
        else:
            warnings.warn(f"Skipping invalid path during archive extraction: '{info.filename}'.", stacklevel=3)


def extract_archive(file_path, path=".", archive_format="auto"):
    """Extract a tar (also .gz/.bz2/.xz) or zip archive into `path`, skipping members that would land outside
    it (absolute names, `..`, links pointing out) with a warning.

    Args:
        archive_format: `"auto"` (= `["tar", "zip"]`), `"tar"`, `"zip"`, a list of those, or `None`.

    Returns:
        bool: whether the file matched a format and was extracted.

    Raises:
        ValueError: for an unknown format name.
    """
    if archive_format is None:
        return False
    formats = ["tar", "zip"] if archive_format == "auto" else (
        [archive_format] if isinstance(archive_format, str) else list(archive_format))
    for kind in formats:
        if kind not in ("tar", "zip"):
            raise ValueError(f'Expected archive_format to be "auto", "tar", "zip", a list of those or None. '
                             f"Received: archive_format={archive_format}")
    file_path, path = os.fspath(file_path), os.fspath(path)
    for kind in formats:
        if kind == "tar" and tarfile.is_tarfile(file_path):
            opener = tarfile.open
        elif kind == "zip" and zipfile.is_zipfile(file_path):
            opener = zipfile.ZipFile
        else:
            continue
        os.makedirs(path, exist_ok=True)
        base = os.path.realpath(path)
        try:
            with opener(file_path) as archive:
                if kind == "zip":
                    archive.extractall(path, members=list(_safe_zip_members(archive, base)))
                else:
                    kwargs = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
                    archive.extractall(path, members=list(_safe_tar_members(archive, base)), **kwargs)
        except (tarfile.TarError, zipfile.BadZipFile, RuntimeError, KeyboardInterrupt):
            shutil.rmtree(path, ignore_errors=True)
            raise
        return True
    return False
