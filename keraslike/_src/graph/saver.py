"""`tf.compat.v1.train.Saver`: save and restore a session's graph variables by name.

Mirrors `tensorflow/python/training/saver.py`: checkpoint keys are the variables' op names
("model/hidden/weights"), `save(sess, "dir/model.ckpt", global_step=100)` writes the prefix
"dir/model.ckpt-100" and updates "dir/checkpoint" (so `tf.train.latest_checkpoint` finds it), keeping
the newest `max_to_keep`. The files are TF's name-based tensor bundle (`P.index` + `P.data-00000-of-00001`,
`train/tensor_bundle.py`), as TF's V2 Saver writes them, read by `tf.train.load_checkpoint` / `list_variables`
and by real TF; files in keraslike's earlier layout (a JSON index, values in safetensors) are still restored.
`save` (in graph mode) and `export_meta_graph` write keraslike's own `.meta` format, which `import_meta_graph`
rebuilds (`meta_graph.py`); TF cannot read it.
"""

import os
import warnings

import numpy as np

from keraslike._src import errors
from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph import meta_graph
from keraslike._src.graph.graph import GraphKeys
from keraslike._src.graph.variables import GraphVariable
from keraslike._src.keras.saving import file_io
from keraslike._src.ops.variables import Variable
from keraslike._src.train import checkpoint_state, checkpoint_utils, tensor_bundle

_DATA_SUFFIX = ".data-00000-of-00001"


def _key(variable):
    """A variable's checkpoint key: its graph op name, or an eager variable's name without ":0"."""
    if isinstance(variable, GraphVariable):
        return variable.op.name
    name = variable.name
    return name[:-2] if name.endswith(":0") else name


def _by_name(var_list):
    if var_list is None:
        if graph_lib.default_graph() is None:
            raise RuntimeError("When eager execution is enabled, `var_list` must specify a list or dict of "
                               "variables to save. Received: var_list=None")
        graph = graph_lib.get_default_graph()
        var_list = graph.get_collection(GraphKeys.GLOBAL_VARIABLES) + graph.get_collection(GraphKeys.SAVEABLE_OBJECTS)
    if isinstance(var_list, dict):
        items = dict(var_list)
    else:
        items = {}
        for v in var_list:
            if not isinstance(v, (GraphVariable, Variable)):
                raise TypeError(f"Saver's var_list holds variables (graph variables, or tf.Variables in eager "
                                f"mode). Received: {v!r}")
            if _key(v) in items:
                raise ValueError(f"At least two variables have the same name: {_key(v)}")
            items[_key(v)] = v
    if not items:
        raise ValueError("No variables to save")
    return items


def _write_bytes(path, data):
    with open(path, "wb") as f:
        f.write(data)


