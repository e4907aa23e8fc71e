"""`tf.train.Checkpoint`: save/restore models, optimizers, variables and `tf.Module`s (tensorflow/python/checkpoint).

A checkpoint with prefix `P` is TF's own format (`train/tensor_bundle.py`): `P.index` (a sorted table of
BundleEntryProtos) and `P.data-00000-of-00001` (the values), with the object graph (`train/object_graph.py`)
stored beside the values, so real TF reads keraslike's checkpoints and keraslike reads TF's. Objects are
matched by TF's object-graph paths: the names given to the Checkpoint, then attribute names, list indices
and Keras's child names (`module/trackable.py`, `keras/saving/checkpoint_tracking.py`). Checkpoints in
keraslike's earlier format (a JSON index, values in safetensors or HDF5) are still read: the format is
sniffed from the index. Nothing is unpickled. Files are written atomically, by the chief only.
"""

import os

import numpy as np
import torch

from keraslike._src.keras.saving import bounded_read, file_io  # file helpers only: no Keras classes here
from keraslike._src.module import trackable, tracking
from keraslike._src.ops.variables import Variable
from keraslike._src.train import checkpoint_state, name_based_restore, object_graph, tensor_bundle
from keraslike._src.lazy_module import LazyModule

h5py = LazyModule("h5py")  # imported on first use: ~25 ms of CPU that `import keraslike` need not pay

_DATA_SUFFIX = ".data-00000-of-00001"


def _load_arrays(path, fmt):
    if fmt == "safetensors":
        from safetensors.numpy import load_file  # optional (the `saving` extra)

        return load_file(path)

    datasets = []
    with bounded_read.open_h5(path, path) as h5:
        h5.visititems(lambda name, obj: datasets.append((name, obj)) if isinstance(obj, h5py.Dataset) else None)
        for _, ds in datasets:  # every declared size is checked before anything is read
            bounded_read.check_numeric(ds, path)
            bounded_read.check_stored(ds, path)
        return {name: np.asarray(ds[()]) for name, ds in datasets}


def read_index(save_path):
    """The parsed `<save_path>.index` of a keraslike checkpoint: `{"format": "h5"|"safetensors", "keys":
    {key: {"shape": [...], "dtype": "float32"}}}`.

    Raises:
        ValueError: if the index is missing or is not a keraslike checkpoint index.
    """
    if not os.path.exists(save_path + ".index"):
        raise ValueError(f"Could not find checkpoint files for prefix {save_path!r} ({save_path}.index is "
                         f"missing). Received: save_path={save_path!r}")
    index = bounded_read.read_json_file(save_path + ".index")
    if index.get("format") not in ("h5", "safetensors") or not isinstance(index.get("keys"), dict):
        raise ValueError(f"Cannot load {save_path}.index: it is not a keraslike checkpoint index (expected "
                         "a `format` of 'h5' or 'safetensors' and a `keys` object). "
                         f"Received: save_path={save_path!r}")
    return index


def _is_keras_layer(obj):
    """A Keras layer or model (told by its protocol, not its class: `train/` sits below Keras)."""
    return isinstance(obj, torch.nn.Module) and hasattr(obj, "weights") and hasattr(obj, "built")


def _is_optimizer(obj):
    return callable(getattr(obj, "_set_flat_state", None))


def data_path(save_path):
    """The values file of the checkpoint with prefix `save_path`."""
    return save_path + _DATA_SUFFIX


def _module_variables(module):
    """`[(path, variable)]` of a `tf.Module`'s walk (`module/tracking.py`), each variable once, under the first
    attribute path that reaches it (`"dense/_trainable_weights/0"`)."""
    seen, out = set(), []
    for path, var in tracking.flatten(module, predicate=lambda v: isinstance(v, Variable), with_path=True):
        if id(var) not in seen:
            seen.add(id(var))
            out.append(("/".join(str(p) for p in path), var))
    return out


def _assign_module(module, key, arrays):
    """Assign the saved values of a `tf.Module`'s variables; `(used keys, missing keys)`.

    Raises:
        ValueError: when the checkpoint holds variables the module does not have yet (its Keras layers are not
            built): TF defers those values until the variables exist; keraslike asks to build first.
    """
    current = dict(_module_variables(module))
    saved = {k[len(key) + 1:]: k for k in arrays if k.startswith(key + "/")}
    absent = [path for path in saved if path not in current]
    if absent:
        raise ValueError(
            f"The checkpoint holds {len(absent)} variables that {key!r} does not have yet (e.g. {absent[0]!r}): "
            "its Keras layers are not built. Call the module once (building its layers), then restore. "
            f"Received: {key}={module!r}")
    used, missing = set(), []
    with torch.no_grad():
        for path, var in current.items():
            if path in saved:
                var.copy_(torch.as_tensor(arrays[saved[path]], dtype=var.dtype))
                used.add(saved[path])
            else:
                missing.append(f"{key}/{path}")
    return used, missing


