"""Examples, parse specs and tensors shared by make_records_golden.py (real TF) and tests/io/test_*records*.

Everything is built through a `tf` module argument, so the same code runs under TensorFlow and keraslike.
"""

import numpy as np

# feature name -> (kind, values); kinds: "int64", "float", "bytes".
EXAMPLES = [
    {"id": ("int64", [0]), "name": ("bytes", [b"cat"]), "score": ("float", [0.5, 1.25]),
     "tags": ("bytes", [b"a", b"b"])},
    {"id": ("int64", [1]), "name": ("bytes", [b"dog"]), "score": ("float", [2.0, -3.5]), "tags": ("bytes", [])},
    {"id": ("int64", [-7]), "score": ("float", [0.0, 1e-3]), "tags": ("bytes", [b"z\x00\xff"]),
     "big": ("int64", [2**40, -(2**62)])},
]

SEQUENCE_EXAMPLES = [
    {"context": {"length": ("int64", [3]), "title": ("bytes", [b"abc"])},
     "lists": {"tokens": [("int64", [1]), ("int64", [2]), ("int64", [3])],
               "words": [("bytes", [b"x", b"y"]), ("bytes", []), ("bytes", [b"z"])]}},
    {"context": {"length": ("int64", [1]), "title": ("bytes", [b"d"])},
     "lists": {"tokens": [("int64", [9])], "words": [("bytes", [b"w"])]}},
]


def feature(tf, kind, values):
    if kind == "int64":
        return tf.train.Feature(int64_list=tf.train.Int64List(value=values))
    if kind == "float":
        return tf.train.Feature(float_list=tf.train.FloatList(value=values))
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=values))


def example(tf, spec):
    return tf.train.Example(features=tf.train.Features(
        feature={name: feature(tf, kind, values) for name, (kind, values) in spec.items()}))


def sequence_example(tf, spec):
    context = tf.train.Features(feature={k: feature(tf, *v) for k, v in spec["context"].items()})
    lists = tf.train.FeatureLists(feature_list={
        k: tf.train.FeatureList(feature=[feature(tf, *f) for f in v]) for k, v in spec["lists"].items()})
    return tf.train.SequenceExample(context=context, feature_lists=lists)


def parse_specs(tf):
    """name -> features dict for parse_single_example / parse_example."""
    return {
        "basic": {"id": tf.io.FixedLenFeature([], tf.int64), "score": tf.io.FixedLenFeature([2], tf.float32),
                  "name": tf.io.FixedLenFeature([], tf.string, default_value="none"),
                  "tags": tf.io.VarLenFeature(tf.string)},
        "shaped": {"score": tf.io.FixedLenFeature([1, 2], tf.float32),
                   "id": tf.io.FixedLenFeature([1], tf.int64, default_value=[5])},
        "varlen": {"score": tf.io.VarLenFeature(tf.float32), "big": tf.io.VarLenFeature(tf.int64)},
        "required_missing": {"name": tf.io.FixedLenFeature([], tf.string)},
        "wrong_size": {"score": tf.io.FixedLenFeature([3], tf.float32)},
        "wrong_type": {"score": tf.io.FixedLenFeature([2], tf.int64)},
        "seq_in_example": {"score": tf.io.FixedLenSequenceFeature([], tf.float32, allow_missing=True),
                           "tags": tf.io.FixedLenSequenceFeature([], tf.string, allow_missing=True)},
        "default_2d": {"absent": tf.io.FixedLenFeature([2, 2], tf.float32, default_value=[1.0, 2.0, 3.0, 4.0])},
        "ragged": {"tags": tf.io.RaggedFeature(tf.string),
                   "sc": tf.io.RaggedFeature(tf.float32, value_key="score", row_splits_dtype=tf.int64),
                   "big": tf.io.RaggedFeature(tf.int64)},
    }


