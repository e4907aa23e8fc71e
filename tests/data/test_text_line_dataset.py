"""tf.data.TextLineDataset, Dataset.list_files and string pipelines; expected values read off real TF 2.21."""

import gzip
import zlib

import numpy as np
import pytest

import keraslike as tf


@pytest.fixture
def files(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"l1\nl2\r\n\nl4 end")
    with gzip.open(tmp_path / "b.txt.gz", "wb") as handle:
        handle.write(b"g1\ng2\n")
    (tmp_path / "c.txt.z").write_bytes(zlib.compress(b"z1\nz2"))
    return tmp_path


def test_lines_of_plain_and_compressed_files(files):
    ds = tf.data.TextLineDataset(str(files / "a.txt"))
    assert list(ds.as_numpy_iterator()) == [b"l1", b"l2", b"", b"l4 end"]
    assert ds.element_spec == tf.TensorSpec((), tf.string) and int(ds.cardinality()) == -2
    assert list(tf.data.TextLineDataset(str(files / "b.txt.gz"), compression_type="GZIP").as_numpy_iterator()) == [
        b"g1", b"g2"]
    assert list(tf.data.TextLineDataset([str(files / "c.txt.z")], "ZLIB").as_numpy_iterator()) == [b"z1", b"z2"]
    both = tf.data.TextLineDataset([str(files / "a.txt")] * 2, num_parallel_reads=2)
    assert list(both.as_numpy_iterator()) == [b"l1", b"l1", b"l2", b"l2", b"", b"", b"l4 end", b"l4 end"]
    first = next(iter(ds))
    assert first.dtype is tf.string and first.numpy() == b"l1"
    with pytest.raises(tf.errors.NotFoundError):
        list(tf.data.TextLineDataset(str(files / "missing.txt")))


def test_list_files_and_interleave(files):
    names = tf.data.Dataset.list_files(str(files / "*.txt"), shuffle=False)
    assert list(names.as_numpy_iterator()) == [str(files / "a.txt").encode()]
    lines = names.interleave(tf.data.TextLineDataset, cycle_length=1)
    assert list(lines.as_numpy_iterator()) == [b"l1", b"l2", b"", b"l4 end"]
    shuffled = tf.data.Dataset.list_files([str(files / "*.txt"), str(files / "*.gz")])
    assert sorted(shuffled.as_numpy_iterator()) == sorted([str(files / "a.txt").encode(),
                                                           str(files / "b.txt.gz").encode()])
    with pytest.raises(tf.errors.InvalidArgumentError, match="non-empty"):
        tf.data.Dataset.list_files(str(files / "*.none"))


def test_string_pipeline_map_split_padded_batch():
    ds = tf.data.Dataset.from_tensor_slices(["a b", "c"]).map(tf.strings.split)
    assert ds.element_spec.dtype is tf.string
    (batch,) = list(ds.padded_batch(2))
    assert batch.numpy().tolist() == [[b"a", b"b"], [b"c", b""]]  # TF: [[b'a' b'b'] [b'c' b'']]
    (scalars,) = list(tf.data.Dataset.from_tensor_slices(["a", "b"]).padded_batch(2))
    assert [type(v) for v in scalars.numpy()] == [bytes, bytes] and scalars.numpy().tolist() == [b"a", b"b"]
    upper = tf.data.Dataset.from_tensor_slices(["x", "yz"]).map(lambda s: tf.strings.upper(s) + "!").batch(2)
    assert [b.numpy().tolist() for b in upper] == [[b"X!", b"YZ!"]]
    lengths = tf.data.Dataset.from_tensor_slices(["héllo", "ab"]).map(lambda s: tf.strings.length(s, "UTF8_CHAR"))
    assert [int(x) for x in lengths] == [5, 2]
    pairs = tf.data.Dataset.from_tensor_slices((["a", "b", "c"], np.arange(3))).shuffle(3).batch(3)
    (words, ids) = next(iter(pairs))
    assert sorted(zip(words.numpy().tolist(), ids.tolist())) == [(b"a", 0), (b"b", 1), (b"c", 2)]
