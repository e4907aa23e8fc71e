"""`tf.io`: file I/O, TFRecord, tf.train.Example parsing, tensor (de)serialization and image codecs."""

# ruff: noqa: F401, I001
from keraslike.io import gfile
from keraslike._src.image.codecs import (
    decode_and_crop_jpeg, decode_bmp, decode_gif, decode_image, decode_jpeg, decode_png, decode_webp, encode_jpeg,
    encode_png, extract_jpeg_shape, is_jpeg,
)
from keraslike._src.io.csv_ops import decode_csv
from keraslike._src.io.decode_ops import (
    decode_base64, decode_compressed, decode_json_example, decode_raw, encode_base64,
)
from keraslike._src.io.proto_ops import decode_proto
from keraslike._src.io.file_ops import matching_files, read_file, write_file
from keraslike._src.io.parsing_config import (
    FixedLenFeature, FixedLenSequenceFeature, RaggedFeature, SparseFeature, VarLenFeature,
)
from keraslike._src.io.parsing_ops import (
    parse_example, parse_sequence_example, parse_single_example, parse_single_sequence_example,
)
from keraslike._src.io.sparse_serialization import deserialize_many_sparse, serialize_many_sparse, serialize_sparse
from keraslike._src.io.tensor_serialization import parse_tensor, serialize_tensor
from keraslike._src.io.tfrecord import TFRecordOptions, TFRecordWriter
