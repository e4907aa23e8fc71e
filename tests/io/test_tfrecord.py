"""TFRecord files: tf.io.TFRecordWriter / TFRecordOptions, tf.data.TFRecordDataset, the experimental writer.

Files written by real TF 2.21 (tests/golden/records/, made by tests/golden/make_records_golden.py) are read
here, and files written here must equal TF's bytes (the format is deterministic: length, masked CRC32C,
data, masked CRC32C; compressed streams are compared after decompression).
"""

import gzip
import json
import os
import struct
import zlib

import numpy as np
import pytest

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden")
with open(os.path.join(GOLDEN, "records.json")) as _f:
    RECORDS = [bytes.fromhex(r) for r in json.load(_f)["records"]]
FILES = {"": "plain.tfrecord", "GZIP": "gzip.tfrecord.gz", "ZLIB": "zlib.tfrecord.z"}


def _bytes(element):
    value = element.numpy() if hasattr(element, "numpy") else element
    return bytes(value)


def _decompressed(path, compression):
    with open(path, "rb") as f:
        data = f.read()
    return gzip.decompress(data) if compression == "GZIP" else zlib.decompress(data) if compression else data


def test_masked_crc32c_known_value():
    from keraslike._src.io.tfrecord import masked_crc32c

    crc = 0xE3069283  # CRC32C("123456789"), the standard check value
    assert masked_crc32c(b"123456789") == (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


@pytest.mark.parametrize("compression", ["", "GZIP", "ZLIB"])
def test_reads_files_written_by_tf(compression):
    path = os.path.join(GOLDEN, "records", FILES[compression])
    dataset = tf.data.TFRecordDataset(path, compression_type=compression or None)
    assert dataset.element_spec == tf.TensorSpec((), tf.string)
    assert [_bytes(e) for e in dataset] == RECORDS
    assert list(dataset.as_numpy_iterator()) == RECORDS


@pytest.mark.parametrize("compression", ["", "GZIP", "ZLIB"])
def test_written_file_equals_tf_bytes(tmp_path, compression):
    path = str(tmp_path / "out.tfrecord")
    with tf.io.TFRecordWriter(path, tf.io.TFRecordOptions(compression_type=compression)) as writer:
        for record in RECORDS:
            writer.write(record)
    tf_path = os.path.join(GOLDEN, "records", FILES[compression])
    assert _decompressed(path, compression) == _decompressed(tf_path, compression)
    assert [_bytes(e) for e in tf.data.TFRecordDataset([path], compression)] == RECORDS


def test_writer_options_string_flush_and_str_records(tmp_path):
    path = tmp_path / "z.tfrecord"
    writer = tf.io.TFRecordWriter(str(path), "ZLIB")
    writer.write("héllo")
    writer.flush()  # a sync point: what is written so far decompresses
    assert zlib.decompressobj().decompress(path.read_bytes())[12:18] == "héllo".encode()
    writer.write(tf.io.serialize_tensor(tf.constant([1, 2])))
    writer.close()
    writer.close()
    with pytest.raises(ValueError, match="closed"):
        writer.write(b"x")
    records = [_bytes(e) for e in tf.data.TFRecordDataset(str(path), "ZLIB")]
    assert records[0] == "héllo".encode()
    assert tf.io.parse_tensor(records[1], tf.int32).tolist() == [1, 2]


def test_zlib_settings_are_used(tmp_path):
    payload = [bytes(range(256)) * 40] * 5
    sizes = {}
    for level in (0, 9):
        path = str(tmp_path / f"l{level}.tfrecord")
        with tf.io.TFRecordWriter(path, tf.io.TFRecordOptions("GZIP", compression_level=level, mem_level=8,
                                                              window_bits=12)) as writer:
            for record in payload:
                writer.write(record)
        sizes[level] = os.path.getsize(path)
        assert [_bytes(e) for e in tf.data.TFRecordDataset(path, "GZIP")] == payload
    assert sizes[0] > sizes[9] * 5


def test_bad_options_raise():
    with pytest.raises(ValueError, match="compression_type"):
        tf.io.TFRecordOptions(compression_type="BZIP2")
    with pytest.raises(ValueError, match="compression_level"):
        tf.io.TFRecordOptions(compression_level=5)
    with pytest.raises(ValueError, match="compression_type"):
        tf.data.TFRecordDataset("x", compression_type="LZ4")
    with pytest.raises(ValueError, match="num_parallel_reads"):
        tf.data.TFRecordDataset("x", num_parallel_reads=0)
    with pytest.raises(TypeError, match="filenames"):
        tf.data.TFRecordDataset([1, 2])
    with pytest.raises(TypeError, match="tf.string"):
        tf.data.TFRecordDataset(tf.data.Dataset.range(3))
    assert tf.io.TFRecordOptions.get_compression_type_string(tf.compat.v1.io.TFRecordCompressionType.GZIP) == "GZIP"


def _write(path, records):
    with tf.io.TFRecordWriter(str(path)) as writer:
        for record in records:
            writer.write(record)
    return str(path)


def test_corruption_raises_data_loss(tmp_path):
    path = _write(tmp_path / "a.tfrecord", [b"first", b"second record"])
    data = bytearray(open(path, "rb").read())
    data[16 + 5 + 12 + 3] ^= 0x01  # a byte inside the second record's data
    bad = tmp_path / "bad.tfrecord"
    bad.write_bytes(bytes(data))
    iterator = iter(tf.data.TFRecordDataset(str(bad)))
    assert _bytes(next(iterator)) == b"first"
    with pytest.raises(tf.errors.DataLossError, match="corrupted record at 33"):  # TF 2.21's message and offset
        next(iterator)
    header = bytearray(open(path, "rb").read())
    header[0] ^= 0x40  # the first length field: its CRC no longer matches
    (tmp_path / "hdr.tfrecord").write_bytes(bytes(header))
    with pytest.raises(tf.errors.DataLossError, match=r"corrupted record at 0 \(Is this even a TFRecord file\?\)"):
        list(tf.data.TFRecordDataset(str(tmp_path / "hdr.tfrecord")))
    (tmp_path / "cut.tfrecord").write_bytes(open(path, "rb").read()[:-3])
    with pytest.raises(tf.errors.DataLossError, match="truncated record at 21' failed with Read less bytes"):
        list(tf.data.TFRecordDataset(str(tmp_path / "cut.tfrecord")))
    with pytest.raises(tf.errors.NotFoundError):
        list(tf.data.TFRecordDataset(str(tmp_path / "missing.tfrecord")))


def test_reading_is_streamed(tmp_path):
    """A reader holds one record at a time: a big file is not read whole."""
    from keraslike._src.io import tfrecord

    path = _write(tmp_path / "big.tfrecord", [os.urandom(1024) for _ in range(300)])
    records = tfrecord.iterate_records(path, buffer_size=4096)
    first = next(records)
    assert len(first) == 1024
    stream = records.gi_frame.f_locals["stream"]
    assert stream.tell() < 3 * 4096  # only the read buffer is ahead of the first record
    assert sum(1 for _ in records) == 299


def _files(tmp_path, counts):
    return [_write(tmp_path / f"f{i}.tfrecord", [f"{i}-{j}".encode() for j in range(n)])
            for i, n in enumerate(counts)]


def test_file_order_and_parallel_interleave(tmp_path):
    files = _files(tmp_path, [3, 1, 2, 2])
    sequential = [_bytes(e).decode() for e in tf.data.TFRecordDataset(files)]
    assert sequential == ["0-0", "0-1", "0-2", "1-0", "2-0", "2-1", "3-0", "3-1"]
    # TF 2.21's orders for these files (its deterministic interleave, block_length=1).
    parallel = [_bytes(e).decode() for e in tf.data.TFRecordDataset(files, num_parallel_reads=2)]
    assert parallel == ["0-0", "1-0", "0-1", "0-2", "2-0", "2-1", "3-0", "3-1"]
    parallel = [_bytes(e).decode() for e in tf.data.TFRecordDataset(files, num_parallel_reads=3, buffer_size=0)]
    assert parallel == ["0-0", "1-0", "2-0", "0-1", "2-1", "0-2", "3-0", "3-1"]
    names = tf.data.Dataset.from_tensor_slices(files).shuffle(4)
    assert sorted(_bytes(e).decode() for e in tf.data.TFRecordDataset(names)) == sorted(sequential)


def test_pipeline_map_parse_and_batch(tmp_path):
    """The tutorial pipeline: TFRecordDataset -> map(parse_single_example) -> batch."""
    path = _write(tmp_path / "ex.tfrecord", [
        tf.train.Example(features=tf.train.Features(feature={
            "x": tf.train.Feature(float_list=tf.train.FloatList(value=[i, i + 0.5])),
            "y": tf.train.Feature(int64_list=tf.train.Int64List(value=[i * 10]))})).SerializeToString()
        for i in range(5)])
    spec = {"x": tf.io.FixedLenFeature([2], tf.float32), "y": tf.io.FixedLenFeature([], tf.int64)}
    batches = list(tf.data.TFRecordDataset(path).map(lambda r: tf.io.parse_single_example(r, spec)).batch(2))
    assert [b["y"].tolist() for b in batches] == [[0, 10], [20, 30], [40]]
    np.testing.assert_array_equal(batches[1]["x"].numpy(), [[2, 2.5], [3, 3.5]])


def test_experimental_writer_writes_a_dataset(tmp_path):
    path = str(tmp_path / "w.tfrecord.gz")
    data = tf.data.Dataset.range(4).map(tf.io.serialize_tensor)
    tf.data.experimental.TFRecordWriter(path, "GZIP").write(data)
    back = tf.data.TFRecordDataset(path, "GZIP").map(lambda s: tf.io.parse_tensor(s, tf.int64))
    assert [int(v) for v in back] == [0, 1, 2, 3]
    with pytest.raises(TypeError, match="scalar"):
        tf.data.experimental.TFRecordWriter(path).write(tf.data.Dataset.range(2))
    assert struct.unpack("<Q", gzip.decompress(open(path, "rb").read())[:8])[0] == len(
        _bytes(tf.io.serialize_tensor(tf.constant(0, tf.int64))))


def test_batched_records_are_string_vectors(tmp_path):
    """Batching scalar string records gives a 1-D string tensor of the records (not arrays inside arrays)."""
    path = os.path.join(GOLDEN, "records", FILES[""])
    batch = next(iter(tf.data.TFRecordDataset(path).batch(3)))
    assert batch.shape.as_list() == [3] and list(batch.numpy()) == RECORDS[:3]
    parsed = tf.io.parse_example(batch, {"id": tf.io.FixedLenFeature([], tf.int64)})
    assert parsed["id"].tolist() == [0, 1, -7]


def test_string_lists_keep_trailing_nul_bytes():
    """Serialized protos often end in b"\\x00": a list of them must not go through numpy's "S" dtype."""
    records = [b"a\x00", b"\x00b\x00\x00"]
    assert [e.numpy() for e in tf.data.Dataset.from_tensor_slices(records)] == records


def test_fixed_length_record_dataset(tmp_path):
    """Values and the error message as TF 2.21 gives them for these files."""
    path = tmp_path / "fl.bin"
    path.write_bytes(b"HDR" + bytes(range(20)) + b"FT")
    dataset = tf.data.FixedLengthRecordDataset(str(path), 4, header_bytes=3, footer_bytes=2, buffer_size=5)
    assert dataset.element_spec == tf.TensorSpec((), tf.string)
    assert [e.numpy() for e in dataset] == [b"\x00\x01\x02\x03", b"\x04\x05\x06\x07", b"\x08\t\n\x0b",
                                            b"\x0c\r\x0e\x0f", b"\x10\x11\x12\x13"]
    bad = tmp_path / "fl2.bin"
    bad.write_bytes(b"HDR" + bytes(range(21)) + b"FT")
    with pytest.raises(tf.errors.InvalidArgumentError, match=(
            r'Excluding the header \(3 bytes\) and footer \(2 bytes\), input file ".*fl2.bin" has body length 21 '
            r"bytes, which is not an exact multiple of the record length \(4 bytes\).")):
        list(tf.data.FixedLengthRecordDataset(str(bad), 4, header_bytes=3, footer_bytes=2))
    packed = tmp_path / "fl.gz"
    packed.write_bytes(gzip.compress(b"H" + bytes(range(8)) + b"F"))
    assert [e.numpy() for e in tf.data.FixedLengthRecordDataset(
        str(packed), 4, header_bytes=1, footer_bytes=1, compression_type="GZIP")] == [b"\x00\x01\x02\x03",
                                                                                      b"\x04\x05\x06\x07"]
    packed.write_bytes(gzip.compress(bytes(range(9))))
    with pytest.raises(tf.errors.InvalidArgumentError, match="body length 9"):
        list(tf.data.FixedLengthRecordDataset(str(packed), 4, compression_type="GZIP"))
    with pytest.raises(ValueError, match="record_bytes"):
        tf.data.FixedLengthRecordDataset(str(path), 0)
    files = [str(path), str(path)]
    assert len(list(tf.data.FixedLengthRecordDataset(files, 4, 3, 2, num_parallel_reads=2))) == 10


def _example_files(tmp_path, counts):
    paths = []
    for f, count in enumerate(counts):
        records = [tf.train.Example(features=tf.train.Features(feature={
            "x": tf.train.Feature(float_list=tf.train.FloatList(value=[f * 100 + i, 0.5])),
            "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[f * 100 + i])),
            "tags": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"t"] * (i % 3)))})).SerializeToString()
            for i in range(count)]
        paths.append(_write(tmp_path / f"ex{f}.tfrecord", records))
    return paths


