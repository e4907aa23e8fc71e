"""Hostile and damaged files: zip bombs, oversized HDF5 datasets, external storage, broken configs,
and temporary files left by a save killed mid-write."""

import json
import os
import signal
import subprocess
import sys
import tracemalloc
import zipfile

import h5py
import numpy as np
import pytest

import keraslike as tf
from keraslike._src.keras.saving import file_io
from tests.conftest import script_env

MiB = 2**20


def _model():
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3)])
    model.compile(optimizer="adam", loss="mse")
    model.fit(np.ones((8, 4), "float32"), np.ones((8, 3), "float32"), epochs=1, verbose=0)
    return model


def _rewrite_zip(src, dst, replace):
    """Copy the zip `src` to `dst`, with members in `replace` (name -> bytes) deflated instead."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for name in zin.namelist():
            if name not in replace:
                zout.writestr(name, zin.read(name))
        for name, data in replace.items():
            zout.writestr(name, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)


def _peak_bytes(fn):
    tracemalloc.start()
    try:
        fn()
    except ValueError as err:
        error = err
    else:
        error = None
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak, error


def test_keras_zip_bombs_are_refused_before_decompressing(tmp_path):
    good = tmp_path / "good.keras"
    _model().save(good)
    weights_bomb, config_bomb = tmp_path / "weights_bomb.keras", tmp_path / "config_bomb.keras"
    # Each bomb declares more than its limit (weights: 64 MiB + 4 copies of the model's values; config.json:
    # 64 MiB) and more than the 64 MiB peak allowed below, so reading either whole would fail that bound; larger
    # bombs only cost seconds of deflating here (400 / 300 MiB: 3.7 s of CPU, these: 1 s).
    _rewrite_zip(good, weights_bomb, {"model.weights.h5": bytes(80 * MiB)})  # ~80 kB on disk
    with zipfile.ZipFile(good) as zf:
        config = zf.read("config.json")
    _rewrite_zip(good, config_bomb, {"config.json": config + b" " * (72 * MiB)})
    assert os.path.getsize(weights_bomb) < 2 * MiB and os.path.getsize(config_bomb) < 2 * MiB
    for path, member in ((weights_bomb, "model.weights.h5"), (config_bomb, "config.json")):
        peak, error = _peak_bytes(lambda p=path: tf.keras.models.load_model(p))
        assert error is not None and member in str(error) and str(path) in str(error)
        assert "declares" in str(error)
        assert peak < 64 * MiB, peak  # before: the whole member was read into memory (80 / 72 MiB)
    with pytest.raises(ValueError, match="model.weights.h5.*declares"):
        _model().load_weights(weights_bomb)


def test_weights_h5_declaring_a_huge_dataset_reads_nothing(tmp_path):
    model = _model()
    path = tmp_path / "bomb.weights.h5"
    model.save_weights(path)
    with h5py.File(path, "r+") as h5:
        key = "layers/dense/vars/0"
        del h5[key]
        h5.create_dataset(key, shape=(2**28,), dtype="float32")  # declares 1 GiB, stores nothing
    assert os.path.getsize(path) < MiB
    peak, error = _peak_bytes(lambda: tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3)])
                              .load_weights(path))
    assert error is not None and "(268435456,)" in str(error) and "(4, 3)" in str(error)
    assert peak < 32 * MiB, peak  # before: 1 GiB of fill values were read, then the shape compared


def test_optimizer_state_larger_than_any_variable_is_refused(tmp_path):
    model = _model()
    path = tmp_path / "opt.weights.h5"
    model.save_weights(path)
    with h5py.File(path, "r+") as h5:
        del h5["optimizer/vars/2"]
        h5.create_dataset("optimizer/vars/2", shape=(2**28,), dtype="float32")
    with pytest.raises(ValueError, match=r"optimizer/vars/2.*larger than any variable"):
        model.load_weights(path)


def test_weights_stored_outside_the_file_are_refused(tmp_path):
    secret = tmp_path / "secret.bin"
    secret.write_bytes(np.arange(12, dtype="float32").tobytes())
    model = _model()
    ext_storage, ext_link = tmp_path / "ext.weights.h5", tmp_path / "link.weights.h5"
    model.save_weights(ext_storage)
    model.save_weights(ext_link)
    with h5py.File(ext_storage, "r+") as h5:
        del h5["layers/dense/vars/0"]
        h5.create_dataset("layers/dense/vars/0", shape=(4, 3), dtype="float32", external=[(str(secret), 0, 48)])
    with h5py.File(ext_link, "r+") as h5:
        del h5["layers/dense/vars/0"]
        h5["layers/dense/vars/0"] = h5py.ExternalLink(str(ext_storage), "/layers/dense/vars/0")
    with pytest.raises(ValueError, match="external or virtual storage"):
        model.load_weights(ext_storage)
    with pytest.raises(ValueError, match="external link"):
        model.load_weights(ext_link)


def test_non_numeric_dataset_is_refused(tmp_path):
    model = _model()
    path = tmp_path / "str.weights.h5"
    model.save_weights(path)
    with h5py.File(path, "r+") as h5:
        del h5["layers/dense/vars/1"]
        h5.create_dataset("layers/dense/vars/1", data=np.array([b"a", b"b", b"c"]))
    with pytest.raises(ValueError, match="not numbers"):
        model.load_weights(path)


def _damaged(tmp_path, name, config_bytes):
    good = tmp_path / "good.keras"
    if not good.exists():
        _model().save(good)
    path = tmp_path / name
    _rewrite_zip(good, path, {"config.json": config_bytes})
    return path


@pytest.mark.parametrize("config_bytes,expected", [
    (b'{"class_name": "Sequential", "config": {"layers": [', "not valid JSON"),
    (b"[1, 2, 3]", "JSON list, not an object"),
    (b'{"config": {}}', "does not describe a Keras object"),
    (b'{"class_name": "Sequential", "config": {"layers": [{"config": {}}]}}', "field `config.layers[0].class_name`"),
    (b'{"class_name": "Sequential", "config": {"layers": 5}}', "field `config.layers`"),
    (b'{"class_name": "Sequential", "config": {"layers": 5}}', "Cannot load"),
    (b"\xff\xfe{}", "not UTF-8"),
    (b"[" * 100000 + b"]" * 100000, "nests too deeply"),
])
def test_damaged_config_json_names_the_file_and_the_problem(tmp_path, config_bytes, expected):
    path = _damaged(tmp_path, "damaged.keras", config_bytes)
    with pytest.raises((ValueError, TypeError)) as info:
        tf.keras.models.load_model(path)
    assert expected in str(info.value) and str(path) in str(info.value)


def test_missing_truncated_and_memberless_files(tmp_path):
    missing = tmp_path / "nope.keras"
    with pytest.raises(ValueError, match=r"File not found: filepath=.*nope\.keras"):
        tf.keras.models.load_model(missing)
    good = tmp_path / "good.keras"
    _model().save(good)
    truncated = tmp_path / "truncated.keras"
    truncated.write_bytes(good.read_bytes()[: os.path.getsize(good) // 2])
    with pytest.raises(ValueError, match="truncated or damaged"):
        tf.keras.models.load_model(truncated)
    empty = tmp_path / "empty.keras"
    with zipfile.ZipFile(empty, "w") as zf:
        zf.writestr("metadata.json", json.dumps({"keras_version": "3.15.1"}))
    with pytest.raises(ValueError, match=r"has no `config.json`.*Received: filepath="):
        tf.keras.models.load_model(empty)
    with pytest.raises(ValueError, match="has no `model.weights.h5`"):
        _model().load_weights(empty)


def test_skip_mismatch_skips_with_a_warning(tmp_path):
    path = tmp_path / "w.weights.h5"
    _model().save_weights(path)
    other = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(3)])
    with pytest.raises(ValueError, match="could not be loaded"):
        other.load_weights(path)
    before = other.get_weights()
    with pytest.warns(UserWarning, match="skip_mismatch=True"):
        other.load_weights(path, skip_mismatch=True)
    np.testing.assert_array_equal(other.get_weights()[0], before[0])


KILLED_SAVE = """
import os, signal, sys
from keraslike._src.keras.saving import file_io
def write(tmp):
    with open(tmp, "wb") as f:
        f.write(b"half a model")
        f.flush()
    os.kill(os.getpid(), signal.SIGKILL)   # killed mid-save
