"""`tf.io.decode_proto` and `tf.compat.v1.Summary` (+ `SummaryMetadata`, `HistogramProto`): the cases of
tests/golden/decode_proto_cases.py (the docstring's Summary.Value example, repeated, absent and text-format
fields, output-type compatibility, errors) against real TF 2.21 (tests/golden/make_decode_proto_golden.py).
The messages are built with each backend's own classes, so matching bytes also checks the message layouts."""

import json
import os

import pytest
from google.protobuf import descriptor_pb2

import keraslike as tf
from tests.golden.decode_proto_cases import run

GOLDEN = json.load(open(os.path.join(os.path.dirname(__file__), "..", "golden", "decode_proto.json")))
RESULTS = run(tf)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_decode_proto_matches_tf(name):
    assert RESULTS[name] == GOLDEN[name]


def test_summary_message_layout_round_trips():
    summary = tf.compat.v1.Summary(value=[tf.compat.v1.Summary.Value(tag="x", simple_value=0.5)])
    assert tf.compat.v1.Summary.FromString(summary.SerializeToString()).value[0].simple_value == 0.5
    assert tf.compat.v1.Summary.Value.DESCRIPTOR.full_name == "tensorflow.Summary.Value"
    assert tf.compat.v1.SummaryMetadata.DESCRIPTOR.fields_by_name["data_class"].number == 4


def test_descriptor_source_bytes():
    files = descriptor_pb2.FileDescriptorSet()
    tf.compat.v1.HistogramProto.DESCRIPTOR.file.CopyToProto(files.file.add())
    blob = tf.compat.v1.HistogramProto(bucket=[1.0, 2.0]).SerializeToString()
    sizes, [bucket] = tf.io.decode_proto([blob], "tensorflow.HistogramProto", ["bucket"], [tf.float64],
                                         descriptor_source=b"bytes://" + files.SerializeToString())
    assert sizes.tolist() == [[2]] and bucket.tolist() == [[1.0, 2.0]]
