"""`keras.utils.get_file` with Keras 3.15's signature, on `file://` origins (offline): cache layout, hashes,
extraction names, and archives whose members try to escape the extraction folder."""

import hashlib
import inspect
import io
import json
import os
import tarfile
import warnings
import zipfile
from pathlib import Path

import pytest

import keraslike as tf

get_file = tf.keras.utils.get_file


def _origin(path):
    return "file://" + str(path)


@pytest.fixture()
def source(tmp_path):
    folder = tmp_path / "remote"
    folder.mkdir()
    data = folder / "data.txt"
    data.write_bytes(b"hello keras\n")
    return data


def test_signature_is_keras_3_15():
    params = list(inspect.signature(get_file).parameters)
    assert params == ["fname", "origin", "untar", "md5_hash", "file_hash", "cache_subdir", "hash_algorithm",
                      "extract", "archive_format", "cache_dir", "force_download"]


def test_downloads_into_cache_dir_and_reuses_it(tmp_path, source, monkeypatch):
    monkeypatch.setenv("KERAS_HOME", str(tmp_path / "home"))
    path = get_file(origin=_origin(source))  # fname from the URL, cache_subdir "datasets"
    assert path == str(tmp_path / "home" / "datasets" / "data.txt")
    assert open(path, "rb").read() == b"hello keras\n"
    source.write_bytes(b"changed\n")
    assert open(get_file("data.txt", _origin(source)), "rb").read() == b"hello keras\n"  # cached, not re-read
    assert open(get_file("data.txt", _origin(source), force_download=True), "rb").read() == b"changed\n"
    other = get_file("x.bin", _origin(source), cache_dir=tmp_path / "c", cache_subdir="models")
    assert other == str(tmp_path / "c" / "models" / "x.bin")
    absolute = get_file("y.bin", _origin(source), cache_subdir=str(tmp_path / "abs"))
    assert absolute == str(tmp_path / "abs" / "y.bin")
    assert not [p for p in os.listdir(tmp_path / "c" / "models") if p.startswith(".download")]


def test_hashes_sha256_and_md5(tmp_path, source):
    content = source.read_bytes()
    sha, md5 = hashlib.sha256(content).hexdigest(), hashlib.md5(content).hexdigest()
    assert os.path.exists(get_file("a", _origin(source), file_hash=sha, cache_dir=tmp_path))
    assert os.path.exists(get_file("b", _origin(source), md5_hash=md5, cache_dir=tmp_path))
    assert os.path.exists(get_file("c", _origin(source), file_hash=md5, hash_algorithm="md5", cache_dir=tmp_path))
    with pytest.raises(ValueError, match="hash does not match"):
        get_file("d", _origin(source), file_hash="0" * 64, cache_dir=tmp_path)
    assert not os.path.exists(tmp_path / "datasets" / "d")
    # a stale cached file whose hash does not match is downloaded again
    (tmp_path / "datasets" / "a").write_bytes(b"stale")
    assert open(get_file("a", _origin(source), file_hash=sha, cache_dir=tmp_path), "rb").read() == content


def test_bad_arguments_raise(tmp_path, source):
    with pytest.raises(ValueError, match="origin"):
        get_file("x")
    with pytest.raises(ValueError, match="Paths are no longer accepted"):
        get_file("sub/x", _origin(source), cache_dir=tmp_path)
    with pytest.raises(ValueError, match="file name"):
        get_file(origin="file:///", cache_dir=tmp_path)
    with pytest.raises(ValueError, match="hash_algorithm"):
        get_file("x", _origin(source), hash_algorithm="sha1", cache_dir=tmp_path)
    with pytest.raises(OSError, match="missing.txt"):
        get_file("m", _origin(source.parent / "missing.txt"), cache_dir=tmp_path)
    assert not [p for p in os.listdir(tmp_path / "datasets") if p.startswith(".download")]


def _tar(path, members):
    with tarfile.open(path, "w:gz") as archive:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))


def test_extract_tar_and_zip_with_keras_folder_names(tmp_path):
    _tar(tmp_path / "pack.tar.gz", [("pack/a.txt", b"A"), ("pack/b/c.txt", b"C")])
    with zipfile.ZipFile(tmp_path / "z.zip", "w") as archive:
        archive.writestr("inner/z.txt", "Z")
    folder = get_file("pack.tar.gz", _origin(tmp_path / "pack.tar.gz"), extract=True, cache_dir=tmp_path / "h")
    assert folder == str(tmp_path / "h" / "datasets" / "pack_extracted")  # fname with an extension
    assert open(os.path.join(folder, "pack", "b", "c.txt")).read() == "C"
    assert os.path.exists(tmp_path / "h" / "datasets" / "pack.tar.gz")
    folder = get_file("flowers", _origin(tmp_path / "z.zip"), extract=True, cache_dir=tmp_path / "h")
    assert folder == str(tmp_path / "h" / "datasets" / "flowers")  # fname without one: the folder's name
    assert os.path.exists(tmp_path / "h" / "datasets" / "flowers_archive")
    assert open(os.path.join(folder, "inner", "z.txt")).read() == "Z"
    folder = get_file(origin=_origin(tmp_path / "pack.tar.gz"), untar=True, cache_dir=tmp_path / "u")
    assert folder == str(tmp_path / "u" / "datasets" / "pack.tar.gz")
    assert os.path.exists(os.path.join(folder, "pack", "a.txt"))
    with pytest.warns(UserWarning, match="Could not extract"):  # a zip with archive_format="tar"
        get_file("q", _origin(tmp_path / "z.zip"), extract=True, archive_format="tar", cache_dir=tmp_path / "v")


