"""The object tree of a saved object, as JSON nodes plus a dict of tensors (written as a TF checkpoint).

What a node can be (TF keeps the "trackable" objects; keraslike keeps the state a method needs):
  * `variable`  a `tf.Variable` (value, name, trainable), shared variables saved once;
  * `constant`  a plain tensor attribute;
  * `module`    a `tf.Module`: its class (import path) and its attributes, recursively;
  * `lookup`    a `tf.lookup` table: its class, dtypes, default and entries (`lookup_ops.table_config`), rebuilt
                as that table (TF saves a table as a resource its functions use; its loaded attribute is opaque);
  * `checkpoint` a `tf.train.Checkpoint`: its named objects and `save_counter` (TF saves them; it loads, as in
                TF, as a `_UserObject` holding them: `root=` under the name `root`);
  * `keras`     a Keras layer or model: its Keras 3 config and its weights;
  * `asset`     a `tf.saved_model.Asset`: its file is copied into `assets/` (`self.assets`: name -> source);
  * `generator` a `tf.random.Generator`: its algorithm and state (TF saves its state variable), so the loaded
                object's stream goes on from the saving point;
  * `value`     a JSON value (bool, int, float, str, None);
  * `list`, `tuple`, `dict` (string keys) of nodes.
Other attributes (functions, open files, arbitrary objects) are not saved; their paths are listed in the
JSON under "dropped". A module is rebuilt without calling its `__init__`: `tf.Module.__init__(name)` and
then its saved attributes, so its methods (the class's code) see the same state. A module or Keras model
whose class is not importable where it is loaded becomes a `_UserObject` (TF's name) holding its saved
attributes (a Keras model: its weights); the loader gives it its functions from their programs.
"""

import ast
import importlib
import os
import re
import shutil
import sys
import tempfile
import types

import torch

from keraslike._src.autodiff.function_types import PolymorphicFunction
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.saving import serialization_lib, weights_h5
from keraslike._src.lookup import lookup_ops
from keraslike._src.module.module import Module
from keraslike._src.ops.random_generator import Generator
from keraslike._src.ops.variables import Variable
from keraslike._src.saved_model.asset import Asset
from keraslike._src.train.checkpoint import Checkpoint

_SKIPPED_MODULE_ATTRIBUTES = frozenset({"_name", "_scope_name", "_name_scope"})
_SAVED_CLASSES = {}  # import path -> class, for classes saved in this process (e.g. defined in a function)


_UNRESOLVED = object()


def _importable_function(value):
    """A module-level Python function (not a lambda or a local): saved by reference, so a loader that can import
    it (the class is importable too) gives the rebuilt object its helper back."""
    qualname = getattr(value, "__qualname__", "")
    return (isinstance(value, types.FunctionType) and "<" not in qualname and isinstance(value.__module__, str)
            and getattr(sys.modules.get(value.__module__), qualname.split(".")[0], None) is not None)


def _resolve_function(path):
    """The function at `module:qualname`, or `_UNRESOLVED` where it cannot be imported."""
    module_name, _, qualname = path.partition(":")
    try:
        obj = importlib.import_module(module_name)
        for part in qualname.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError):
        return _UNRESOLVED
    return obj if callable(obj) else _UNRESOLVED


def class_path(cls):
    """`module:qualname` of a class."""
    return f"{cls.__module__}:{cls.__qualname__}"


def resolve_class(path):
    """The class at `module:qualname` (or one saved earlier in this process).

    Raises:
        ValueError: the class cannot be imported, naming it.
    """
    if path in _SAVED_CLASSES:
        return _SAVED_CLASSES[path]
    module_name, _, qualname = path.partition(":")
    try:
        obj = importlib.import_module(module_name)
        for part in qualname.split("."):
            obj = getattr(obj, part)
        return obj
    except (ImportError, AttributeError):
        raise ValueError(f"Cannot rebuild the saved object: its class {path} is not importable here. keraslike's "
                         "SavedModel stores the object tree and variables, not traced graphs; the methods are the "
                         "class's code, so import or define the class before tf.saved_model.load. "
                         f"Received: class={path}") from None


