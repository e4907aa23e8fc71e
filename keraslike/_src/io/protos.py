"""TensorFlow's public protobuf messages, built at import from descriptors written here.

The message layouts (names, field numbers, types) are TensorFlow's public ones, so serialized bytes
are interchangeable with TF:
  * `tensorflow/core/example/feature.proto`: BytesList, FloatList, Int64List, Feature, Features,
    FeatureList, FeatureLists;
  * `tensorflow/core/example/example.proto`: Example, SequenceExample;
  * `tensorflow/core/framework/tensor_shape.proto` and `tensor.proto`: TensorShapeProto, TensorProto
    (the fields `tf.io.serialize_tensor` / `parse_tensor` use; `dtype` is TF's `DataType` enum);
  * `xla/tsl/protobuf/histogram.proto` and `tensorflow/core/framework/summary.proto`: HistogramProto,
    Summary (`tf.compat.v1.Summary`), SummaryMetadata, SummaryDescription.

The classes come from the `protobuf` package's message factory over a private descriptor pool (so a
process that also imports real TensorFlow sees no clash); `SerializeToString`, `ParseFromString`,
`text_format` and `str()` (protobuf text format) work as on TF's generated classes.
"""

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

_F = descriptor_pb2.FieldDescriptorProto
_REPEATED, _OPTIONAL = _F.LABEL_REPEATED, _F.LABEL_OPTIONAL

# TF's DataType enum values (tensorflow/core/framework/types.proto).
DATA_TYPES = {
    "DT_INVALID": 0, "DT_FLOAT": 1, "DT_DOUBLE": 2, "DT_INT32": 3, "DT_UINT8": 4, "DT_INT16": 5, "DT_INT8": 6,
    "DT_STRING": 7, "DT_COMPLEX64": 8, "DT_INT64": 9, "DT_BOOL": 10, "DT_QINT8": 11, "DT_QUINT8": 12,
    "DT_QINT32": 13, "DT_BFLOAT16": 14, "DT_QINT16": 15, "DT_QUINT16": 16, "DT_UINT16": 17, "DT_COMPLEX128": 18,
    "DT_HALF": 19, "DT_RESOURCE": 20, "DT_VARIANT": 21, "DT_UINT32": 22, "DT_UINT64": 23,
}


def _field(message, name, number, kind, label=_OPTIONAL, type_name=None, oneof=None, packed=None):
    field = message.field.add(name=name, number=number, type=kind, label=label)
    if type_name:
        field.type_name = type_name
    if oneof is not None:
        field.oneof_index = oneof
    if packed is not None:
        field.options.packed = packed
    return field


def _map_field(message, name, number, value_type):
    entry = message.nested_type.add(name="".join(p.capitalize() for p in name.split("_")) + "Entry")
    entry.options.map_entry = True
    _field(entry, "key", 1, _F.TYPE_STRING)
    _field(entry, "value", 2, _F.TYPE_MESSAGE, type_name=value_type)
    _field(message, name, number, _F.TYPE_MESSAGE, _REPEATED, f".{message.name}.{entry.name}")


def _feature_file():
    f = descriptor_pb2.FileDescriptorProto(name="tensorflow/core/example/feature.proto", package="tensorflow",
                                           syntax="proto3")
    _field(f.message_type.add(name="BytesList"), "value", 1, _F.TYPE_BYTES, _REPEATED)
    _field(f.message_type.add(name="FloatList"), "value", 1, _F.TYPE_FLOAT, _REPEATED, packed=True)
    _field(f.message_type.add(name="Int64List"), "value", 1, _F.TYPE_INT64, _REPEATED, packed=True)
    feature = f.message_type.add(name="Feature")
    feature.oneof_decl.add(name="kind")
    for number, (name, kind) in enumerate((("bytes_list", "BytesList"), ("float_list", "FloatList"),
                                           ("int64_list", "Int64List")), 1):
        _field(feature, name, number, _F.TYPE_MESSAGE, type_name=f".tensorflow.{kind}", oneof=0)
    features = f.message_type.add(name="Features")
    _map_field(features, "feature", 1, ".tensorflow.Feature")
    _field(f.message_type.add(name="FeatureList"), "feature", 1, _F.TYPE_MESSAGE, _REPEATED, ".tensorflow.Feature")
    lists = f.message_type.add(name="FeatureLists")
    _map_field(lists, "feature_list", 1, ".tensorflow.FeatureList")
    for message in (features, lists):  # nested entry type names are package-qualified
        message.field[0].type_name = f".tensorflow.{message.name}.{message.nested_type[0].name}"
    return f


def _example_file():
    f = descriptor_pb2.FileDescriptorProto(name="tensorflow/core/example/example.proto", package="tensorflow",
                                           syntax="proto3", dependency=["tensorflow/core/example/feature.proto"])
    _field(f.message_type.add(name="Example"), "features", 1, _F.TYPE_MESSAGE, type_name=".tensorflow.Features")
    sequence = f.message_type.add(name="SequenceExample")
    _field(sequence, "context", 1, _F.TYPE_MESSAGE, type_name=".tensorflow.Features")
    _field(sequence, "feature_lists", 2, _F.TYPE_MESSAGE, type_name=".tensorflow.FeatureLists")
    return f