def test_extraction_never_writes_outside_the_folder(tmp_path):
    _tar(tmp_path / "evil.tar.gz", [("../escape.txt", b"x"), ("/abs_escape.txt", b"x"), ("ok.txt", b"ok")])
    with tarfile.open(tmp_path / "links.tar", "w") as archive:
        link = tarfile.TarInfo("link")
        link.type, link.linkname = tarfile.SYMTYPE, "../../outside"
        archive.addfile(link)
    with zipfile.ZipFile(tmp_path / "evil.zip", "w") as archive:
        archive.writestr("../zip_escape.txt", "x")
        archive.writestr("fine.txt", "fine")
    home = tmp_path / "h"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tar_dir = get_file("evil", _origin(tmp_path / "evil.tar.gz"), extract=True, cache_dir=home)
        link_dir = get_file("links", _origin(tmp_path / "links.tar"), extract=True, cache_dir=home)
        zip_dir = get_file("evilzip", _origin(tmp_path / "evil.zip"), extract=True, cache_dir=home)
    assert open(os.path.join(tar_dir, "ok.txt")).read() == "ok"
    assert open(os.path.join(zip_dir, "fine.txt")).read() == "fine"
    assert not os.path.lexists(os.path.join(link_dir, "link"))
    for name in ("escape.txt", "abs_escape.txt", "zip_escape.txt"):
        assert not os.path.exists(home / "datasets" / name) and not os.path.exists(f"/{name}")
    assert sum("Skipping invalid path" in str(w.message) for w in caught) >= 3


_PATHS = json.loads((Path(__file__).parents[2] / "golden" / "get_file_paths.json").read_text())


def _pkg_archive(folder):
    path = folder / "pkg_v1.tar.gz"
    with tarfile.open(path, "w:gz") as tar:
        info = tarfile.TarInfo("pkg/a.txt")
        info.size = 6
        tar.addfile(info, io.BytesIO(b"hello\n"))
    return _origin(path)


def _listing(root):
    return sorted(os.path.relpath(os.path.join(base, n), root) for base, dirs, files in os.walk(root)
                  for n in dirs + files)


@pytest.mark.parametrize("keras_version", ["keras3", "keras2"])
@pytest.mark.parametrize("case", sorted(_PATHS["keras3"]))
def test_archive_paths_follow_the_keras_of_the_switch(tmp_path, monkeypatch, keras_version, case):
    """tests/golden/get_file_paths.json (make_get_file_paths_golden.py): what Keras 3 and tf_keras return and
    leave in the cache for untar/extract/neither with each kind of fname; TF_USE_LEGACY_KERAS=1 selects Keras 2's."""
    if keras_version == "keras2":
        monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    else:
        monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    kwargs = {"untar_plain": dict(fname="pkg_v1", untar=True), "untar_targz_name": dict(fname="pkg_v1.tar.gz",
              untar=True), "extract_plain": dict(fname="pkg_v1", extract=True),
              "extract_targz_name": dict(fname="pkg_v1.tar.gz", extract=True),
              "no_extract_targz_name": dict(fname="pkg_v1.tar.gz")}[case]
    remote = tmp_path / "remote"
    remote.mkdir()
    cache = tmp_path / "cache"
    cache.mkdir()
    path = get_file(origin=_pkg_archive(remote), cache_dir=str(cache), cache_subdir="", **kwargs)
    expected = _PATHS[keras_version][case]
    assert os.path.relpath(path, cache) == expected["returned"]
    assert _listing(cache) == expected["cache"]


def test_keras2_fetches_a_file_without_extracting_it(tmp_path, monkeypatch):
    """Keras 2 without untar/extract: the file as downloaded, no extraction tried (a zip such as keras-io's
    jena_climate_2009_2016.csv.zip or an .npz raised FileExistsError; a plain file warned "Could not extract")."""
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    remote = tmp_path / "remote"
    remote.mkdir()
    with zipfile.ZipFile(remote / "climate.csv.zip", "w") as z:
        z.writestr("climate.csv", "a,b\n1,2\n")
    (remote / "index.json").write_text("{}")
    cache = tmp_path / "cache"
    cache.mkdir()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        zipped = get_file("climate.csv.zip", _origin(remote / "climate.csv.zip"), cache_dir=str(cache))
        plain = get_file("index.json", _origin(remote / "index.json"), cache_dir=str(cache), cache_subdir="models")
    assert zipped == str(cache / "datasets" / "climate.csv.zip") and zipfile.is_zipfile(zipped)
    assert plain == str(cache / "models" / "index.json")
    assert _listing(cache) == ["datasets", "datasets/climate.csv.zip", "models", "models/index.json"]