class Saver:
    """`tf.compat.v1.train.Saver(var_list=None, max_to_keep=5, ...)`.

    Args:
        var_list: list of variables, or `{checkpoint key: variable}`; default: all global variables.
        max_to_keep: newest checkpoints kept (None or 0: keep all).
        keep_checkpoint_every_n_hours, reshape, sharded, restore_sequentially, allow_empty, builder,
        defer_build, save_relative_paths, filename, pad_step_number, write_version: TF's save-graph
        options; only their defaults are supported.

    Raises:
        ValueError: for a non-default value of the options above, or no variables.
    """

    def __init__(self, var_list=None, reshape=False, sharded=False, max_to_keep=5,
                 keep_checkpoint_every_n_hours=10000.0, name=None, restore_sequentially=False, saver_def=None,
                 builder=None, defer_build=False, allow_empty=False, write_version=2, pad_step_number=False,
                 save_relative_paths=False, filename=None):
        options = {"reshape": (reshape, False), "sharded": (sharded, False), "saver_def": (saver_def, None),
                   "builder": (builder, None), "defer_build": (defer_build, False),
                   "pad_step_number": (pad_step_number, False), "filename": (filename, None),
                   "keep_checkpoint_every_n_hours": (keep_checkpoint_every_n_hours, 10000.0)}
        changed = {k: v for k, (v, default) in options.items() if v != default}
        if changed:
            raise ValueError(f"keraslike's Saver supports only the default values of {sorted(changed)}. "
                             f"Received: {', '.join(f'{k}={v!r}' for k, v in changed.items())}")
        self._allow_empty = allow_empty
        try:
            self._vars = _by_name(var_list)
        except ValueError:
            if not allow_empty:
                raise
            self._vars = {}
        self._max_to_keep = max_to_keep
        self._last = []
        self._meta_files = {}  # checkpoint prefix -> the .meta file save wrote beside it (removed with it)
        self._meta_graph_warned = False
        self._meta_graph_cache = {}  # the graph's op entries while it has no new op (saves every N steps)

    def save(self, sess, save_path, global_step=None, latest_filename=None, meta_graph_suffix="meta",
             write_meta_graph=True, write_state=True, strip_default_attrs=False, save_debug_info=False):
        """Write the variables' values in `sess` to `save_path[-global_step]`; returns that prefix."""
        if latest_filename not in (None, "checkpoint"):
            raise ValueError("keraslike keeps checkpoint state in the file 'checkpoint'. "
                             f"Received: latest_filename={latest_filename!r}")
        if global_step is not None:
            step = global_step if isinstance(global_step, (int, np.integer)) else int(sess.run(global_step))
            save_path = f"{os.fspath(save_path)}-{step}"
        save_path = os.fspath(save_path)
        arrays = self._values(sess)

        index, data = tensor_bundle.serialize(arrays)
        file_io.atomic_write(save_path + _DATA_SUFFIX, lambda tmp: _write_bytes(tmp, data))
        file_io.atomic_write(save_path + ".index", lambda tmp: _write_bytes(tmp, index))
        if write_meta_graph:
            self._write_meta_graph(save_path, f"{save_path}.{meta_graph_suffix}")
        if write_state:
            self._record(save_path)
        return save_path

    def _write_meta_graph(self, save_path, path):
        """`save`'s `.meta` file next to the checkpoint, as TF writes it in graph mode (none in eager mode); a
        graph the format cannot hold gets a warning (once per Saver) instead of a file."""
        graphs = {id(v.graph): v.graph for v in self._vars.values() if isinstance(v, GraphVariable)}
        graph = next(iter(graphs.values())) if len(graphs) == 1 else graph_lib.default_graph()
        if graph is None:
            return
        try:
            meta_graph.export(graph, path, saver_variables=self._vars, max_to_keep=self._max_to_keep,
                              cache=self._meta_graph_cache)
        except meta_graph.MetaGraphExportError as error:
            if not self._meta_graph_warned:
                self._meta_graph_warned = True
                warnings.warn(f"Saver.save wrote the checkpoint {save_path} but no meta graph file {path}: {error}",
                              stacklevel=3)
            return
        self._meta_files[os.path.abspath(save_path)] = path

    def _values(self, sess):
        """{key: numpy value}: graph variables read in `sess`, eager variables directly (TF: `sess=None` in eager)."""
        graph_vars = {k: v for k, v in self._vars.items() if isinstance(v, GraphVariable)}
        if graph_vars and sess is None:
            raise ValueError("The Saver holds graph variables, so save/restore needs the Session that holds their "
                             "values. Received: sess=None")
        arrays = sess.run(graph_vars) if graph_vars else {}
        arrays.update({k: v.numpy() for k, v in self._vars.items() if k not in graph_vars})
        return {k: np.array(arrays[k]) for k in self._vars}

    def _record(self, save_path):
        directory = os.path.dirname(os.path.abspath(save_path))
        _, previous = checkpoint_state.read_state(directory)
        if not self._last:
            self._last = [p for p in previous if os.path.exists(p + ".index")]
        self._last = [p for p in self._last if os.path.abspath(p) != os.path.abspath(save_path)] + [save_path]
        if self._max_to_keep and len(self._last) > self._max_to_keep:
            for old in self._last[:-self._max_to_keep]:
                for file in (old + ".index", old + _DATA_SUFFIX, self._meta_files.pop(os.path.abspath(old), None)):
                    if file is not None and os.path.exists(file):
                        os.remove(file)
            self._last = self._last[-self._max_to_keep:]
        checkpoint_state.write_state(directory, save_path, self._last)

    def restore(self, sess, save_path):
        """Assign every saved variable its value from the checkpoint `save_path` in `sess`.

        Raises:
            ValueError: if `save_path` is None or has no checkpoint.
            tf.errors.NotFoundError: if a variable's key is missing from the checkpoint.
        """
        if save_path is None:
            raise ValueError("Can't load save_path when it is None.")
        reader = checkpoint_utils.load_checkpoint(save_path)
        for key, var in self._vars.items():
            if not reader.has_tensor(key):
                raise errors.NotFoundError(None, None, f"Key {key} not found in checkpoint")
            if isinstance(var, GraphVariable):
                if sess is None:
                    raise ValueError("The Saver holds graph variables, so restore needs the Session that holds "
                                     "their values. Received: sess=None")
                sess._set_variable(var, reader.get_tensor(key))
            else:
                var.assign(reader.get_tensor(key))

    def export_meta_graph(self, filename=None, collection_list=None, as_text=False, export_scope=None,
                          clear_devices=False, clear_extraneous_savers=False, strip_default_attrs=False,
                          save_debug_info=False):
        """`Saver.export_meta_graph`: the default graph, its collections and this Saver's variables as a
        `MetaGraphDef`, written to `filename` when given (keraslike's `.meta` format, `meta_graph.py`).

        `clear_extraneous_savers` and `strip_default_attrs` change nothing keraslike writes (it records no
        Save/Restore ops and no op attributes).

        Raises:
            RuntimeError: in eager mode (no graph exists, as TF).
            NotImplementedError: `save_debug_info=True`, `export_scope`, or an op the format cannot hold.
        """
        return export_meta_graph(filename=filename, collection_list=collection_list, as_text=as_text,
                                 export_scope=export_scope, clear_devices=clear_devices,
                                 save_debug_info=save_debug_info, _saver=self)

    @property
    def last_checkpoints(self):
        return list(self._last)

    def set_last_checkpoints_with_time(self, last_checkpoints_with_time):
        self._last = [p for p, _ in last_checkpoints_with_time]


