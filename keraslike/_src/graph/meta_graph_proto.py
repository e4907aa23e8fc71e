"""The op types of a TensorFlow `MetaGraphDef` protobuf (a `.meta` file TF wrote), for the error saying why
keraslike cannot import it. Parses the subset `MetaGraphDef.graph_def.node[].op` of TF's public
`meta_graph.proto`/`graph.proto` (TF's field numbers); other fields are skipped by protobuf.
"""

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

from keraslike._src.io import protos

_F = descriptor_pb2.FieldDescriptorProto


def _file():
    f = descriptor_pb2.FileDescriptorProto(name="keraslike/tf_meta_graph_subset.proto", package="tensorflow",
                                           syntax="proto3")
    node = f.message_type.add(name="NodeDef")
    protos._field(node, "name", 1, _F.TYPE_STRING)
    protos._field(node, "op", 2, _F.TYPE_STRING)
    graph = f.message_type.add(name="GraphDef")
    protos._field(graph, "node", 1, _F.TYPE_MESSAGE, _F.LABEL_REPEATED, ".tensorflow.NodeDef")
    meta = f.message_type.add(name="MetaGraphDef")
    protos._field(meta, "graph_def", 2, _F.TYPE_MESSAGE, type_name=".tensorflow.GraphDef")
    return f


def _build():
    pool = descriptor_pool.DescriptorPool()
    pool.Add(_file())
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("tensorflow.MetaGraphDef"))


_MetaGraphDef = _build()


def op_types(data):
    """Sorted op types of the binary `MetaGraphDef` `data`, or None when it does not parse as one with ops."""
    try:
        meta = _MetaGraphDef.FromString(data)
    except Exception:  # noqa: BLE001 - protobuf's DecodeError and friends: not a MetaGraphDef
        return None
    types = {node.op for node in meta.graph_def.node}
    if not types or not all(t.isidentifier() for t in types):
        return None
    return sorted(types)