def sequence_specs(tf):
    """(context_features, sequence_features) for parse_single_sequence_example / parse_sequence_example."""
    return ({"length": tf.io.FixedLenFeature([], tf.int64), "title": tf.io.FixedLenFeature([], tf.string)},
            {"tokens": tf.io.FixedLenSequenceFeature([], tf.int64), "words": tf.io.VarLenFeature(tf.string)})


def tensors(tf, strings=None):
    """name -> tensor for serialize_tensor / parse_tensor (`strings(values)` builds the string ones)."""
    strings = strings or tf.constant
    return {
        "f32_2x2": tf.constant([[1.0, 2.5], [-3.0, 4.0]], dtype=tf.float32),
        "i64_scalar": tf.constant(-5, dtype=tf.int64),
        "i32_vec": tf.constant([1, 2, 3], dtype=tf.int32),
        "bool_vec": tf.constant([True, False, True]),
        "u8_2x3": tf.constant(np.arange(6, dtype=np.uint8).reshape(2, 3)),
        "f16": tf.constant([0.5, -1.0], dtype=tf.float16),
        "f64_empty": tf.zeros([0, 3], dtype=tf.float64),
        "str_vec": strings([b"a", b"bc", b""]),
        "str_scalar": strings(b"hello"),
        "i8": tf.constant([-128, 127], dtype=tf.int8),
        "c64": tf.constant([1 + 2j], dtype=tf.complex64),
    }


DECODE_RAW = [  # (bytes, out_type name, little_endian, fixed_length or None)
    (b"\x01\x00\x00\x00\x02\x00\x00\x00", "int32", True, None),
    (b"\x00\x00\x00\x01", "int32", False, None),
    (b"\x00\x00\x80\x3f", "float32", True, None),
    (b"abcdef", "uint8", True, None),
    (b"\x01\x02\x03", "int16", True, 4),
]

BASE64 = [b"", b"a", b"hello world", b"\xff\xfe\xfd\x00?>", b"any carnal pleas"]


def as_python(value):
    """A parse output (tensor, string value, SparseTensor) as JSON-ready Python."""
    if hasattr(value, "row_splits"):
        return {"flat": as_python(value.values), "row_splits": as_python(value.row_splits)}
    if hasattr(value, "indices") and hasattr(value, "dense_shape"):
        return {"indices": as_python(value.indices), "values": as_python(value.values),
                "dense_shape": as_python(value.dense_shape)}
    array = value.numpy() if hasattr(value, "numpy") else np.asarray(value)
    array = np.asarray(array)
    if array.dtype.kind in "SOU":
        return {"shape": list(array.shape), "strings": [bytes(s).hex() for s in array.reshape(-1)]}
    if array.dtype.kind == "c":
        array = np.stack([array.real, array.imag], -1)
    return {"shape": list(array.shape), "dtype": str(array.dtype), "values": array.reshape(-1).tolist()}


def csv_cases(tf):
    """name -> function of `tf` returning decode_csv's outputs (or raising)."""
    return {
        "basic": lambda: tf.io.decode_csv(["1,a,2.5", "3,,"], [[0], ["x"], [1.0]]),
        "required": lambda: tf.io.decode_csv(["1,a,2.5", "3,,"], [[0], ["x"], tf.constant([], tf.float32)]),
        "count": lambda: tf.io.decode_csv(["1,a", "3,b,4"], [[0], ["x"]]),
        "quoted_2d": lambda: tf.io.decode_csv([['1;"a;b"', '2;c']], [tf.constant([0], tf.int64), [""]],
                                              field_delim=";"),
        "select": lambda: tf.io.decode_csv("1,2,3", [[0], [0.0]], select_cols=[0, 2]),
        "na": lambda: tf.io.decode_csv(["NA,2", "5,NA"], [[7], tf.constant([1.5], tf.float64)], na_value="NA"),
        "bad_int": lambda: tf.io.decode_csv(["x,1"], [[0], [0]]),
        "no_quote": lambda: tf.io.decode_csv(['"a",b'], [[""], [""]], use_quote_delim=False),
    }
