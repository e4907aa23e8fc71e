"""`tf.compat.v1.python_io`: TF1's TFRecord reader/writer names."""

# ruff: noqa: F401, I001
from keraslike._src.io.tfrecord import (
    TFRecordCompressionType, TFRecordOptions, TFRecordWriter, tf_record_iterator,
)