FEATURES = {"x": tf.io.FixedLenFeature([2], tf.float32), "label": tf.io.FixedLenFeature([], tf.int64),
            "tags": tf.io.VarLenFeature(tf.string)}


def test_make_batched_features_dataset_order_labels_and_epochs(tmp_path):
    _example_files(tmp_path, [3, 2, 4])
    dataset = tf.data.experimental.make_batched_features_dataset(
        str(tmp_path / "ex*.tfrecord"), 4, FEATURES, label_key="label", num_epochs=1, shuffle=False)
    batches = list(dataset)
    labels = [int(v) for _, label in batches for v in label]
    assert labels == [0, 1, 2, 100, 101, 200, 201, 202, 203]  # files in sorted order, records in file order
    features, _ = batches[0]
    assert sorted(features) == ["tags", "x"] and features["x"][:, 0].tolist() == [0, 1, 2, 100]
    assert features["tags"].dense_shape.tolist() == [4, 2]
    shuffled = tf.data.experimental.make_batched_features_dataset(
        str(tmp_path / "ex*.tfrecord"), 5, FEATURES, label_key="label", num_epochs=2, shuffle_seed=3,
        reader_num_threads=2, drop_final_batch=False)
    seen = sorted(int(v) for _, label in shuffled for v in label)
    assert seen == sorted(labels * 2)  # every record exactly once per epoch
    with pytest.raises(ValueError, match="label_key"):
        tf.data.experimental.make_batched_features_dataset(str(tmp_path / "ex*.tfrecord"), 2, FEATURES,
                                                           label_key="nope")


