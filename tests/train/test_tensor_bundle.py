"""TF's tensor-bundle checkpoint files: read what TF 2.21 / tf_keras wrote (tests/golden/tf_checkpoints/, made by
tests/golden/make_tf_checkpoint_golden.py), write files TF reads (tests/golden/tf_reads_keraslike.json), and
refuse corrupt files by name."""

import json
import os
import shutil

import numpy as np
import pytest

import keraslike as tf
import keraslike.train  # noqa: F401
from keraslike._src.train import checkpoint_protos, tensor_bundle

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_DIR = os.path.join(HERE, "..", "golden", "tf_checkpoints")
with open(os.path.join(HERE, "..", "golden", "tf_checkpoints.json")) as _f:
    GOLDEN = json.load(_f)
CASES = ["vars", "module", "keras3", "tfkeras", "saved", "keras3_functional", "tfkeras_functional",
         "saved_model_variables"]


def _prefix(case):
    directory = os.path.join(GOLDEN_DIR, case)
    return tf.train.latest_checkpoint(directory) or os.path.join(directory, "ckpt")


@pytest.mark.parametrize("case", CASES)
def test_list_and_load_variables_of_tf_written_checkpoints(case):
    expected = GOLDEN[case]["variables"]
    listed = tf.train.list_variables(_prefix(case))
    assert listed == sorted((k, v["shape"]) for k, v in expected.items())
    reader = tf.train.load_checkpoint(_prefix(case))
    dtypes = reader.get_variable_to_dtype_map()
    for key, meta in expected.items():
        assert reader.has_tensor(key)
        assert getattr(dtypes[key], "name", str(dtypes[key]).replace("torch.", "")) == meta["dtype"]
        if "value" in meta:
            value = tf.train.load_variable(_prefix(case), key)
            assert value.tolist() == meta["value"] and str(value.dtype) == meta["dtype"]
    graph = checkpoint_protos.TrackableObjectGraph.FromString(reader.get_tensor("_CHECKPOINTABLE_OBJECT_GRAPH"))
    assert graph.nodes[0].children


def test_load_checkpoint_of_a_directory_follows_its_state_file():
    assert GOLDEN["saved"]["latest"] == "ckpt-2"
    assert tf.train.latest_checkpoint(os.path.join(GOLDEN_DIR, "saved")).endswith("ckpt-2")
    np.testing.assert_array_equal(
        tf.train.load_variable(os.path.join(GOLDEN_DIR, "saved"), "v/.ATTRIBUTES/VARIABLE_VALUE"), [3.0, 4.0])
    with pytest.raises(ValueError, match="not found"):
        tf.train.load_variable(os.path.join(GOLDEN_DIR, "saved"), "nope")


def test_bundle_round_trip_of_every_dtype_and_many_blocks(tmp_path):
    tensors = {"f32": np.arange(6, dtype="float32").reshape(2, 3), "f64": np.array(2.5), "i8": np.int8([-1, 2]),
               "u8": np.uint8([250]), "i64": np.array(7, dtype="int64"), "b": np.array([True, False]),
               "f16": np.float16([1.5]), "c64": np.complex64([1 + 2j]), "s": b"hello",
               "strs": np.array([b"", b"ab", "\u00e9".encode()], dtype=object)}
    # enough long keys that the index needs several data blocks
    tensors.update({f"long/{'x' * 200}/{i:05d}": np.float32(i) for i in range(3000)})
    prefix = str(tmp_path / "ck")
    tensor_bundle.write(prefix, tensors)
    reader = tensor_bundle.BundleReader(prefix)
    assert reader.keys() == sorted(tensors)
    for key, value in tensors.items():
        got = reader.get_tensor(key)
        if isinstance(value, bytes):
            assert got == value
        else:
            np.testing.assert_array_equal(got, value)
            assert got.dtype == np.asarray(value).dtype


def _copy(case, tmp_path):
    target = tmp_path / case
    shutil.copytree(os.path.join(GOLDEN_DIR, case), target)
    return str(target / "ckpt")


def test_corrupt_files_raise_naming_the_file(tmp_path):
    prefix = _copy("vars", tmp_path)
    data = tensor_bundle.data_path(prefix)
    raw = bytearray(open(data, "rb").read())
    raw[-1] ^= 0xFF
    open(data, "wb").write(bytes(raw))
    reader = tf.train.load_checkpoint(prefix)
    with pytest.raises(ValueError, match="checksum"):
        [reader.get_tensor(k) for k, _ in tf.train.list_variables(prefix)]
    index = prefix + ".index"
    raw = bytearray(open(index, "rb").read())
    raw[5] ^= 0xFF
    open(index, "wb").write(bytes(raw))
    with pytest.raises(ValueError, match="checksum"):
        tf.train.load_checkpoint(prefix)
    open(index, "wb").write(bytes(raw[:-60]) + bytes(raw[-8:]))  # footer handles now point nowhere
    with pytest.raises(ValueError, match="ckpt.index"):
        tf.train.load_checkpoint(prefix)


def test_a_declared_size_past_the_shard_raises_before_reading(tmp_path):
    prefix = str(tmp_path / "ck")
    tensor_bundle.write(prefix, {"a": np.zeros(4, "float32")})
    entry = tensor_bundle.BundleReader(prefix).entry("a")
    entry.shape.dim[0].size = 2**40
    entry.size = 4 * 2**40
    header = checkpoint_protos.BundleHeaderProto(num_shards=1)
    open(prefix + ".index", "wb").write(tensor_bundle._table([(b"", header.SerializeToString()),
                                                              (b"a", entry.SerializeToString())]))
    with pytest.raises(ValueError, match="past the end"):
        tensor_bundle.BundleReader(prefix).get_tensor("a")


def test_a_corrupt_object_graph_raises_naming_the_file(tmp_path):
    graph = checkpoint_protos.TrackableObjectGraph()
    graph.nodes.add().children.add(node_id=7, local_name="v")
    prefix = str(tmp_path / "ck")
    tensor_bundle.write(prefix, {"_CHECKPOINTABLE_OBJECT_GRAPH": graph.SerializeToString()})
    with pytest.raises(ValueError, match="refers to nodes"):
        tf.train.Checkpoint(v=tf.Variable(1.0)).read(prefix)
    tensor_bundle.write(prefix, {"_CHECKPOINTABLE_OBJECT_GRAPH": b"\xff\xff\xff"})
    with pytest.raises(ValueError, match="does not parse"):
        tf.train.Checkpoint(v=tf.Variable(1.0)).read(prefix)