def _user_classes(layer):
    """name -> import path of the layer classes in `layer` that are not keraslike's (subclassed models, custom
    layers), so loading finds them without `custom_objects` (as a TF SavedModel needs no code for them)."""
    found = {}
    for module in layer.modules():
        cls = type(module)
        if isinstance(module, Layer) and not cls.__module__.startswith("keraslike."):
            _SAVED_CLASSES[class_path(cls)] = cls
            found[cls.__name__] = class_path(cls)
    return found


class TreeWriter:
    """Turns an object into nodes (`self.nodes`) and tensors (`self.tensors`, name -> CPU tensor)."""

    def __init__(self):
        self.nodes, self.tensors, self.dropped, self.assets = [], {}, [], {}
        self.dropped_functions = []  # paths of tf.functions held as attributes (TF saves them; keraslike does not)
        self.sources = {}  # tensor key -> the saved tensor object itself (a program's state reads it)
        self.layers = []  # the Keras layers of the tree (their torch buffers are state too)
        self._source_keys = {}
        self.functions = []  # (path, module) of every tf.Module in the tree, for its tf.function methods
        self._seen = {}
        self._scratch = []  # temporary folders holding Keras layers' asset files until they are copied

    def _asset(self, asset):
        source = os.fspath(asset.asset_path.numpy().decode("utf-8"))
        if not os.path.isfile(source):
            raise ValueError(f"The tf.saved_model.Asset file {source!r} does not exist. Received: asset={asset!r}")
        stem, ext = os.path.splitext(os.path.basename(source))
        name, n = stem + ext, 1
        while name in self.assets and self.assets[name] != source:
            name, n = f"{stem}_{n}{ext}", n + 1
        self.assets[name] = source
        return self._new(asset, {"kind": "asset", "filename": name})

    def _layer_assets(self, model, index):
        """`{layer path: {file: asset name}}` of the layers of `model` that keep files (a lookup's vocabulary,
        Keras's `save_assets`), their files added to `self.assets` (flat names, copied into `assets/`)."""
        found = {}
        for path, layer in weights_h5.walk(model):
            if not callable(getattr(layer, "save_assets", None)):
                continue
            scratch = tempfile.TemporaryDirectory()
            self._scratch.append(scratch)  # kept until the writer goes: the files are copied from there
            layer.save_assets(scratch.name)
            files = {}
            for base, _, names in os.walk(scratch.name):
                for name in sorted(names):
                    full = os.path.join(base, name)
                    rel = os.path.relpath(full, scratch.name).replace(os.sep, "/")
                    asset = f"keras{index}_{path.replace('/', '.') or 'model'}_{rel.replace('/', '.')}"
                    self.assets[asset] = full
                    files[rel] = asset
            if files:
                found[path] = files
        return found

    def _tensor(self, value):
        key = f"t{len(self.tensors)}"
        self.tensors[key] = value.detach().cpu().clone().contiguous()
        self.sources[key] = value
        self._source_keys[id(value)] = key
        return key

    def add_state(self, value):
        """The tensor key of `value`, a state tensor outside the tree (a Keras layer's torch buffer)."""
        key = self._source_keys.get(id(value))
        return key if key is not None else self._tensor(value)

    def add(self, value, path):
        """The node id of `value`, or None when it is not saved (its path goes to `dropped`)."""
        if id(value) in self._seen:
            return self._seen[id(value)]
        node = self._node(value, path)
        if node is None:
            self.dropped.append(path)
            if isinstance(value, PolymorphicFunction):  # TF saves a tf.function held as an attribute
                self.dropped_functions.append(path)
            return None
        return node

    def _new(self, value, node):
        self.nodes.append(node)
        self._seen[id(value)] = len(self.nodes) - 1
        return len(self.nodes) - 1

    def _node(self, value, path):
        if isinstance(value, Variable):
            return self._new(value, {"kind": "variable", "tensor": self.add_state(value),
                                     "name": value.name.rsplit(":", 1)[0], "trainable": bool(value.trainable)})
        if isinstance(value, Layer):
            self.layers.append(value)
            weights = [self.add_state(w) for w in value.weights]  # a weight also saved as a variable: one key
            node = {"kind": "keras", "config": serialization_lib.serialize_layer(value),
                    "weights": weights, "weight_paths": [str(w.path) for w in value.weights],
                    "weight_trainable": [bool(w.trainable) for w in value.weights],
                    "classes": _user_classes(value)}
            index = self._new(value, node)
            node["assets"] = self._layer_assets(value, index)
            return index
        if isinstance(value, torch.Tensor):
            return self._new(value, {"kind": "constant", "tensor": self._tensor(value)})
        if isinstance(value, Asset):
            return self._asset(value)
        if isinstance(value, Generator):
            return self._new(value, {"kind": "generator", "algorithm": int(value.algorithm),
                                     "tensor": self.add_state(value.state)})
        if isinstance(value, Module):
            return self._module(value, path)
        if isinstance(value, Checkpoint):
            return self._checkpoint(value, path)
        if isinstance(value, lookup_ops.TABLE_TYPES):
            return self._new(value, {"kind": "lookup", "table": lookup_ops.table_config(value)})
        if value is None or isinstance(value, (bool, int, float, str)):
            self.nodes.append({"kind": "value", "value": value})
            return len(self.nodes) - 1
        if isinstance(value, (list, tuple)):
            node = {"kind": "tuple" if isinstance(value, tuple) else "list", "items": []}
            index = self._new(value, node)
            for i, item in enumerate(value):
                child = self.add(item, f"{path}[{i}]")
                if child is None:
                    return None
                node["items"].append(child)
            return index
        if _importable_function(value):  # a plain Python helper (`self.extract_features = onehot_origin`)
            self.nodes.append({"kind": "python", "path": f"{value.__module__}:{value.__qualname__}"})
            return len(self.nodes) - 1
        if isinstance(value, dict) and all(isinstance(k, str) for k in value):
            node = {"kind": "dict", "items": {}}
            index = self._new(value, node)
            for key, item in value.items():
                child = self.add(item, f"{path}[{key!r}]")
                if child is not None:
                    node["items"][key] = child
            return index
        return None

    def _module(self, module, path):
        cls = type(module)
        _SAVED_CLASSES[class_path(cls)] = cls
        name = vars(module).get("_name")  # a subclass may skip Module.__init__ (TF saves it all the same)
        node = {"kind": "module", "class": class_path(cls), "name": name, "attributes": {}}
        index = self._new(module, node)
        self.functions.append((path, module))
        for name, value in sorted(vars(module).items()):
            if name in _SKIPPED_MODULE_ATTRIBUTES:
                continue
            child = self.add(value, f"{path}.{name}")
            if child is not None:
                node["attributes"][name] = child
        return index


    def _checkpoint(self, checkpoint, path):
        node = {"kind": "checkpoint", "attributes": {}}
        index = self._new(checkpoint, node)
        named = dict(checkpoint._objects)  # noqa: SLF001 - the Checkpoint's named objects, as its children
        checkpoint._maybe_create_save_counter()  # noqa: SLF001 - TF creates and saves it with the SavedModel
        named["save_counter"] = checkpoint.save_counter
        for name, value in named.items():
            child = self.add(value, f"{path}.{name}")
            if child is not None:
                node["attributes"][name] = child
        return index