class CheckpointLoadStatus:
    """What `restore` returns: `assert_consumed()`, `expect_partial()`, ... (TF's status object)."""

    def __init__(self, unused_keys, missing_keys):
        self._unused, self._missing = sorted(unused_keys), sorted(missing_keys)

    def assert_consumed(self):
        """Raise AssertionError if some saved value or some object was not matched."""
        if self._unused or self._missing:
            raise AssertionError(f"Unresolved object in checkpoint: saved values {self._unused} were not used and "
                                 f"objects {self._missing} were not restored. Received: a partial match")
        return self

    def assert_existing_objects_matched(self):
        if self._missing:
            raise AssertionError(f"Objects {self._missing} were not found in the checkpoint.")
        return self

    def assert_nontrivial_match(self):
        return self

    def expect_partial(self):
        return self

    def run_restore_ops(self, session=None):
        return None

    initialize_or_restore = run_restore_ops


class Checkpoint:
    """`tf.train.Checkpoint(model=model, optimizer=optimizer, step=tf.Variable(0))`.

    Args:
        root: optional object saved under the name "root".
        **kwargs: named objects: Keras models/layers, optimizers, `tf.Variable`s, tensors, `tf.Module`s (every
            variable `module.variables` finds, Keras layers' included) or nested Checkpoints.

    Raises:
        ValueError: on restore, when a model in the checkpoint has not been built yet (call it once first).
    """

    def __init__(self, root=None, **kwargs):
        objects = dict(kwargs)
        if root is not None:
            objects["root"] = root
        object.__setattr__(self, "_objects", objects)
        object.__setattr__(self, "save_counter", Variable(0, trainable=False, name="save_counter",
                                                          dtype=torch.int64))
        self._check_trackable()  # TF refuses a non-trackable object when the Checkpoint is made

    def __setattr__(self, name, value):
        if name.startswith("_") or name == "save_counter":
            object.__setattr__(self, name, value)
            return
        source = self.__dict__.get("_restore_source")
        child = object_graph.NodeView(source[0], source[1]).child(name) if source else None
        if isinstance(value, list) and source is not None:
            value = _RestoringList(value, source[0], child.node_id if child is not None else None)
        self._objects[name] = value
        if child is not None and trackable.is_trackable(value):  # TF restores what is added after a restore
            object_graph.restore_into(trackable.wrap(value), source[0], child.node_id)

    def __getattr__(self, name):
        objects = self.__dict__.get("_objects", {})
        if name in objects:
            return objects[name]
        raise AttributeError(f"'Checkpoint' object has no attribute {name!r}")

    # ---- values ------------------------------------------------------------------------------
    def _model(self):
        return next((o for o in self._objects.values() if _is_keras_layer(o)), None)

    def _check_shapes(self, arrays, prefix=""):
        """Raise TF's error for a saved value whose shape differs from the variable it would fill.

        Raises:
            ValueError: `Received incompatible tensor with shape ... when attempting to restore variable ...`.
        """
        for name, obj in self._objects.items():
            key = prefix + name
            if isinstance(obj, Checkpoint):
                obj._check_shapes(arrays, key + "/")
                continue
            if _is_keras_layer(obj):
                targets = [(f"{key}/weights/{i}", w) for i, w in enumerate(obj.weights)]
            elif isinstance(obj, torch.Tensor) and not _is_optimizer(obj):
                targets = [(key, obj)]
            else:
                continue
            for k, target in targets:
                if k in arrays and tuple(np.shape(arrays[k])) != tuple(target.shape):
                    name_of = getattr(target, "name", k)
                    raise ValueError(f"Received incompatible tensor with shape {tuple(np.shape(arrays[k]))} when "
                                     f"attempting to restore variable with shape {tuple(target.shape)} and name "
                                     f"{name_of}. Received: checkpoint key={k!r}")

    def _assign(self, arrays, prefix=""):
        used, missing = set(), []
        if prefix + "save_counter" in arrays:
            self.save_counter.assign(int(arrays[prefix + "save_counter"]))
            used.add(prefix + "save_counter")
        model = self._model()
        for name, obj in self._objects.items():
            obj = getattr(obj, "inner_optimizer", obj)  # a LossScaleOptimizer saves its inner optimizer's state
            key = prefix + name
            if isinstance(obj, Checkpoint):
                u, m = obj._assign(arrays, key + "/")
                used |= u
                missing += m
            elif _is_keras_layer(obj):
                saved = sorted((k for k in arrays if k.startswith(key + "/weights/")),
                               key=lambda k: int(k.rsplit("/", 1)[-1]))
                if not obj.weights and saved:
                    # TF restores lazily: values wait until the model creates its weights (first call/build)
                    obj.__dict__["_deferred_restore"] = [arrays[k] for k in saved]
                    used.update(saved)
                    continue
                with torch.no_grad():
                    for i, w in enumerate(obj.weights):
                        k = f"{key}/weights/{i}"
                        if k in arrays:
                            w.copy_(torch.as_tensor(arrays[k], dtype=w.dtype))
                            used.add(k)
                        else:
                            missing.append(k)
            elif _is_optimizer(obj):
                keys = sorted((k for k in arrays if k.startswith(key + "/vars/")), key=lambda k: int(k.rsplit("/")[-1]))
                params = [p for p in model.trainable_weights if p.requires_grad] if model is not None else None
                if keys and model is not None and not model.weights:
                    obj.__dict__["_deferred_state"] = [arrays[k] for k in keys]  # applied when the optimizer builds
                    used.update(keys)
                elif keys and obj._set_flat_state([arrays[k] for k in keys], params):
                    used.update(keys)
                elif keys:
                    missing.append(key)
            elif tracking.is_node(obj):
                u, m = _assign_module(obj, key, arrays)
                used |= u
                missing += m
            elif isinstance(obj, torch.Tensor):
                if key in arrays:
                    with torch.no_grad():
                        obj.copy_(torch.as_tensor(arrays[key], dtype=obj.dtype))
                    used.add(key)
                else:
                    missing.append(key)
        return used, missing

    # ---- files ---------------------------------------------------------------------------------
    def _trackable_children(self):
        """The named objects (a LossScaleOptimizer as its inner optimizer), then `save_counter` once `save` has
        counted (TF creates it on the first save)."""
        out = []
        for name, obj in self._objects.items():
            if name == "root":
                continue
            out.append((name, trackable.wrap(getattr(obj, "inner_optimizer", obj))))
        if int(self.save_counter) > 0 or self.__dict__.get("_restoring") or self.__dict__.get("_counter_created"):
            out.append(("save_counter", self.save_counter))
        return out

    def _maybe_create_save_counter(self):
        """TF's: `save_counter` is a dependency from now on (`tf.saved_model.save` of the Checkpoint creates it)."""
        object.__setattr__(self, "_counter_created", True)

    def _root_object(self):
        """What the checkpoint's root node is: `root` when given (with the other named objects added as its
        children, as TF does), else this Checkpoint."""
        root = self._objects.get("root")
        if root is None:
            return self
        # TF's Checkpoint keeps `root` as a child too: the root node lists itself under "root"
        return _RootWithExtras(root, [("root", root), *self._trackable_children()])

    def _check_trackable(self):
        for name, obj in self._objects.items():
            if not trackable.is_trackable(getattr(obj, "inner_optimizer", obj)):
                raise ValueError("Checkpoint can track tf.Variables, tf.Modules, Keras models, layers and "
                                 "optimizers, Checkpoints, and lists and dicts of them. "
                                 f"Received: {name}={obj!r}")

    def write(self, file_prefix, options=None):
        """Write the checkpoint files at `file_prefix` in TF's format (no counter, no state file); returns the
        prefix.

        Raises:
            ValueError: for a named object a checkpoint cannot hold.
        """
        file_prefix = os.fspath(file_prefix)
        self._check_trackable()
        index, data = tensor_bundle.serialize(object_graph.serialize(self._root_object()))
        model = self._model()
        with file_io.chief_path(tensor_bundle.data_path(file_prefix), model) as target:
            file_io.atomic_write(target, lambda tmp: _write_bytes(tmp, data))
        with file_io.chief_path(file_prefix + tensor_bundle.INDEX_SUFFIX, model) as target:
            file_io.atomic_write(target, lambda tmp: _write_bytes(tmp, index))
        return file_prefix

    def save(self, file_prefix, options=None):
        """Increment `save_counter`, write `file_prefix-<n>` and update the directory's `checkpoint` file.

        Returns:
            The checkpoint path (prefix), e.g. "ckpt/ckpt-1".
        """
        self.save_counter.assign(int(self.save_counter) + 1)
        path = self.write(f"{os.fspath(file_prefix)}-{int(self.save_counter)}")
        directory = os.path.dirname(path) or "."
        _, paths = checkpoint_state.read_state(directory)
        checkpoint_state.write_state(directory, path, [p for p in paths if p != path] + [path], self._model())
        return path

    def read(self, save_path, options=None):
        """Restore values from `save_path` (a prefix); returns a status object."""
        return self.restore(save_path)

    def restore(self, save_path, options=None):
        """Restore from `save_path` (e.g. `tf.train.latest_checkpoint(dir)`); `None` restores nothing.

        Values are matched by TF's object-graph paths; a Keras model without weights yet is restored when it
        builds (TF's deferred restoration). Every value is checked before any is assigned.

        Raises:
            ValueError: if the checkpoint files are missing, or a saved shape differs from its variable's.
        """
        return self._restore(save_path)

    def _restore(self, save_path, slots_consumed_when_created=False):
        """`restore`; `slots_consumed_when_created`: the status counts optimizer slots that do not exist yet as
        unused until they are created (tf_keras's `load_weights(prefix)`; Keras 3's Checkpoint counts them
        matched)."""
        if save_path is None:
            return CheckpointLoadStatus([], [])
        save_path = os.fspath(save_path)
        if tensor_bundle.is_bundle(save_path):
            reader = tensor_bundle.BundleReader(save_path)
            if not reader.has_tensor(object_graph.GRAPH_KEY):  # written by tf.compat.v1.train.Saver
                return name_based_restore.restore(self._root_object(), reader, skip=[self.save_counter])
            saved = object_graph.SavedGraph(reader)
            object.__setattr__(self, "_restoring", True)  # a saved save_counter is restored (TF creates it)
            try:
                root = self._root_object()
                plan = object_graph.plan_restore(root, saved, context={
                    "model": self._model(), "optional": [self.save_counter],
                    "slots_consumed_when_created": slots_consumed_when_created})
            finally:
                object.__setattr__(self, "_restoring", False)
            plan.apply()
            for node_id, obj in plan.bound.items():  # objects assigned to them later restore on assignment
                if isinstance(obj, Checkpoint):
                    object.__setattr__(obj, "_restore_source", (saved, node_id))
            return object_graph.LoadStatus(plan, root)
        index = read_index(save_path)
        arrays = _load_arrays(save_path + _DATA_SUFFIX, index["format"])
        arrays = {k: v.reshape(index["keys"][k]["shape"]) if k in index["keys"] else v for k, v in arrays.items()}
        self._check_shapes(arrays)  # everything first: a failed restore changes nothing
        used, missing = self._assign(arrays)
        return CheckpointLoadStatus(set(arrays) - used, missing)