def test_parse_example_dataset_needs_batches(tmp_path):
    paths = _example_files(tmp_path, [3])
    parsed = tf.data.TFRecordDataset(paths).batch(2).apply(tf.data.experimental.parse_example_dataset(FEATURES))
    assert [b["label"].tolist() for b in parsed] == [[0, 1], [2]]
    with pytest.raises(TypeError, match="vectors of strings"):
        tf.data.TFRecordDataset(paths).apply(tf.data.experimental.parse_example_dataset(FEATURES))


def test_tf1_record_iterator_names():
    path = os.path.join(GOLDEN, "records", FILES["GZIP"])
    options = tf.compat.v1.python_io.TFRecordOptions(tf.compat.v1.python_io.TFRecordCompressionType.GZIP)
    assert list(tf.compat.v1.io.tf_record_iterator(path, options)) == RECORDS
    assert list(tf.compat.v1.python_io.tf_record_iterator(os.path.join(GOLDEN, "records", FILES[""]))) == RECORDS


def test_experimental_writer_is_atomic(tmp_path):
    path = tmp_path / "atomic.tfrecord"
    path.write_bytes(b"old")

    def failing():
        yield b"a"
        raise RuntimeError("pipeline failed")

    data = tf.data.Dataset.from_generator(failing, output_signature=tf.TensorSpec((), tf.string))
    with pytest.raises(RuntimeError, match="pipeline failed"):
        tf.data.experimental.TFRecordWriter(str(path)).write(data)
    assert path.read_bytes() == b"old" and sorted(os.listdir(tmp_path)) == ["atomic.tfrecord"]
