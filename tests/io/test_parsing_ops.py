"""tf.train.Example protos and tf.io.parse_* against real TF 2.21 (tests/golden/make_records_golden.py)."""

import json
import os
import sys

import numpy as np
import pytest
import torch

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden")
sys.path.insert(0, GOLDEN)
import records_cases as cases  # noqa: E402

with open(os.path.join(GOLDEN, "records.json")) as _f:
    EXPECTED = json.load(_f)
TF_EXAMPLES = [bytes.fromhex(e) for e in EXPECTED["examples"]]
TF_SEQUENCES = [bytes.fromhex(e) for e in EXPECTED["sequences"]]


def outcome(function):
    try:
        result = function()
    except tf.errors.InvalidArgumentError as error:
        return {"error": type(error).__name__, "message": str(error)}
    return tf.nest.map_structure(cases.as_python, result)


def _same(ours, theirs):
    if "error" in theirs:
        assert ours.get("error") == theirs["error"], ours
    else:
        assert ours == theirs


def test_example_bytes_interchange_with_tf():
    for spec, tf_bytes in zip(cases.EXAMPLES, TF_EXAMPLES):
        ours = cases.example(tf, spec)
        assert tf.train.Example.FromString(tf_bytes) == ours  # map order may differ, messages are equal
        assert tf.train.Example.FromString(ours.SerializeToString()) == ours
    for spec, tf_bytes in zip(cases.SEQUENCE_EXAMPLES, TF_SEQUENCES):
        assert tf.train.SequenceExample.FromString(tf_bytes) == cases.sequence_example(tf, spec)


def test_messages_text_format_and_fields():
    feature = tf.train.Feature(int64_list=tf.train.Int64List(value=[1, 2]))
    assert str(feature) == "int64_list {\n  value: 1\n  value: 2\n}\n"
    assert feature.WhichOneof("kind") == "int64_list"
    example = tf.train.Example()
    example.features.feature["f"].float_list.value.append(1.5)
    assert list(tf.train.Example.FromString(example.SerializeToString()).features.feature["f"].float_list.value) \
        == [1.5]
    with pytest.raises(TypeError):
        tf.train.Int64List(value=["x"])


@pytest.mark.parametrize("spec_name", sorted(cases.parse_specs(tf)))
def test_parse_single_and_batch_match_tf(spec_name):
    spec = cases.parse_specs(tf)[spec_name]
    for serialized, theirs in zip(TF_EXAMPLES, EXPECTED["single"][spec_name]):
        _same(outcome(lambda s=serialized: tf.io.parse_single_example(s, spec)), theirs)
    _same(outcome(lambda: tf.io.parse_example(TF_EXAMPLES, spec)), EXPECTED["batch"][spec_name])


def test_error_messages_are_tfs():
    specs = cases.parse_specs(tf)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Feature: name \(data type: string\) is required"):
        tf.io.parse_example(TF_EXAMPLES, specs["required_missing"])
    with pytest.raises(tf.errors.InvalidArgumentError, match="Values size: 2 but output shape: \\[3\\]"):
        tf.io.parse_example(TF_EXAMPLES, specs["wrong_size"])
    with pytest.raises(tf.errors.InvalidArgumentError, match="Data type: float but expected type: int64"):
        tf.io.parse_example(TF_EXAMPLES, specs["wrong_type"])
    with pytest.raises(ValueError, match="allow_missing"):
        tf.io.parse_example(TF_EXAMPLES, {"a": tf.io.FixedLenSequenceFeature([], tf.float32)})
    with pytest.raises(ValueError, match="tf.float32, tf.int64 or tf.string"):
        tf.io.parse_example(TF_EXAMPLES, {"a": tf.io.FixedLenFeature([], tf.int32)})
    with pytest.raises(tf.errors.InvalidArgumentError, match="requested shape has 2"):
        tf.io.parse_example(TF_EXAMPLES, {"a": tf.io.FixedLenFeature([2], tf.float32, default_value=1.0)})
    with pytest.raises(tf.errors.InvalidArgumentError, match="Could not parse example input"):
        tf.io.parse_single_example(b"\xff\xff\xff", specs["basic"])
    with pytest.raises(ValueError, match="rank 0"):
        tf.io.parse_single_example(TF_EXAMPLES, specs["basic"])
    with pytest.raises(TypeError, match="partitions"):  # TF: a partition is RaggedFeature.RowSplits(...), ...
        tf.io.parse_example(TF_EXAMPLES, {"tags": tf.io.RaggedFeature(tf.string, partitions=("x",))})
    assert repr(tf.io.RaggedFeature(tf.string)) == ("RaggedFeature(dtype=tf.string, value_key=None, partitions=(), "
                                                    "row_splits_dtype=tf.int32, validate=False)")