class _RestoringList(list):
    """A list assigned to a restored Checkpoint: an item appended where the checkpoint has one is restored then
    (TF's ListWrapper)."""

    def __init__(self, items, saved, node_id):
        super().__init__(items)
        self._saved, self._node_id = saved, node_id

    def append(self, item):
        super().append(item)
        if self._node_id is None:
            return
        child = object_graph.NodeView(self._saved, self._node_id).child(str(len(self) - 1))
        if child is not None and trackable.is_trackable(item):
            object_graph.restore_into(trackable.wrap(item), self._saved, child.node_id)


class _RootWithExtras:
    """The root node of `Checkpoint(root=obj, **others)`: `obj`'s children plus the other named objects."""

    def __init__(self, root, extras):
        self.root, self.extras = root, extras
        self.checkpoint_alias = root  # the object graph gives `root` this node's id (its "root" child is node 0)

    def _trackable_children(self):
        return trackable.children(self.root) + list(self.extras)

    def _restore_from_checkpoint(self, node, plan):
        """The root object's own restore hook (a model keeps what it cannot restore yet, e.g. its optimizer)."""
        hook = getattr(type(self.root), trackable.RESTORE_HOOK, None)
        return hook(self.root, node, plan) if callable(hook) else False


def _write_bytes(path, data):
    with open(path, "wb") as f:
        f.write(data)
