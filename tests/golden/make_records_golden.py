"""Write records.json and records/*.tfrecord*: real TF 2.21's TFRecord files, tf.train.Example bytes and parse ops.

Run with real TensorFlow: `python tests/golden/make_records_golden.py`. The cases are in records_cases.py.
"""

import json
import os
import sys

import numpy as np
import tensorflow as tf

sys.path.insert(0, os.path.dirname(__file__))
import records_cases as cases  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = os.path.join(HERE, "records")
os.makedirs(FILES, exist_ok=True)


def outcome(function):
    try:
        result = function()
    except Exception as error:  # noqa: BLE001 - the golden records which TF error a case raises
        return {"error": type(error).__name__}
    return tf.nest.map_structure(cases.as_python, result)


examples = [cases.example(tf, spec).SerializeToString() for spec in cases.EXAMPLES]
sequences = [cases.sequence_example(tf, spec).SerializeToString() for spec in cases.SEQUENCE_EXAMPLES]
records = examples + [b"", b"plain bytes \x00\x01"]
for name, options in (("plain.tfrecord", None), ("gzip.tfrecord.gz", "GZIP"), ("zlib.tfrecord.z", "ZLIB")):
    with tf.io.TFRecordWriter(os.path.join(FILES, name), options) as writer:
        for record in records:
            writer.write(record)

golden = {"tensorflow": tf.__version__, "records": [r.hex() for r in records],
          "examples": [e.hex() for e in examples], "sequences": [s.hex() for s in sequences],
          "single": {}, "batch": {}, "sequence": {}, "tensors": {}, "decode_raw": [], "base64": []}
for spec_name, spec in cases.parse_specs(tf).items():
    golden["single"][spec_name] = [outcome(lambda e=e, spec=spec: tf.io.parse_single_example(e, spec))
                                   for e in examples]
    golden["batch"][spec_name] = outcome(lambda spec=spec: tf.io.parse_example(tf.constant(examples), spec))
context, sequence = cases.sequence_specs(tf)
golden["sequence"]["single"] = [outcome(lambda s=s: tf.io.parse_single_sequence_example(s, context, sequence))
                                for s in sequences]
golden["sequence"]["batch"] = outcome(lambda: tf.io.parse_sequence_example(tf.constant(sequences), context, sequence))
for name, tensor in cases.tensors(tf).items():
    golden["tensors"][name] = {"bytes": tf.io.serialize_tensor(tensor).numpy().hex(), "value": cases.as_python(tensor)}
for data, dtype, little, fixed in cases.DECODE_RAW:
    kwargs = {"fixed_length": fixed} if fixed else {}
    golden["decode_raw"].append(outcome(lambda d=data, t=dtype, le=little, kw=kwargs: tf.io.decode_raw(
        tf.constant([d]), getattr(tf, t), little_endian=le, **kw)))
for data in cases.BASE64:
    golden["base64"].append({"plain": tf.io.encode_base64(data).numpy().decode(),
                             "padded": tf.io.encode_base64(data, pad=True).numpy().decode()})
golden["csv"] = {name: outcome(case) for name, case in cases.csv_cases(tf).items()}
with open(os.path.join(HERE, "records.json"), "w") as f:
    json.dump(golden, f, indent=0)
print("wrote records.json and records/ with TF", tf.__version__, np.__version__)
