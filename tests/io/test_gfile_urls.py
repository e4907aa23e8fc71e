"""tf.io.gfile on `file://` URLs, iterables of glob patterns and `join`, as TF 2.21 does them
(values from TF 2.21 on the same calls: `file://` paths are local paths, `glob` of a `file://`
pattern gives `file://` matches, `join` keeps a URL's scheme)."""

import pytest

import keraslike as tf

gfile = tf.io.gfile


def test_file_urls_are_local_paths(tmp_path):
    url = f"file://{tmp_path}/a.txt"
    with gfile.GFile(url, "w") as f:
        f.write("x\n")
    assert gfile.exists(url) and gfile.isdir(f"file://{tmp_path}")
    assert gfile.glob(f"file://{tmp_path}/*") == [url]
    gfile.copy(url, f"file://{tmp_path}/b.txt")
    assert sorted(gfile.listdir(f"file://{tmp_path}")) == ["a.txt", "b.txt"]
    with pytest.raises(tf.errors.AlreadyExistsError):
        gfile.copy(f"{tmp_path}/a.txt", f"{tmp_path}/b.txt")
    assert gfile.GFile(f"{tmp_path}/b.txt").readlines() == ["x\n"]
    gfile.remove(f"file://{tmp_path}/b.txt")
    assert not gfile.exists(f"{tmp_path}/b.txt")
    with pytest.raises(tf.errors.UnimplementedError):
        gfile.exists("gs://bucket/x")


def test_glob_takes_an_iterable_of_patterns(tmp_path):
    (tmp_path / "a.txt").write_text("x")
    patterns = iter([f"{tmp_path}/*.txt", f"{tmp_path}/a*"])
    assert gfile.glob(patterns) == [f"{tmp_path}/a.txt"] * 2
    assert gfile.glob([f"{tmp_path}/*.txt"]) == [f"{tmp_path}/a.txt"]


def test_join():
    assert gfile.join("/tmp", "a", "b") == "/tmp/a/b"
    assert gfile.join("gs://b", "x") == "gs://b/x"
    assert gfile.join("file:///tmp", "x") == "file:///tmp/x"
    assert gfile.join("a/", "/b") == "/b"
