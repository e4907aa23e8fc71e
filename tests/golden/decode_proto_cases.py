"""Cases shared by `make_decode_proto_golden.py` (real TF 2.21) and tests/io/test_decode_proto.py (keraslike):
each builds its messages with the backend's own `tf.compat.v1.Summary`/`HistogramProto`/`tf.train.Example`
and calls `tf.io.decode_proto`. `encode` gives plain data (an error by its class name)."""

import numpy as np
from google.protobuf import text_format

SUMMARY_VALUES = ["simple_value: 2.2", "simple_value: 1.2", "image { height: 128 width: 512 }",
                  "image { height: 256 width: 256 }", "tag: 'loss' node_name: 'n'"]
HISTOGRAMS = ["min: -1 max: 3 num: 4 bucket_limit: [0, 1, 2] bucket: [1, 2, 1]", "num: 0",
              "bucket: [5.5]"]


def _serialized(tf, cls, texts):
    return [text_format.Parse(t, cls()).SerializeToString() for t in texts]


def cases(tf):
    value = tf.compat.v1.Summary.Value
    values = _serialized(tf, value, SUMMARY_VALUES)
    histos = _serialized(tf, tf.compat.v1.HistogramProto, HISTOGRAMS)
    summary = tf.compat.v1.Summary(value=[value(tag="a", simple_value=1.0), value(tag="b")]).SerializeToString()
    return {
        "docstring": lambda: tf.io.decode_proto(values, "tensorflow.Summary.Value", ["simple_value", "image"],
                                                [tf.float32, tf.string]),
        "strings_and_absent": lambda: tf.io.decode_proto(values, "tensorflow.Summary.Value", ["tag", "node_name"],
                                                         [tf.string, tf.string]),
        "repeated_doubles": lambda: tf.io.decode_proto(histos, "tensorflow.HistogramProto",
                                                       ["bucket_limit", "bucket", "num", "min"],
                                                       [tf.float64, tf.float64, tf.float64, tf.float64]),
        "batch_2d": lambda: tf.io.decode_proto(np.array(histos[:2] * 2, dtype=object).reshape(2, 2),
                                               "tensorflow.HistogramProto", ["bucket"], [tf.float64]),
        "scalar_input": lambda: tf.io.decode_proto(summary, "tensorflow.Summary", ["value"], [tf.string]),
        "text_format": lambda: tf.io.decode_proto(["height: 3 width: 4", "colorspace: 2"],
                                                  "tensorflow.Summary.Image", ["height", "width", "colorspace"],
                                                  [tf.int32, tf.int32, tf.int32], message_format="text"),
        "int32_as_int64": lambda: tf.io.decode_proto(["height: 3"], "tensorflow.Summary.Image", ["height"],
                                                     [tf.int64], message_format="text"),
        "double_as_float32": lambda: tf.io.decode_proto(histos, "tensorflow.HistogramProto", ["bucket"],
                                                        [tf.float32]),
        "int64_field": lambda: tf.io.decode_proto(["num_channels: 2 length_frames: 9"], "tensorflow.Summary.Audio",
                                                  ["num_channels", "length_frames", "sample_rate"],
                                                  [tf.int64, tf.int64, tf.float32], message_format="text"),
        "example": lambda: tf.io.decode_proto(
            [tf.train.Example(features=tf.train.Features(feature={"x": tf.train.Feature(
                int64_list=tf.train.Int64List(value=[1, 2]))})).SerializeToString()],
            "tensorflow.Example", ["features"], [tf.string]),
        "empty_batch": lambda: tf.io.decode_proto(np.array([], dtype=object), "tensorflow.HistogramProto",
                                                  ["bucket"], [tf.float64]),
        "unknown_field": lambda: tf.io.decode_proto(histos, "tensorflow.HistogramProto", ["nope"], [tf.float64]),
        "unknown_type": lambda: tf.io.decode_proto(histos, "tensorflow.NoSuchMessage", ["bucket"], [tf.float64]),
        "bad_output_type": lambda: tf.io.decode_proto(histos, "tensorflow.HistogramProto", ["bucket"], [tf.int32]),
        "enum_as_int32": lambda: tf.io.decode_proto(["data_class: DATA_CLASS_TENSOR", ""], "tensorflow.SummaryMetadata",
                                                    ["data_class"], [tf.int32], message_format="text"),
        "enum_as_int64": lambda: tf.io.decode_proto(["data_class: DATA_CLASS_TENSOR"], "tensorflow.SummaryMetadata",
                                                    ["data_class"], [tf.int64], message_format="text"),
        "garbage": lambda: tf.io.decode_proto([b"\xff\xff\xff"], "tensorflow.HistogramProto", ["bucket"],
                                              [tf.float64]),
        "lengths_differ": lambda: tf.io.decode_proto(histos, "tensorflow.HistogramProto", ["bucket", "min"],
                                                     [tf.float64]),
        "string_as_int": lambda: tf.io.decode_proto(values, "tensorflow.Summary.Value", ["tag"], [tf.int32]),
    }


def encode(result):
    if isinstance(result, Exception):
        return type(result).__name__
    sizes, values = result
    out = {"sizes": np.asarray(sizes).tolist(), "sizes_shape": list(np.asarray(sizes).shape), "values": []}
    for v in values:
        array = np.asarray(v.numpy())
        out["values"].append({"shape": list(array.shape), "kind": array.dtype.kind if array.dtype != object else "S",
                              "value": array.tolist() if array.dtype != object else
                              [bytes(b).hex() for b in array.reshape(-1)]})
    return out


def run(tf):
    results = {}
    for name, case in cases(tf).items():
        try:
            results[name] = encode(case())
        except Exception as err:  # noqa: BLE001 - an error is the case's result
            results[name] = encode(err)
    return results