def shape_and_type_files():
    """The `TensorShapeProto` and `DataType` file descriptors, TF's layout (shared with the checkpoint protos)."""
    shape = descriptor_pb2.FileDescriptorProto(name="tensorflow/core/framework/tensor_shape.proto",
                                               package="tensorflow", syntax="proto3")
    shape_proto = shape.message_type.add(name="TensorShapeProto")
    dim = shape_proto.nested_type.add(name="Dim")
    _field(dim, "size", 1, _F.TYPE_INT64)
    _field(dim, "name", 2, _F.TYPE_STRING)
    _field(shape_proto, "dim", 2, _F.TYPE_MESSAGE, _REPEATED, ".tensorflow.TensorShapeProto.Dim")
    _field(shape_proto, "unknown_rank", 3, _F.TYPE_BOOL)
    types = descriptor_pb2.FileDescriptorProto(name="tensorflow/core/framework/types.proto",
                                               package="tensorflow", syntax="proto3")
    enum = types.enum_type.add(name="DataType")
    for name, number in DATA_TYPES.items():
        enum.value.add(name=name, number=number)
    return [shape, types]


def _tensor_files():
    tensor = descriptor_pb2.FileDescriptorProto(
        name="tensorflow/core/framework/tensor.proto", package="tensorflow", syntax="proto3",
        dependency=["tensorflow/core/framework/tensor_shape.proto", "tensorflow/core/framework/types.proto"])
    proto = tensor.message_type.add(name="TensorProto")
    _field(proto, "dtype", 1, _F.TYPE_ENUM, type_name=".tensorflow.DataType")
    _field(proto, "tensor_shape", 2, _F.TYPE_MESSAGE, type_name=".tensorflow.TensorShapeProto")
    _field(proto, "version_number", 3, _F.TYPE_INT32)
    _field(proto, "tensor_content", 4, _F.TYPE_BYTES)
    for name, number, kind in (("float_val", 5, _F.TYPE_FLOAT), ("double_val", 6, _F.TYPE_DOUBLE),
                               ("int_val", 7, _F.TYPE_INT32), ("string_val", 8, _F.TYPE_BYTES),
                               ("scomplex_val", 9, _F.TYPE_FLOAT), ("int64_val", 10, _F.TYPE_INT64),
                               ("bool_val", 11, _F.TYPE_BOOL), ("dcomplex_val", 12, _F.TYPE_DOUBLE),
                               ("half_val", 13, _F.TYPE_INT32), ("uint32_val", 16, _F.TYPE_UINT32),
                               ("uint64_val", 17, _F.TYPE_UINT64)):
        _field(proto, name, number, kind, _REPEATED, packed=None if kind == _F.TYPE_BYTES else True)
    return [*shape_and_type_files(), tensor]


