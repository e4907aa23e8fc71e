"""`tf.compat.v1.io`: `tf.io` plus TF1's `tf_record_iterator` and `TFRecordCompressionType`."""

# ruff: noqa: F401, I001
from keraslike.io import (
    decode_and_crop_jpeg, decode_base64, decode_bmp, decode_compressed, decode_csv, decode_gif, decode_image,
    decode_jpeg, decode_json_example, decode_png, decode_raw, decode_webp, deserialize_many_sparse, encode_base64,
    encode_jpeg, encode_png, extract_jpeg_shape, FixedLenFeature, FixedLenSequenceFeature, is_jpeg, matching_files,
    parse_example, parse_sequence_example, parse_single_example, parse_single_sequence_example, parse_tensor,
    RaggedFeature, read_file, serialize_many_sparse, serialize_sparse, serialize_tensor, SparseFeature,
    TFRecordOptions, TFRecordWriter, VarLenFeature, write_file,
)
from keraslike.io import gfile
from keraslike._src.io.tfrecord import TFRecordCompressionType, tf_record_iterator