def test_sequence_examples_match_tf():
    context, sequence = cases.sequence_specs(tf)
    for serialized, theirs in zip(TF_SEQUENCES, EXPECTED["sequence"]["single"]):
        assert outcome(lambda s=serialized: list(tf.io.parse_single_sequence_example(s, context, sequence))) == theirs
    assert outcome(lambda: list(tf.io.parse_sequence_example(TF_SEQUENCES, context, sequence))) \
        == EXPECTED["sequence"]["batch"]


def test_sparse_feature_sorts_indices():
    example = cases.example(tf, {"ix": ("int64", [4, 1, 3]), "val": ("float", [40.0, 10.0, 30.0])})
    out = tf.io.parse_example([example.SerializeToString()] * 2, {
        "s": tf.io.SparseFeature(index_key="ix", value_key="val", dtype=tf.float32, size=6)})["s"]
    assert out.indices.tolist() == [[0, 1], [0, 3], [0, 4], [1, 1], [1, 3], [1, 4]]
    assert out.values.tolist() == [10.0, 30.0, 40.0] * 2
    assert out.dense_shape.tolist() == [2, 6]
    assert tf.sparse.to_dense(out)[1].tolist() == [0, 10, 0, 30, 40, 0]


def test_feature_spec_reprs_are_tfs():
    assert repr(tf.io.FixedLenFeature([2], tf.float32)) == \
        "FixedLenFeature(shape=[2], dtype=tf.float32, default_value=None)"
    assert repr(tf.io.VarLenFeature(tf.string)) == "VarLenFeature(dtype=tf.string)"
    assert repr(tf.io.FixedLenSequenceFeature([], tf.int64)) == \
        "FixedLenSequenceFeature(shape=[], dtype=tf.int64, allow_missing=False, default_value=None)"


def _strings(values):
    return np.array(values, dtype=object)


@pytest.mark.parametrize("name", sorted(cases.tensors(tf, _strings)))
def test_serialize_tensor_bytes_equal_tfs(name):
    tensor = cases.tensors(tf, _strings)[name]
    theirs = EXPECTED["tensors"][name]
    assert tf.io.serialize_tensor(tensor).numpy() == bytes.fromhex(theirs["bytes"])
    dtype = tensor.dtype if isinstance(tensor, torch.Tensor) else tf.string
    back = tf.io.parse_tensor(bytes.fromhex(theirs["bytes"]), dtype)
    assert cases.as_python(back) == theirs["value"]


def test_parse_tensor_errors_and_val_fields():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Type mismatch between parsed tensor \(float\)"):
        tf.io.parse_tensor(tf.io.serialize_tensor(tf.constant([1.0])), tf.int32)
    from keraslike._src.io import protos

    proto = protos.TensorProto(dtype=protos.DATA_TYPES["DT_INT32"], int_val=[7])
    proto.tensor_shape.dim.add(size=3)  # one value fills the shape, as TF's MakeNdarray
    assert tf.io.parse_tensor(proto.SerializeToString(), tf.int32).tolist() == [7, 7, 7]
    bf = tf.io.parse_tensor(tf.io.serialize_tensor(tf.constant([1.5, -2.0], tf.bfloat16)), tf.bfloat16)
    assert bf.dtype == torch.bfloat16 and bf.tolist() == [1.5, -2.0]


