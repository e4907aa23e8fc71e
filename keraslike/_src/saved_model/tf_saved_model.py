"""Reading a real TensorFlow SavedModel (`saved_model.pb` + `variables/`): its objects and variables, not its graphs.

`saved_model.pb` holds TensorFlow graphs, which cannot run on PyTorch; what keraslike can use is the object graph
(`SavedObjectGraph`: which object has which children, which nodes are variables, functions, lists) and the
variables, a TF checkpoint (`variables/variables`, read by `train/tensor_bundle.py`). `load` rebuilds the objects
as `_UserObject`s holding their variables by TF's attribute paths (`loaded.dense.w`, `loaded.variables[0]`); every
function (an attribute that was a `tf.function`, a signature) raises when called, saying what to do instead.

The messages parsed are a subset of TF's public protos (`saved_model.proto`, `meta_graph.proto`,
`saved_object_graph.proto`) with TF's field numbers; fields not declared here are skipped by protobuf.
"""

import os

import numpy as np
import torch
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

from keraslike._src.io import protos
from keraslike._src.ops.variables import Variable
from keraslike._src.saved_model import constants, signatures
from keraslike._src.train import object_graph, tensor_bundle

_F = descriptor_pb2.FieldDescriptorProto
_REPEATED = _F.LABEL_REPEATED
_field = protos._field
_MAX_BYTES = 1 << 30


def _saved_model_file():
    f = descriptor_pb2.FileDescriptorProto(name="keraslike/tf_saved_model_subset.proto", package="tensorflow",
                                           syntax="proto3")
    f.message_type.add(name="Opaque")  # a message whose content keraslike does not read
    reference = f.message_type.add(name="ObjectReference")
    _field(reference, "node_id", 1, _F.TYPE_INT32)
    _field(reference, "local_name", 2, _F.TYPE_STRING)
    user = f.message_type.add(name="SavedUserObject")
    _field(user, "identifier", 1, _F.TYPE_STRING)
    variable = f.message_type.add(name="SavedVariable")
    _field(variable, "dtype", 1, _F.TYPE_INT32)
    _field(variable, "trainable", 3, _F.TYPE_BOOL)
    _field(variable, "name", 6, _F.TYPE_STRING)
    obj = f.message_type.add(name="SavedObject")
    _field(obj, "children", 1, _F.TYPE_MESSAGE, _REPEATED, ".tensorflow.ObjectReference")
    _field(obj, "user_object", 4, _F.TYPE_MESSAGE, type_name=".tensorflow.SavedUserObject")
    for name, number in (("asset", 5), ("function", 6), ("bare_concrete_function", 8), ("constant", 9),
                         ("resource", 10), ("captured_tensor", 12)):
        _field(obj, name, number, _F.TYPE_MESSAGE, type_name=".tensorflow.Opaque")
    _field(obj, "variable", 7, _F.TYPE_MESSAGE, type_name=".tensorflow.SavedVariable")
    graph = f.message_type.add(name="SavedObjectGraph")
    _field(graph, "nodes", 1, _F.TYPE_MESSAGE, _REPEATED, ".tensorflow.SavedObject")
    signature = f.message_type.add(name="SignatureDefEntry")  # a map entry, read as a repeated message
    _field(signature, "key", 1, _F.TYPE_STRING)
    meta = f.message_type.add(name="MetaGraphDef")
    _field(meta, "signature_def", 5, _F.TYPE_MESSAGE, _REPEATED, ".tensorflow.SignatureDefEntry")
    _field(meta, "object_graph_def", 7, _F.TYPE_MESSAGE, type_name=".tensorflow.SavedObjectGraph")
    saved = f.message_type.add(name="SavedModel")
    _field(saved, "saved_model_schema_version", 1, _F.TYPE_INT64)
    _field(saved, "meta_graphs", 2, _F.TYPE_MESSAGE, _REPEATED, ".tensorflow.MetaGraphDef")
    return f


def _build():
    pool = descriptor_pool.DescriptorPool()
    pool.Add(_saved_model_file())
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("tensorflow.SavedModel"))


SavedModelProto = _build()


class _UserObject:
    """An object of a TF SavedModel, as TF's `_UserObject`: its saved children as attributes (a plain object, so
    children named `variables`, `trainable_variables` are the saved lists, as TF has them)."""

    def __init__(self, name=None):
        del name

    def __call__(self, *args, **kwargs):
        function = self.__dict__.get("__call__")
        if function is None:
            raise TypeError("'_UserObject' object is not callable: the TensorFlow SavedModel saved no __call__ "
                            f"for it. Received: {self!r}")
        return function(*args, **kwargs)


class TFGraphFunction:
    """A function of a TensorFlow SavedModel: its graph cannot run here; calling it raises, saying what to do."""

    def __init__(self, label, export_dir):
        self.label, self.export_dir = label, export_dir

    def __call__(self, *args, **kwargs):
        prefix = os.path.join(self.export_dir, constants.VARIABLES_DIRECTORY, constants.VARIABLES_FILENAME)
        raise NotImplementedError(
            f"{self.label} is a TensorFlow graph in the TensorFlow SavedModel {self.export_dir} (saved_model.pb), "
            "which cannot run on PyTorch; keraslike loaded its variables only. To run the model, rebuild it in "
            "Python (the same tf.Module class or Keras model) and restore the variables: "
            f"tf.train.Checkpoint(root=obj).read({prefix!r}).expect_partial() matches them by attribute path, or "
            "assign the loaded ones in order (for v, value in zip(model.variables, loaded.variables): "
            "v.assign(value)) for a Keras model.export directory. A SavedModel written by keraslike's "
            f"tf.saved_model.save or model.export runs here without its class. Received: {self.label}")

    def __repr__(self):
        return f"<TensorFlow graph function {self.label} (cannot run here)>"