class _UserObject(Module):
    """A loaded object whose class is not importable here (TF's `_UserObject`): its saved attributes (variables,
    submodules, values) and, for its `tf.function`s, restored functions that run their torch.export programs."""

    def __call__(self, *args, **kwargs):
        function = self.__dict__.get("__call__")
        if function is None:
            raise TypeError(f"'{type(self).__name__}' object is not callable: the saved object's class had no "
                            f"exported __call__ (a tf.function with an input_signature). Received: {self!r}")
        return function(*args, **kwargs)


def is_user_object(obj):
    return isinstance(obj, _UserObject)


_PATH_PART = re.compile(r"""\.([A-Za-z_][A-Za-z0-9_]*)|\[(-?\d+)\]|\[('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\]""")


def resolve_path(root, path):
    """The object at `path` (`"obj.encoder.layers[0]"`, as TreeWriter names them) below `root`.

    Raises:
        ValueError: a malformed path.
    """
    if not path.startswith("obj"):
        raise ValueError(f"Expected an object path starting with 'obj'. Received: path={path!r}")
    obj, pos = root, 3
    while pos < len(path):
        match = _PATH_PART.match(path, pos)
        if match is None:
            raise ValueError(f"Malformed object path in the SavedModel. Received: path={path!r}")
        name, index, key = match.groups()
        if name is not None:
            obj = getattr(obj, name)
        elif index is not None:
            obj = obj[int(index)]
        else:
            obj = obj[ast.literal_eval(key)]
        pos = match.end()
    return obj


