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


def test_gfile_is_tf_file_object(tmp_path):
    # TF 2.21: `GFile.write` returns None (a Python file returned the count: the tf.io.gfile.GFile docstring
    # displayed 5 and 4), `size()`, `next()`, `seek(position=)`, and text mode reads str
    path = str(tmp_path / "x")
    with tf.io.gfile.GFile("file://" + path, "w") as f:
        assert f.write("qwert") is None
        assert f.write(b"asdf\n") is None
        assert f.size() == 10
    f = tf.io.gfile.GFile(path)
    assert (f.read(2), f.tell(), f.readline(), f.size(), f.mode, f.name) == ("qw", 2, "ertasdf\n", 10, "r", path)
    f.seek(position=1)
    assert f.read() == "wertasdf\n"
    f.seek(0)
    assert f.next() == "qwertasdf\n" and list(f) == []
    assert tf.io.gfile.GFile(path, "rb").read() == b"qwertasdf\n"
    assert [line for line in tf.io.gfile.GFile(path)] == ["qwertasdf\n"]