class _TFSignature(TFGraphFunction):
    """A signature of a TF SavedModel (`loaded.signatures[key]`): raises when called."""


def is_tf_saved_model(export_dir):
    return os.path.isfile(os.path.join(os.fspath(export_dir), constants.SAVED_MODEL_FILENAME_PB))


def _read_proto(export_dir):
    path = os.path.join(export_dir, constants.SAVED_MODEL_FILENAME_PB)
    if os.path.getsize(path) > _MAX_BYTES:  # hostile files stay bounded
        raise ValueError(f"{path} is larger than {_MAX_BYTES} bytes. Received: export_dir={export_dir}")
    with open(path, "rb") as f:
        data = f.read(_MAX_BYTES + 1)
    try:
        proto = SavedModelProto.FromString(data)
    except Exception as err:  # noqa: BLE001 - protobuf's DecodeError and friends
        raise ValueError(f"Cannot parse {path} as a TensorFlow SavedModel: {err}. "
                         f"Received: export_dir={export_dir}") from None
    if not proto.meta_graphs:
        raise ValueError(f"{path} holds no MetaGraphDef. Received: export_dir={export_dir}")
    return proto.meta_graphs[0]


def _variables(export_dir):
    """`(reader, checkpoint graph)` of the SavedModel's variables, or `(None, None)` when it has none."""
    prefix = os.path.join(export_dir, constants.VARIABLES_DIRECTORY, constants.VARIABLES_FILENAME)
    if not os.path.isfile(prefix + tensor_bundle.INDEX_SUFFIX):
        return None, None
    reader = tensor_bundle.BundleReader(prefix)
    return reader, object_graph.SavedGraph(reader)


def _value(reader, node):
    value = reader.get_tensor(node.key())
    return value if isinstance(value, torch.Tensor) else torch.from_numpy(np.array(value))


class _Builder:
    def __init__(self, export_dir, graph, reader, checkpoint):
        self.export_dir, self.nodes, self.reader, self.checkpoint = export_dir, graph.nodes, reader, checkpoint
        self.built = {}

    def build(self, node_id, path, checkpoint_node):
        if node_id in self.built:
            return self.built[node_id]
        node = self.nodes[node_id]
        if node.HasField("variable"):
            if checkpoint_node is None or not checkpoint_node.has_value():
                raise ValueError(f"The TensorFlow SavedModel {self.export_dir} has no checkpoint value for variable "
                                 f"{path!r}. Received: export_dir={self.export_dir}")
            name = node.variable.name or path.rsplit(".", 1)[-1]
            value = Variable(_value(self.reader, checkpoint_node), trainable=node.variable.trainable, name=name)
        elif node.HasField("function") or node.HasField("bare_concrete_function"):
            value = TFGraphFunction(f"function {path!r}", self.export_dir)
        elif node.HasField("user_object") or not any(node.HasField(k) for k in (
                "asset", "constant", "resource", "captured_tensor")):
            value = self._container(node, node_id, path, checkpoint_node)
        else:
            value = None  # assets, constants, resources: not restored
        self.built[node_id] = value
        return value

    def _children(self, node, path, checkpoint_node):
        for ref in node.children:
            child_checkpoint = checkpoint_node.child(ref.local_name) if checkpoint_node is not None else None
            yield ref.local_name, self.build(ref.node_id, f"{path}.{ref.local_name}", child_checkpoint)

    def _container(self, node, node_id, path, checkpoint_node):
        identifier = node.user_object.identifier if node.HasField("user_object") else ""
        if identifier == "trackable_list_wrapper":
            items = []
            self.built[node_id] = items
            children = dict(self._children(node, path, checkpoint_node))
            items.extend(children[str(i)] for i in range(len(children)) if str(i) in children)
            return items
        if identifier == "trackable_dict_wrapper":
            items = {}
            self.built[node_id] = items
            items.update(self._children(node, path, checkpoint_node))
            return items
        obj = _UserObject(name="loaded")
        self.built[node_id] = obj
        for name, child in self._children(node, path, checkpoint_node):
            if child is not None and name != "signatures":
                object.__setattr__(obj, name, child)
        return obj


def load(export_dir):
    """The objects of TF SavedModel `export_dir`: a `_UserObject` with TF's attribute paths holding the variables
    (values from `variables/`), functions and signatures that raise when called (see module docstring).

    Raises:
        ValueError: a damaged `saved_model.pb`, or a variable without a checkpoint value.
    """
    export_dir = os.fspath(export_dir)
    meta = _read_proto(export_dir)
    reader, checkpoint = _variables(export_dir)
    root_checkpoint = object_graph.NodeView(checkpoint, 0) if checkpoint is not None else None
    builder = _Builder(export_dir, meta.object_graph_def, reader, root_checkpoint)
    root = builder.build(0, "loaded", root_checkpoint) if meta.object_graph_def.nodes else _UserObject(name="loaded")
    if not isinstance(root, _UserObject):
        raise ValueError(f"The root of TensorFlow SavedModel {export_dir} is not an object. "
                         f"Received: export_dir={export_dir}")
    maps = {entry.key: _TFSignature(f"signature {entry.key!r}", export_dir) for entry in meta.signature_def
            if not entry.key.startswith("__")}  # `__saved_model_init_op` is TF's, not a user signature
    object.__setattr__(root, "signatures", signatures.SignatureMap(maps))
    object.__setattr__(root, "_tensorflow_graphs", True)
    return root