def export_meta_graph(filename=None, meta_info_def=None, graph_def=None, saver_def=None, collection_list=None,
                      as_text=False, graph=None, export_scope=None, clear_devices=False, clear_extraneous_savers=False,
                      strip_default_attrs=False, save_debug_info=False, _saver=None, **kwargs):
    """`tf.compat.v1.train.export_meta_graph`: `graph` (default: the default graph) as a `MetaGraphDef`, written
    to `filename` when given. keraslike writes its own format, a JSON recording of the graph's ops that
    `import_meta_graph` rebuilds (TF cannot read it; `meta_graph.py` says what it holds).

    Raises:
        RuntimeError: in eager mode without a `graph` (as TF).
        NotImplementedError: `meta_info_def`, `graph_def`, `saver_def` (protos keraslike does not build),
            `save_debug_info=True`, `export_scope`, or an op the format cannot hold.
        TypeError: unknown keyword arguments.
    """
    if kwargs:
        raise TypeError(f"export_meta_graph got unexpected keyword arguments. Received: {sorted(kwargs)}")
    for name, value in (("meta_info_def", meta_info_def), ("graph_def", graph_def), ("saver_def", saver_def)):
        if value is not None:
            raise NotImplementedError(f"export_meta_graph({name}=...) is not supported: keraslike writes the graph's "
                                      f"own recording. Received: {name}={value!r:.80}")
    if save_debug_info:
        raise NotImplementedError("export_meta_graph(save_debug_info=True) is not supported: keraslike records no "
                                  "GraphDebugInfo. Received: save_debug_info=True")
    if graph is None:
        graph = graph_lib.default_graph()
        if graph is None:
            raise RuntimeError("Exporting/importing meta graphs is not supported when eager execution is enabled. "
                               "No graph exists when eager execution is enabled.")
    del clear_extraneous_savers, strip_default_attrs  # nothing of theirs is written (see Saver.export_meta_graph)
    return meta_graph.export(graph, filename, saver_variables=None if _saver is None else _saver._vars,
                             max_to_keep=None if _saver is None else _saver._max_to_keep,
                             collection_list=collection_list, as_text=as_text, export_scope=export_scope,
                             clear_devices=clear_devices)


def import_meta_graph(meta_graph_or_file, clear_devices=False, import_scope=None, **kwargs):
    """`tf.compat.v1.train.import_meta_graph`: rebuild a `.meta` file written by keraslike's `export_meta_graph`
    (or the `MetaGraphDef` it returned) in the default graph, ops under their names (prefixed by
    `import_scope`), with the collections; returns a Saver over the exported Saver's variables (all the
    graph's variables when none was exported; None when there are none).

    Raises:
        RuntimeError: in eager mode (as TF).
        ValueError: a TensorFlow-written MetaGraphDef (naming its op types) or a damaged file.
        TypeError: keyword arguments of TF's importer (`input_map`, `return_elements`, ...).
    """
    if kwargs:
        raise TypeError("keraslike's import_meta_graph supports meta_graph_or_file, clear_devices and import_scope. "
                        f"Received: {sorted(kwargs)}")
    graph = graph_lib.default_graph()
    if graph is None:
        raise RuntimeError("Exporting/importing meta graphs is not supported when eager execution is enabled. No "
                           "graph exists when eager execution is enabled.")
    if isinstance(meta_graph_or_file, meta_graph.MetaGraphDef):
        document = meta_graph_or_file._document
    else:
        document = meta_graph.read(meta_graph_or_file)
    variables = meta_graph.import_document(document, graph, import_scope, clear_devices)
    saver = document.get("saver")
    if saver is not None and saver["variables"]:
        return Saver({key: variables[name] for key, name in saver["variables"].items()},
                     max_to_keep=saver["max_to_keep"])
    if graph.get_collection(GraphKeys.GLOBAL_VARIABLES, import_scope) + \
            graph.get_collection(GraphKeys.SAVEABLE_OBJECTS, import_scope):
        return Saver()
    return None
