"""tf.io.gfile on local paths, as the multi-worker tutorial uses it (makedirs, exists, rmtree)."""

import pytest

import keraslike as tf


def test_gfile_roundtrip(tmp_path):
    base = tmp_path / "model" / "sub"
    tf.io.gfile.makedirs(str(base))
    assert tf.io.gfile.isdir(str(base)) and tf.io.gfile.exists(str(base))
    with tf.io.gfile.GFile(str(base / "f.txt"), "w") as f:
        f.write("hello")
    assert tf.io.gfile.listdir(str(base)) == ["f.txt"]
    assert tf.io.gfile.glob(str(base / "*.txt")) == [str(base / "f.txt")]
    tf.io.gfile.rename(str(base / "f.txt"), str(base / "g.txt"))
    with pytest.raises(tf.errors.AlreadyExistsError):
        tf.io.gfile.copy(str(base / "g.txt"), str(base / "g.txt"))
    tf.io.gfile.rmtree(str(tmp_path / "model"))
    assert not tf.io.gfile.exists(str(tmp_path / "model"))
    with pytest.raises(tf.errors.NotFoundError):
        tf.io.gfile.rmtree(str(tmp_path / "model"))
    with pytest.raises(tf.errors.UnimplementedError):
        tf.io.gfile.exists("gs://bucket/x")
