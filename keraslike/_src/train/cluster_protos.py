"""`tf.train.JobDef`, `tf.train.ClusterDef`, `tf.train.ServerDef`: TF's cluster protobuf messages.

Layouts (names, field numbers, types) are TF's `tensorflow/core/protobuf/cluster.proto` and
`tensorflow_server.proto`, so bytes interchange with TF (tests/golden/cluster_protos.json). ServerDef's
`default_session_config` (a ConfigProto) and `cluster_device_filters` fields are not declared: TF bytes that
carry them parse (kept as unknown fields), and setting them raises protobuf's "no field" error. Built over a
private descriptor pool, as keraslike/_src/io/protos.py does, so a process that imports TF sees no clash.
"""

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

_F = descriptor_pb2.FieldDescriptorProto


def _add(message, name, number, kind, label=_F.LABEL_OPTIONAL, type_name=None):
    field = message.field.add(name=name, number=number, type=kind, label=label)
    if type_name:
        field.type_name = type_name


def _build():
    cluster = descriptor_pb2.FileDescriptorProto(name="tensorflow/core/protobuf/cluster.proto",
                                                 package="tensorflow", syntax="proto3")
    job = cluster.message_type.add(name="JobDef")
    _add(job, "name", 1, _F.TYPE_STRING)
    entry = job.nested_type.add(name="TasksEntry")
    entry.options.map_entry = True
    _add(entry, "key", 1, _F.TYPE_INT32)
    _add(entry, "value", 2, _F.TYPE_STRING)
    _add(job, "tasks", 2, _F.TYPE_MESSAGE, _F.LABEL_REPEATED, ".tensorflow.JobDef.TasksEntry")
    _add(cluster.message_type.add(name="ClusterDef"), "job", 1, _F.TYPE_MESSAGE, _F.LABEL_REPEATED,
         ".tensorflow.JobDef")
    server = descriptor_pb2.FileDescriptorProto(name="tensorflow/core/protobuf/tensorflow_server.proto",
                                                package="tensorflow", syntax="proto3",
                                                dependency=["tensorflow/core/protobuf/cluster.proto"])
    sd = server.message_type.add(name="ServerDef")
    _add(sd, "cluster", 1, _F.TYPE_MESSAGE, type_name=".tensorflow.ClusterDef")
    _add(sd, "job_name", 2, _F.TYPE_STRING)
    _add(sd, "task_index", 3, _F.TYPE_INT32)
    _add(sd, "protocol", 5, _F.TYPE_STRING)
    _add(sd, "port", 6, _F.TYPE_INT32)
    _add(sd, "replica", 8, _F.TYPE_INT32)
    pool = descriptor_pool.DescriptorPool()
    pool.Add(cluster)
    pool.Add(server)
    return [message_factory.GetMessageClass(pool.FindMessageTypeByName("tensorflow." + n))
            for n in ("JobDef", "ClusterDef", "ServerDef")]


JobDef, ClusterDef, ServerDef = _build()