file_io.atomic_write(sys.argv[1], write)
"""


@pytest.mark.slow
def test_temp_files_of_a_killed_save_are_removed_by_the_next_save_or_load(tmp_path):
    target = tmp_path / "m.keras"
    for _ in range(2):
        proc = subprocess.run([sys.executable, "-c", KILLED_SAVE, str(target)], env=script_env(), timeout=600)
        assert proc.returncode == -signal.SIGKILL
    leftovers = sorted(p.name for p in tmp_path.iterdir())  # the second attempt removed the first one's file
    assert len(leftovers) == 1 and leftovers[0].startswith(".m.keras.keraslike-tmp."), leftovers
    assert not target.exists()
    model = _model()
    model.save(target)  # the next save removes them
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.keras"]
    subprocess.run([sys.executable, "-c", KILLED_SAVE, str(tmp_path / "other.keras")], env=script_env(),
                   timeout=600)
    assert len(list(tmp_path.glob(".other.keras.keraslike-tmp.*"))) == 1
    tf.keras.models.load_model(target)  # and so does a load from the same directory
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.keras"]


def test_temp_files_of_live_writers_and_foreign_files_are_kept(tmp_path):
    mine = tmp_path / f".a.keras.keraslike-tmp.{file_io._host()}.{os.getpid()}.x1.tmp"  # this process: in progress
    unrelated = tmp_path / ".a.keras.tmp"
    other_host = tmp_path / f".a.keras.keraslike-tmp.otherhost.{os.getpid()}.x2.tmp"  # recent, another machine
    for path in (mine, unrelated, other_host):
        path.write_bytes(b"x")
    assert file_io.remove_stale_temp_files(tmp_path) == []
    old = 3 * 24 * 3600
    os.utime(other_host, (os.path.getmtime(other_host) - old,) * 2)
    assert file_io.remove_stale_temp_files(tmp_path) == [str(other_host)]
    assert mine.exists() and unrelated.exists()


def test_checkpoint_h5_bomb_and_damaged_index_are_refused(tmp_path):
    model = _model()
    prefix = str(tmp_path / "ckpt-1")
    with h5py.File(prefix + ".data-00000-of-00001", "w") as h5:
        h5.create_dataset("model/0", shape=(2**28,), dtype="float32")  # declares 1 GiB, stores nothing
    (tmp_path / "ckpt-1.index").write_text(json.dumps({"format": "h5", "keys": {"model/0": {"shape": [2**28]}}}))
    peak, error = _peak_bytes(lambda: tf.train.Checkpoint(model=model).restore(prefix))
    assert error is not None and "declares 1073741824 bytes" in str(error) and "ckpt-1.data" in str(error)
    assert peak < 32 * MiB, peak
    (tmp_path / "ckpt-1.index").write_text("{not json")
    with pytest.raises(ValueError, match=r"ckpt-1\.index.*not valid JSON"):
        tf.train.Checkpoint(model=model).restore(prefix)
    (tmp_path / "ckpt-1.index").write_text("{}")
    with pytest.raises(ValueError, match="not a keraslike checkpoint index"):
        tf.train.Checkpoint(model=model).restore(prefix)
