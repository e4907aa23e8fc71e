"""TensorFlow's checkpoint protobuf messages, built at import from descriptors written here (as `io/protos.py`).

The layouts (names, field numbers, types) are TensorFlow's public ones, so the bytes are TF's:
  * `tensorflow/core/protobuf/tensor_bundle.proto`: BundleHeaderProto (the `.index` header entry) and
    BundleEntryProto (one per tensor: dtype, shape, shard, offset, size, crc32c);
  * `tensorflow/core/framework/versions.proto`: VersionDef; `tensor_slice.proto`: TensorSliceProto;
  * `tensorflow/core/protobuf/trackable_object_graph.proto`: TrackableObjectGraph, the object graph an
    object-based checkpoint stores under the key `_CHECKPOINTABLE_OBJECT_GRAPH`.
The classes live in a private descriptor pool (a process that also imports TensorFlow sees no clash).
"""

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory, wrappers_pb2

from keraslike._src.io import protos

_F = descriptor_pb2.FieldDescriptorProto
_REPEATED = _F.LABEL_REPEATED
_field = protos._field


def _bundle_files():
    versions = descriptor_pb2.FileDescriptorProto(name="tensorflow/core/framework/versions.proto",
                                                  package="tensorflow", syntax="proto3")
    version = versions.message_type.add(name="VersionDef")
    _field(version, "producer", 1, _F.TYPE_INT32)
    _field(version, "min_consumer", 2, _F.TYPE_INT32)
    _field(version, "bad_consumers", 3, _F.TYPE_INT32, _REPEATED, packed=True)

    slices = descriptor_pb2.FileDescriptorProto(name="tensorflow/core/framework/tensor_slice.proto",
                                                package="tensorflow", syntax="proto3")
    slice_proto = slices.message_type.add(name="TensorSliceProto")
    extent = slice_proto.nested_type.add(name="Extent")
    extent.oneof_decl.add(name="has_length")
    _field(extent, "start", 1, _F.TYPE_INT64)
    _field(extent, "length", 2, _F.TYPE_INT64, oneof=0)
    _field(slice_proto, "extent", 1, _F.TYPE_MESSAGE, _REPEATED, ".tensorflow.TensorSliceProto.Extent")

    bundle = descriptor_pb2.FileDescriptorProto(
        name="tensorflow/core/protobuf/tensor_bundle.proto", package="tensorflow", syntax="proto3",
        dependency=["tensorflow/core/framework/tensor_shape.proto", "tensorflow/core/framework/tensor_slice.proto",
                    "tensorflow/core/framework/types.proto", "tensorflow/core/framework/versions.proto"])
    header = bundle.message_type.add(name="BundleHeaderProto")
    endianness = header.enum_type.add(name="Endianness")
    endianness.value.add(name="LITTLE", number=0)
    endianness.value.add(name="BIG", number=1)
    _field(header, "num_shards", 1, _F.TYPE_INT32)
    _field(header, "endianness", 2, _F.TYPE_ENUM, type_name=".tensorflow.BundleHeaderProto.Endianness")
    _field(header, "version", 3, _F.TYPE_MESSAGE, type_name=".tensorflow.VersionDef")
    entry = bundle.message_type.add(name="BundleEntryProto")
    _field(entry, "dtype", 1, _F.TYPE_ENUM, type_name=".tensorflow.DataType")
    _field(entry, "shape", 2, _F.TYPE_MESSAGE, type_name=".tensorflow.TensorShapeProto")
    _field(entry, "shard_id", 3, _F.TYPE_INT32)
    _field(entry, "offset", 4, _F.TYPE_INT64)
    _field(entry, "size", 5, _F.TYPE_INT64)
    _field(entry, "crc32c", 6, _F.TYPE_FIXED32)
    _field(entry, "slices", 7, _F.TYPE_MESSAGE, _REPEATED, ".tensorflow.TensorSliceProto")
    return [versions, slices, bundle]


def _object_graph_file():
    f = descriptor_pb2.FileDescriptorProto(name="tensorflow/core/protobuf/trackable_object_graph.proto",
                                           package="tensorflow", syntax="proto3",
                                           dependency=["google/protobuf/wrappers.proto"])
    saver = f.message_type.add(name="RegisteredSaver")
    _field(saver, "name", 1, _F.TYPE_STRING)
    _field(saver, "object_name", 2, _F.TYPE_STRING)
    graph = f.message_type.add(name="TrackableObjectGraph")
    obj = graph.nested_type.add(name="TrackableObject")
    prefix = ".tensorflow.TrackableObjectGraph.TrackableObject."
    reference = obj.nested_type.add(name="ObjectReference")
    _field(reference, "node_id", 1, _F.TYPE_INT32)
    _field(reference, "local_name", 2, _F.TYPE_STRING)
    tensor = obj.nested_type.add(name="SerializedTensor")
    _field(tensor, "name", 1, _F.TYPE_STRING)
    _field(tensor, "full_name", 2, _F.TYPE_STRING)
    _field(tensor, "checkpoint_key", 3, _F.TYPE_STRING)
    tensor.reserved_range.add(start=4, end=5)
    slot = obj.nested_type.add(name="SlotVariableReference")
    _field(slot, "original_variable_node_id", 1, _F.TYPE_INT32)
    _field(slot, "slot_name", 2, _F.TYPE_STRING)
    _field(slot, "slot_variable_node_id", 3, _F.TYPE_INT32)
    _field(obj, "children", 1, _F.TYPE_MESSAGE, _REPEATED, prefix + "ObjectReference")
    _field(obj, "attributes", 2, _F.TYPE_MESSAGE, _REPEATED, prefix + "SerializedTensor")
    _field(obj, "slot_variables", 3, _F.TYPE_MESSAGE, _REPEATED, prefix + "SlotVariableReference")
    _field(obj, "registered_saver", 4, _F.TYPE_MESSAGE, type_name=".tensorflow.RegisteredSaver")
    _field(obj, "has_checkpoint_values", 5, _F.TYPE_MESSAGE, type_name=".google.protobuf.BoolValue")
    _field(graph, "nodes", 1, _F.TYPE_MESSAGE, _REPEATED, ".tensorflow.TrackableObjectGraph.TrackableObject")
    return f


def _build():
    pool = descriptor_pool.DescriptorPool()
    wrappers = descriptor_pb2.FileDescriptorProto()
    wrappers_pb2.DESCRIPTOR.CopyToProto(wrappers)
    for file in [wrappers, *protos.shape_and_type_files(), *_bundle_files(), _object_graph_file()]:
        pool.Add(file)
    names = ["BundleHeaderProto", "BundleEntryProto", "TrackableObjectGraph", "TensorShapeProto"]
    return {name: message_factory.GetMessageClass(pool.FindMessageTypeByName("tensorflow." + name))
            for name in names}


_CLASSES = _build()
BundleHeaderProto = _CLASSES["BundleHeaderProto"]
BundleEntryProto = _CLASSES["BundleEntryProto"]
TrackableObjectGraph = _CLASSES["TrackableObjectGraph"]