def _summary_files():
    """`tensorflow.HistogramProto` (xla/tsl/protobuf/histogram.proto) and summary.proto's `Summary` (with its
    nested `Value`, `Image`, `Audio`), `SummaryMetadata`, `SummaryDescription` and the `DataClass` enum."""
    histogram = descriptor_pb2.FileDescriptorProto(name="xla/tsl/protobuf/histogram.proto", package="tensorflow",
                                                   syntax="proto3")
    histo = histogram.message_type.add(name="HistogramProto")
    for number, name in enumerate(("min", "max", "num", "sum", "sum_squares"), 1):
        _field(histo, name, number, _F.TYPE_DOUBLE)
    _field(histo, "bucket_limit", 6, _F.TYPE_DOUBLE, _REPEATED, packed=True)
    _field(histo, "bucket", 7, _F.TYPE_DOUBLE, _REPEATED, packed=True)
    summary = descriptor_pb2.FileDescriptorProto(
        name="tensorflow/core/framework/summary.proto", package="tensorflow", syntax="proto3",
        dependency=["xla/tsl/protobuf/histogram.proto", "tensorflow/core/framework/tensor.proto"])
    data_class = summary.enum_type.add(name="DataClass")
    for number, name in enumerate(("UNKNOWN", "SCALAR", "TENSOR", "BLOB_SEQUENCE")):
        data_class.value.add(name="DATA_CLASS_" + name, number=number)
    _field(summary.message_type.add(name="SummaryDescription"), "type_hint", 1, _F.TYPE_STRING)
    metadata = summary.message_type.add(name="SummaryMetadata")
    plugin = metadata.nested_type.add(name="PluginData")
    _field(plugin, "plugin_name", 1, _F.TYPE_STRING)
    _field(plugin, "content", 2, _F.TYPE_BYTES)
    _field(metadata, "plugin_data", 1, _F.TYPE_MESSAGE, type_name=".tensorflow.SummaryMetadata.PluginData")
    _field(metadata, "display_name", 2, _F.TYPE_STRING)
    _field(metadata, "summary_description", 3, _F.TYPE_STRING)
    _field(metadata, "data_class", 4, _F.TYPE_ENUM, type_name=".tensorflow.DataClass")
    message = summary.message_type.add(name="Summary")
    image = message.nested_type.add(name="Image")
    for number, name in enumerate(("height", "width", "colorspace"), 1):
        _field(image, name, number, _F.TYPE_INT32)
    _field(image, "encoded_image_string", 4, _F.TYPE_BYTES)
    audio = message.nested_type.add(name="Audio")
    _field(audio, "sample_rate", 1, _F.TYPE_FLOAT)
    _field(audio, "num_channels", 2, _F.TYPE_INT64)
    _field(audio, "length_frames", 3, _F.TYPE_INT64)
    _field(audio, "encoded_audio_string", 4, _F.TYPE_BYTES)
    _field(audio, "content_type", 5, _F.TYPE_STRING)
    value = message.nested_type.add(name="Value")
    value.oneof_decl.add(name="value")
    _field(value, "node_name", 7, _F.TYPE_STRING)
    _field(value, "tag", 1, _F.TYPE_STRING)
    _field(value, "metadata", 9, _F.TYPE_MESSAGE, type_name=".tensorflow.SummaryMetadata")
    _field(value, "simple_value", 2, _F.TYPE_FLOAT, oneof=0)
    _field(value, "obsolete_old_style_histogram", 3, _F.TYPE_BYTES, oneof=0)
    _field(value, "image", 4, _F.TYPE_MESSAGE, type_name=".tensorflow.Summary.Image", oneof=0)
    _field(value, "histo", 5, _F.TYPE_MESSAGE, type_name=".tensorflow.HistogramProto", oneof=0)
    _field(value, "audio", 6, _F.TYPE_MESSAGE, type_name=".tensorflow.Summary.Audio", oneof=0)
    _field(value, "tensor", 8, _F.TYPE_MESSAGE, type_name=".tensorflow.TensorProto", oneof=0)
    _field(message, "value", 1, _F.TYPE_MESSAGE, _REPEATED, ".tensorflow.Summary.Value")
    return [histogram, summary]


def _build():
    pool = descriptor_pool.DescriptorPool()
    for file in [_feature_file(), _example_file(), *_tensor_files(), *_summary_files()]:
        pool.Add(file)
    names = ["BytesList", "FloatList", "Int64List", "Feature", "Features", "FeatureList", "FeatureLists",
             "Example", "SequenceExample", "TensorShapeProto", "TensorProto", "HistogramProto", "Summary",
             "SummaryMetadata", "SummaryDescription"]
    return pool, {name: message_factory.GetMessageClass(pool.FindMessageTypeByName("tensorflow." + name))
                  for name in names}


POOL, _CLASSES = _build()  # POOL: the messages `tf.io.decode_proto`'s "local://" descriptor source finds


class _MessageAlias(type):
    """A stand-in class for a message class: instances and class attributes are the message's."""

    def __instancecheck__(cls, instance):
        return isinstance(instance, cls._message)

    def __subclasscheck__(cls, subclass):
        return issubclass(subclass, cls._message)

    def __getattr__(cls, name):
        return getattr(cls._message, name)


def _bytes_item(item):
    """A `BytesList` item: bytes/str as protobuf takes them; a scalar string tensor as its bytes."""
    if hasattr(item, "numpy") and getattr(getattr(item, "dtype", None), "name", None) == "string":
        item = item.numpy()
    return item


class BytesList(metaclass=_MessageAlias):
    """`tf.train.BytesList(value=[...])`: the `tensorflow.BytesList` message.

    Calling it builds the protobuf message (`type(...)` is the message class; `isinstance` and class
    attributes such as `FromString` work on this name). Unlike TF's generated class it also takes
    scalar string tensors as items: in TF the tutorials' `isinstance(value, type(tf.constant(0)))`
    catches string tensors (every eager tensor has one type); keraslike's string tensors are not
    `torch.Tensor`s, so they are unpacked here instead.

    Raises:
        TypeError: items that are not bytes/str (protobuf's error).
    """

    _message = _CLASSES["BytesList"]

    def __new__(cls, value=(), **kwargs):
        return cls._message(value=[_bytes_item(v) for v in value], **kwargs)
FloatList = _CLASSES["FloatList"]
Int64List = _CLASSES["Int64List"]
Feature = _CLASSES["Feature"]
Features = _CLASSES["Features"]
FeatureList = _CLASSES["FeatureList"]
FeatureLists = _CLASSES["FeatureLists"]
Example = _CLASSES["Example"]
SequenceExample = _CLASSES["SequenceExample"]
TensorShapeProto = _CLASSES["TensorShapeProto"]
TensorProto = _CLASSES["TensorProto"]
HistogramProto = _CLASSES["HistogramProto"]
Summary = _CLASSES["Summary"]
SummaryMetadata = _CLASSES["SummaryMetadata"]
SummaryDescription = _CLASSES["SummaryDescription"]