def test_decode_raw_matches_tf():
    for (data, dtype, little, fixed), theirs in zip(cases.DECODE_RAW, EXPECTED["decode_raw"]):
        kwargs = {"fixed_length": fixed} if fixed else {}
        ours = outcome(lambda d=data, t=dtype, le=little, kw=kwargs: tf.io.decode_raw(
            [d], getattr(tf, t), little_endian=le, **kw))
        assert ours == theirs
    with pytest.raises(tf.errors.InvalidArgumentError, match="same size"):
        tf.io.decode_raw([b"ab", b"abcd"], tf.int16)
    with pytest.raises(tf.errors.InvalidArgumentError, match="not a multiple of 4"):
        tf.io.decode_raw(b"abc", tf.float32)


def test_base64_compressed_and_json():
    for data, theirs in zip(cases.BASE64, EXPECTED["base64"]):
        assert tf.io.encode_base64(data).numpy() == theirs["plain"].encode()
        assert tf.io.encode_base64(data, pad=True).numpy() == theirs["padded"].encode()
        assert tf.io.decode_base64(theirs["plain"]).numpy() == data
        assert tf.io.decode_base64(theirs["padded"]).numpy() == data
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.io.decode_base64("a+b/")
    import gzip
    import zlib

    out = tf.io.decode_compressed([zlib.compress(b"abc"), zlib.compress(b"")], "ZLIB")
    assert list(np.asarray(out)) == [b"abc", b""]
    assert tf.io.decode_compressed(gzip.compress(b"xyz"), "GZIP").numpy() == b"xyz"
    serialized = tf.io.decode_json_example('{"features": {"feature": {"a": {"int64List": {"value": ["3"]}}}}}')
    assert tf.io.parse_single_example(serialized, {"a": tf.io.FixedLenFeature([], tf.int64)})["a"].item() == 3


def test_read_write_and_matching_files(tmp_path):
    path = str(tmp_path / "sub" / "f.bin")
    tf.io.write_file(path, b"\x00data")
    assert tf.io.read_file(path).numpy() == b"\x00data"
    assert os.listdir(tmp_path / "sub") == ["f.bin"]  # no temporary left behind
    assert [bytes(p) for p in np.asarray(tf.io.matching_files(str(tmp_path / "sub" / "*.bin")))] == [path.encode()]
    with pytest.raises(tf.errors.NotFoundError):
        tf.io.read_file(str(tmp_path / "nope"))


@pytest.mark.parametrize("name", sorted(cases.csv_cases(tf)))
def test_decode_csv_matches_tf(name):
    _same(outcome(lambda: list(cases.csv_cases(tf)[name]())), EXPECTED["csv"][name])


def test_decode_csv_error_messages_are_tfs():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Field 2 is required but missing in record 1!"):
        cases.csv_cases(tf)["required"]()
    with pytest.raises(tf.errors.InvalidArgumentError, match="Expect 2 fields but have 3 in record 1"):
        cases.csv_cases(tf)["count"]()
    with pytest.raises(ValueError, match="only 1 char"):
        tf.io.decode_csv("a", [[""]], field_delim=";;")


def test_extract_jpeg_shape_and_decode_and_crop():
    """Shapes as TF 2.21 gives them for these JPEGs; the crop is the decoded image's window."""
    pixels = tf.constant(np.random.default_rng(0).integers(0, 255, (10, 12, 3)).astype(np.uint8))
    jpeg = tf.io.encode_jpeg(pixels)
    assert tf.io.extract_jpeg_shape(jpeg).tolist() == [10, 12, 3]
    gray = tf.io.extract_jpeg_shape(tf.io.encode_jpeg(pixels[..., :1]), tf.int64)
    assert gray.dtype == torch.int64 and gray.tolist() == [10, 12, 1]
    crop = tf.io.decode_and_crop_jpeg(jpeg, [2, 3, 4, 5])
    assert torch.equal(crop, tf.io.decode_jpeg(jpeg)[2:6, 3:8])
    assert tf.image.decode_and_crop_jpeg(jpeg, tf.constant([0, 0, 10, 12])).shape == (10, 12, 3)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Invalid JPEG data or crop window"):
        tf.io.decode_and_crop_jpeg(jpeg, [8, 3, 4, 5])