def _identifier(name):
    name = re.sub(r"[^A-Za-z0-9_]", "_", str(name or "model"))
    return name if re.match(r"^[A-Za-z_]", name) else f"_{name}"


class TreeReader:
    """Rebuilds objects from `nodes` and `tensors` (shared nodes give shared objects).

    With `class_optional`, a module whose class is not importable becomes a `_UserObject` holding its saved
    attributes (its functions are restored from their programs by the loader).
    """

    def __init__(self, nodes, tensors, custom_objects=None, assets_dir=None, class_optional=False):
        self._nodes, self._tensors, self._custom, self._assets = nodes, tensors, custom_objects, assets_dir
        self._class_optional = class_optional
        self._built, self._by_key = {}, {}

    def prebuild_keras(self):
        """Builds the Keras layers first, so a variable saved both as a weight and elsewhere (a Keras export's
        variable collection) is one object after loading."""
        for index, node in enumerate(self._nodes):
            if node.get("kind") == "keras":
                self.get(index)

    def tensor(self, key):
        """The rebuilt tensor of `key`: the variable, Keras weight or constant made from it (the same object on
        every call), or for a state tensor outside the tree, the saved tensor."""
        return self._by_key.get(key, None) if key in self._by_key else self._tensor(key)

    def _tensor(self, key):
        if key not in self._tensors:
            raise ValueError(f"The SavedModel's variables file lacks tensor {key!r} (damaged or mismatched files). "
                             f"Received: tensor={key!r}")
        return self._tensors[key]

    def get(self, index):
        if index in self._built:
            return self._built[index]
        node = self._nodes[index]
        kind = node["kind"]
        if kind == "variable":
            value = self._by_key.get(node["tensor"])  # a Keras weight built first (prebuild_keras) stays shared
            if not isinstance(value, Variable):
                value = Variable(self._tensor(node["tensor"]), trainable=node["trainable"], name=node["name"])
                self._by_key[node["tensor"]] = value
        elif kind == "constant":
            value = self._by_key[node["tensor"]] = self._tensor(node["tensor"])
        elif kind == "value":
            value = node["value"]
        elif kind == "asset":
            path = os.path.join(self._assets or "", os.path.basename(node["filename"]))
            if not os.path.isfile(path):
                raise ValueError(f"The SavedModel lacks its asset file {path}. Received: asset={node['filename']!r}")
            value = Asset(path)
        elif kind == "keras":
            value = self._keras(node)
        elif kind == "generator":
            value = Generator.from_state(self._tensor(node["tensor"]), node["algorithm"])
            self._by_key[node["tensor"]] = value.state
        elif kind in ("list", "tuple"):
            items = []
            self._built[index] = items
            items.extend(v for v in (self.get(i) for i in node["items"]) if v is not _UNRESOLVED)
            value = tuple(items) if kind == "tuple" else items
        elif kind == "dict":
            value = {}
            self._built[index] = value
            value.update({k: v for k, v in ((k, self.get(i)) for k, i in node["items"].items())
                          if v is not _UNRESOLVED})
        elif kind == "module":
            value = self._module(index, node)
        elif kind == "checkpoint":  # as TF, a `_UserObject` holding the Checkpoint's objects
            value = self._module(index, {"class": None, "name": None, "attributes": node["attributes"]})
        elif kind == "python":
            value = _resolve_function(node["path"])
        elif kind == "lookup":
            value = lookup_ops.table_from_config(node["table"])
        else:
            raise ValueError(f"Unknown node kind {kind!r} in the SavedModel (written by a newer keraslike?). "
                             f"Received: kind={kind!r}")
        self._built[index] = value
        return value

    def _keras(self, node):
        try:
            custom = {name: resolve_class(path) for name, path in node.get("classes", {}).items()}
            custom.update(self._custom or {})
            value = serialization_lib.deserialize_layer(node["config"], custom)
        except (ValueError, TypeError):
            if not self._class_optional:
                raise
            # its class is not here: its weights, as the variables of a `_UserObject` (TF's loaded Keras model)
            config = node["config"].get("config", {}) if isinstance(node["config"], dict) else {}
            value = _UserObject(name=_identifier(config.get("name")))
            weights = []
            count = len(node["weights"])
            for key, name, trainable in zip(node["weights"], node.get("weight_paths", [None] * count),
                                            node.get("weight_trainable", [True] * count)):
                weights.append(Variable(self._tensor(key), name=name or "Variable", trainable=trainable))
                self._by_key[key] = weights[-1]
            value._keras_weights = weights
            return value
        value.set_weights([self._tensor(k).numpy() for k in node["weights"]])
        for key, weight in zip(node["weights"], value.weights):
            self._by_key[key] = weight
        self._load_layer_assets(value, node.get("assets", {}))
        return value

    def _load_layer_assets(self, model, assets):
        """Hands each layer that saved files (`TreeWriter._layer_assets`) a folder holding them (`load_assets`)."""
        if not assets:
            return
        layers = dict(weights_h5.walk(model))
        for path, files in assets.items():
            if path not in layers:
                raise ValueError(f"The SavedModel holds assets for layer {path!r}, which the rebuilt model lacks. "
                                 f"Received: layer path={path!r}")
            with tempfile.TemporaryDirectory() as scratch:
                for rel, asset in files.items():
                    source = os.path.join(self._assets or "", os.path.basename(asset))
                    if not os.path.isfile(source) or any(p in ("", ".", "..") for p in rel.split("/")):
                        raise ValueError(f"The SavedModel lacks the asset {asset!r} of layer {path!r} (damaged "
                                         f"files). Received: asset={asset!r}")
                    target = os.path.join(scratch, *rel.split("/"))
                    os.makedirs(os.path.dirname(target), exist_ok=True)
                    shutil.copyfile(source, target)
                layers[path].load_assets(scratch)

    def _module(self, index, node):
        try:
            cls = _UserObject if node["class"] is None else resolve_class(node["class"])
        except ValueError:
            if not self._class_optional:
                raise
            cls = _UserObject
        if not (isinstance(cls, type) and issubclass(cls, Module)):
            raise ValueError(f"Expected a tf.Module class for a saved module. Received: class={node['class']}")
        module = cls.__new__(cls)
        Module.__init__(module, name=node["name"])
        self._built[index] = module
        for name, child in node["attributes"].items():
            value = self.get(child)
            if value is not _UNRESOLVED:  # a Python helper not importable here: absent, as TF's loaded object
                object.__setattr__(module, name, value)
        return module
