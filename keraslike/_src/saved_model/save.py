"""`tf.saved_model.save(obj, export_dir, signatures=None, options=None)`: keraslike's SavedModel directory.

Mirrors the user contract of `tensorflow/python/saved_model/save.py`. A TF SavedModel holds TensorFlow graphs
(`saved_model.pb`), which torch cannot run; keraslike's holds torch.export programs instead:

    export_dir/
      keraslike_saved_model.json      format marker and version, tags, the object tree (object_graph.py),
                                      the signatures, and for each saved function its attribute path,
                                      input specs, output names/specs and program file (programs.py)
      variables/variables.index       the tensors of the tree as a TF checkpoint (tensor bundle + object
      variables/variables.data-...    graph, `train/`): TF's keys for what TF's object graph reaches,
                                      `_KERASLIKE_TENSORS/<key>` for the rest; real TF reads it
      keraslike_programs/*.pt2        one `torch.export.save` program per function (programs.py)
      assets/                         copies of the `tf.saved_model.Asset` files of the tree

What is kept: tf.Modules (class import path and attributes), tf.train.Checkpoints (their objects), tf.Variables
(values, names, trainable), tf.lookup tables (entries), tensors, Keras layers/models (Keras 3 config + weights),
JSON values and lists/tuples/dicts of these; every tf.function with an input signature of the modules and every
signature, as programs over the tree's tensors. Loading rebuilds a module as its class where the class is
importable (its Python methods run), else as a `_UserObject` whose functions run the programs. The directory is
written next to `export_dir` and moved into place (atomic for readers); under several replicas only the chief
writes and every replica returns once it is there.
"""

import functools
import json
import os
import shutil
import tempfile
import warnings

from keraslike._src.keras.keras_version import legacy_keras
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.trainers.compile_utils import output_names_of
from keraslike._src.keras.saving import file_io
from keraslike._src.module.module import Module
from keraslike._src.ops.tensor_spec import TensorSpec
from keraslike._src.saved_model import constants, programs, ragged_programs, signatures
from keraslike._src.saved_model.object_graph import TreeWriter
from keraslike._src.train import object_graph as checkpoint_graph
from keraslike._src.train.checkpoint import Checkpoint
from keraslike._src.train import tensor_bundle


_VARIABLE_POLICIES = ("save_variable_devices", "expand_distributed_variables")


class SaveOptions:
    """`tf.saved_model.SaveOptions`: TF's options for writing a SavedModel.

    The constructor checks values as TF's does. What each option does here:

    - `namespace_whitelist`: TF refuses to save ops of a namespace not listed; keraslike's programs hold no
      namespaced TF ops, so every list passes that check (as a model without custom ops passes it in TF).
    - `extra_tags`: saved with `serve`; `tf.saved_model.load(dir, tags=...)` accepts them.
    - `experimental_io_device`: this host (`/job:localhost`) is where keraslike does all I/O; another raises.
    - `experimental_skip_saver`: keraslike never writes TF1 saver ops, which is what True asks for.
    - `experimental_custom_gradients=False`: accepted, no effect (README "Accepted, no effect").
    - `function_aliases` (non-empty), `save_debug_info`, `experimental_debug_stripper`,
      `experimental_variable_policy`, `experimental_sharding_callback`: act on TF graphs or checkpoint sharding
      keraslike does not write; a non-default value raises in `tf.saved_model.save`, naming it.
    - `experimental_image_format=True` raises at construction, as TF 2.21's open-source build does.

    Raises:
        TypeError: an unknown keyword, or a `namespace_whitelist` that is not a list (as TF).
        ValueError: a non-string namespace, an invalid variable policy, `experimental_image_format=True`.
    """

    _DEFAULTS = {"namespace_whitelist": None, "save_debug_info": False, "function_aliases": {},
                 "experimental_debug_stripper": False, "experimental_io_device": None,
                 "experimental_variable_policy": None, "experimental_custom_gradients": True,
                 "experimental_image_format": False, "experimental_skip_saver": False,
                 "experimental_sharding_callback": None, "extra_tags": None}
    _UNSUPPORTED = ("function_aliases", "save_debug_info", "experimental_debug_stripper",
                    "experimental_io_device", "experimental_variable_policy", "experimental_sharding_callback")

    def __init__(self, **kwargs):
        unknown = set(kwargs) - set(self._DEFAULTS)
        if unknown:
            raise TypeError(f"SaveOptions() got unexpected keyword arguments {sorted(unknown)}. Received: {kwargs}")
        for name, default in self._DEFAULTS.items():
            setattr(self, name, kwargs.get(name, default))
        self.namespace_whitelist = _namespace_whitelist(self.namespace_whitelist)
        self.function_aliases = dict(self.function_aliases) if self.function_aliases else {}
        self.experimental_variable_policy = _variable_policy(self.experimental_variable_policy)
        if self.experimental_image_format:
            raise ValueError("The option `experimental_image_format` is disabled in OSS (TF 2.21 as keraslike). "
                             f"Received: experimental_image_format={self.experimental_image_format!r}")

    def non_defaults(self):
        """The options changed from their defaults, except an `experimental_io_device` naming this host
        (`/job:localhost`): keraslike does all I/O in the calling process, which is what that asks for."""
        return {k: getattr(self, k) for k, d in self._DEFAULTS.items() if getattr(self, k) != d
                and not (k == "experimental_io_device" and constants.is_local_io_device(getattr(self, k)))}

    def unsupported(self, extra_tags=True):
        """The changed options keraslike cannot carry out (`extra_tags` too where the writer keeps no tags)."""
        names = self._UNSUPPORTED + (() if extra_tags else ("extra_tags",))
        return {k: v for k, v in self.non_defaults().items() if k in names}


def _namespace_whitelist(value):
    if value is None:
        return None
    if not isinstance(value, list):
        raise TypeError(f"`namespace_whitelist` must be a list of strings. Received: namespace_whitelist={value!r}")
    for namespace in value:
        if not isinstance(namespace, str):
            raise ValueError(f"Whitelisted namespace must be a string. Received: namespace_whitelist={value!r}")
    return list(value)


def _variable_policy(value):
    if value is None or getattr(value, "value", 0) is None:  # None or TF's VariablePolicy.NONE
        return None
    key = str(getattr(value, "value", value)).lower()
    if key not in _VARIABLE_POLICIES:
        raise ValueError(f"Received invalid VariablePolicy value: {value}. Expected None or one of "
                         f"{list(_VARIABLE_POLICIES)}. Received: experimental_variable_policy={value!r}")
    return key


def saved_tags(options):
    """The tags a SavedModel is written with: `serve` and `options.extra_tags`."""
    extra = [] if options is None or not options.extra_tags else options.extra_tags
    extra = [extra] if isinstance(extra, str) else list(extra)
    return [constants.SERVING] + [t for t in extra if t != constants.SERVING]


def _keras_signature(model):
    spec = model.save_spec() if hasattr(model, "save_spec") else None
    if spec is None:
        raise ValueError("Cannot export a Keras model that has no inputs yet: call it on data (or build it) first, "
                         f"or give keras.Input layers. Received: model={model.name!r}")
    structure = spec[0][0]
    if isinstance(structure, dict):
        kind, specs = "dict", [structure[k] for k in sorted(structure)]
        names = sorted(structure)
    elif isinstance(structure, (list, tuple)):
        kind, specs = "list", list(structure)
        names = [getattr(s, "name", None) or f"input_{i}" for i, s in enumerate(specs)]
    else:
        kind, specs, names = "single", [structure], ["inputs"]  # TF names a Keras model's one input `inputs`
    entry = {"method": "__keras_call__", "structure": kind,
             "inputs": [signatures.spec_json(s, n) for s, n in zip(specs, names)]}
    return add_keras_outputs(model, entry)


def add_keras_outputs(model, entry):
    """Adds the output specs of a model with known outputs (functional/Sequential): named `output_0`, ... as
    Keras 3 saves them; under TF_USE_LEGACY_KERAS=1 by the model's `output_names` (the output layers' names,
    `predictions`), as tf.keras 2 keys its serving signature."""
    outputs = getattr(model, "outputs", None)
    if outputs and all(hasattr(t, "shape") and hasattr(t, "dtype") for t in outputs):
        names = [f"output_{i}" for i in range(len(outputs))]
        keras2_names = list(output_names_of(model) or [])
        if legacy_keras() and len(keras2_names) == len(outputs) and len(set(keras2_names)) == len(outputs):
            names = keras2_names
        entry["outputs"] = [signatures.spec_json(TensorSpec(tuple(t.shape), t.dtype), name)
                            for t, name in zip(outputs, names)]
    return entry


def describe_signatures(obj, given, unbuilt_ok=False):
    """The JSON signature entries for `obj` (Keras models: `serving_default` calls the model). With `unbuilt_ok`,
    a Keras model never called (no input spec) has none, as `tf.saved_model.save` writes it in TF; else raises."""
    if isinstance(obj, Layer) and given is None:
        if unbuilt_ok and (obj.save_spec() if hasattr(obj, "save_spec") else None) is None:
            return {}
        return {constants.DEFAULT_SERVING_SIGNATURE_DEF_KEY: _keras_signature(obj)}
    return signatures.describe(obj, given)


def write_saved_model(obj, export_dir, entries, extra=None, default_signature=False):
    """Writes `obj`'s tree and the signature `entries` to `export_dir` (chief only, moved into place).

    Raises:
        ValueError: `obj` is neither a tf.Module nor a Keras layer.
    """
    if not isinstance(obj, (Module, Layer, Checkpoint)):
        raise ValueError(f"Expected a tf.Module, a Keras model/layer or a tf.train.Checkpoint to save. "
                         f"Received: obj={obj!r:.100}")
    export_dir = os.fspath(export_dir)
    tree = TreeWriter()
    tree.add(obj, "obj")
    if tree.dropped_functions:
        warnings.warn(
            f"tf.saved_model.save: the tf.function(s) held as attributes {tree.dropped_functions} are not saved "
            "(TF saves them): keraslike saves a tf.Module's decorated methods (`@tf.function def f(self, ...)` in "
            "its class) and `signatures=`; define them as methods. Received: obj of type "
            f"{type(obj).__name__}", stacklevel=3)
    for layer in ([obj] if isinstance(obj, Layer) else []) + tree.layers:
        for tensor in list(layer.parameters()) + list(layer.buffers()):
            tree.add_state(tensor)
    captured = _capture_functions(obj, tree, entries)
    if default_signature and not isinstance(obj, Layer):
        # TF's automatic serving_default is a function that returns tensors: a root's only input-signature
        # method returning nothing (guide/saved_model's `mutate`, an assign) gives no signature
        entries = {key: entry for key, entry in entries.items()
                   if not ("function" in entry and captured[entry["function"]][0].get("outputs") == [])}
    if default_signature and not entries and not isinstance(obj, Layer):
        entries = signatures.default_signature(obj, [r for r, _ in captured])
    checkpoint, keys = checkpoint_graph.serialize_with_keys(obj)
    tensor_keys = {}
    for key, value in tree.tensors.items():
        tensor_keys[key] = keys.get(id(tree.sources[key]))
        if tensor_keys[key] is None:  # a tensor TF's object graph does not reach (a torch buffer)
            tensor_keys[key] = f"_KERASLIKE_TENSORS/{key}"
            checkpoint[tensor_keys[key]] = value
    document = {"format": constants.KERASLIKE_FORMAT, "version": constants.KERASLIKE_FORMAT_VERSION,
                "tags": [constants.SERVING], "root": 0, "nodes": tree.nodes, "dropped": tree.dropped,
                "signatures": entries, "tensors": tensor_keys, "functions": [r for r, _ in captured],
                **(extra or {})}
    # Non-chief replicas write to a temporary path that is removed (TF's multi-worker rule); every replica
    # returns once the chief's directory is in place.
    with file_io.chief_path(export_dir, obj if isinstance(obj, Layer) else None) as target:
        _write_directory(target, document, checkpoint, tree.assets, captured)


def _keras_function(model, entry):
    kind, names = entry.get("structure", "single"), [s["name"] for s in entry["inputs"]]

    def call(*values):
        inputs = values[0] if kind == "single" else list(values) if kind == "list" else dict(zip(names, values))
        return model(inputs, training=False)

    return call


def _capture_functions(obj, tree, entries):
    """`[(record, program or None)]`: every tf.function with an input signature of the tree's modules, and every
    signature, captured by torch.export over the tree's tensors; signature entries get their record's index.

    Raises:
        programs.ExportError: a computation torch.export cannot capture.
    """
    wanted = []  # (path, method name, specs, callable, label, traced, tf.function that traces the output specs)
    for path, module in tree.functions:
        for name, function in signatures.method_functions(module).items():
            specs = signatures.named_specs(function, module, name)
            wanted.append((path, name, specs, functools.partial(function.python_function, module),
                           f"{type(module).__name__}.{name} ({path})", False, getattr(module, name)))
        for name, function in signatures.method_functions_any(module).items():
            if function.input_signature is None:  # as TF, the calls traced so far (tensor arguments only)
                for specs in signatures.traced_specs(module, name):
                    wanted.append((path, name, specs, functools.partial(function.python_function, module),
                                   f"{type(module).__name__}.{name} ({path})", True, getattr(module, name)))
    for key, entry in entries.items():
        specs = [signatures.spec_from_json(s) for s in entry["inputs"]]
        if "_callable" in entry:  # a tf.function that is not a method of obj
            wanted.append(("obj", entry["method"], specs, entry.pop("_callable"), f"signature {key!r}", False,
                           entry.pop("_function")))
        elif entry["method"] == "__keras_call__":
            call = _keras_function(obj, entry)
            wanted.append(("obj", entry["method"], specs, call, f"signature {key!r} of {obj.name!r}", False, None))
        else:
            python = getattr(type(obj), entry["method"]).python_function
            wanted.append(("obj", entry["method"], specs, functools.partial(python, obj),
                           f"signature {key!r} ({type(obj).__name__}.{entry['method']})", False,
                           getattr(obj, entry["method"])))
    state = [(key, tensor) for key, tensor in tree.sources.items()]
    captured, index = [], {}
    for path, name, specs, call, label, traced, function in wanted:
        inputs = [signatures.spec_json(s, s.name) for s in specs]
        ident = json.dumps([path, name, inputs])
        if ident not in index:
            record = {"path": path, "method": name, "inputs": inputs, "state": [k for k, _ in state]}
            reason, program = programs.unexportable_reason(specs), None
            if reason is None:
                try:
                    program = programs.export(call, specs, state, label)
                except programs.ExportError as err:
                    if not traced and not any(ragged_programs.is_ragged(s) for s in specs):
                        raise
                    # a call trace TF would have saved: the save goes on; calling it where the class is not
                    # importable raises with the reason
                    program, reason = None, str(err)
            if program is not None:
                kind, outputs = programs.output_specs(program)
                record["output_kind"] = kind
                if getattr(program, "keraslike_output_layout", None) is not None:
                    record["output_layout"] = program.keraslike_output_layout
                record["program_shapes"] = programs.program_shapes(program)
                record["outputs"] = [signatures.spec_json(TensorSpec(shape, dtype), n) for n, shape, dtype in outputs]
            else:
                record["reason"] = reason
                # no program (an input of unknown rank or strings): the output specs of TF's trace, from keraslike's
                outputs = signatures.traced_outputs(function, specs)
                if outputs is not None:
                    record["outputs"] = [signatures.spec_json(spec, n) for n, spec in outputs]
                if programs.rank_specs(specs, 0) is not None and not traced:  # unknown rank: a program per rank
                    program = programs.export_ranks(call, specs, state, label) or None
                    if program:
                        record["rank_programs"] = [
                            {"rank": rank, "inputs": [signatures.spec_json(s, s.name)
                                                      for s in programs.rank_specs(specs, rank)],
                             "program_shapes": programs.program_shapes(p)} for rank, p in program.items()]
            index[ident] = len(captured)
            captured.append((record, program))
        for entry in entries.values():
            entry_ident = json.dumps(["obj", entry["method"], entry["inputs"]])
            if entry_ident == ident:
                entry["function"] = index[ident]
                if "outputs" in captured[index[ident]][0]:  # the program knows them: structured_outputs
                    entry.setdefault("outputs", captured[index[ident]][0]["outputs"])
    return captured


def _write_directory(export_dir, document, checkpoint, assets, captured):
    parent = os.path.dirname(os.path.abspath(export_dir))
    os.makedirs(parent, exist_ok=True)
    staging = tempfile.mkdtemp(prefix=f".{os.path.basename(export_dir)}.saving.", dir=parent)
    try:
        os.makedirs(os.path.join(staging, constants.VARIABLES_DIRECTORY))
        os.makedirs(os.path.join(staging, constants.ASSETS_DIRECTORY))
        for name, source in assets.items():
            shutil.copyfile(source, os.path.join(staging, constants.ASSETS_DIRECTORY, name))
        tensor_bundle.write(os.path.join(staging, constants.VARIABLES_DIRECTORY, constants.VARIABLES_FILENAME),
                            checkpoint)
        for i, (record, program) in enumerate(captured):
            if isinstance(program, dict):  # one program per rank of its inputs of unknown rank
                for entry in record["rank_programs"]:
                    entry["program"] = programs.save_program(program[entry["rank"]], staging,
                                                             f"function_{i}_rank{entry['rank']}")
            elif program is not None:
                record["program"] = programs.save_program(program, staging, f"function_{i}")
        with open(os.path.join(staging, constants.KERASLIKE_FILENAME), "w", encoding="utf-8") as f:
            json.dump(document, f)
        os.chmod(staging, 0o777 & ~_umask())
        old = None
        if os.path.exists(export_dir):
            old = tempfile.mkdtemp(prefix=f".{os.path.basename(export_dir)}.old.", dir=parent)
            os.replace(export_dir, os.path.join(old, "dir"))
        os.replace(staging, export_dir)
        if old:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask


def save(obj, export_dir, signatures=None, options=None):  # noqa: A001 - TF's argument name
    """`tf.saved_model.save(obj, export_dir, signatures=None, options=None)`.

    Args:
        obj: a `tf.Module` (its tf.function methods with `input_signature` become signatures), a Keras
            model (its `serving_default` signature calls the model on its inputs, training=False), or a
            `tf.train.Checkpoint` (its objects and `save_counter`; it loads as a `_UserObject` holding them).
        export_dir: the directory to write (replaced if it exists).
        signatures: None, a `tf.function` (a method of `obj` or not) with an input signature or a concrete
            function of one, or a dict signature key -> such functions. With None, a Keras model's call is
            `serving_default` (input `inputs`, outputs `output_0`...); for a module, as TF, its one
            tf.function method with an input signature that returns tensors (none when several do).
        options: a `tf.saved_model.SaveOptions`; see that class for what each option does here.

    Every tf.function with an input signature of the saved modules, and every signature, is stored as a
    torch.export program (see programs.py), so the object loads and runs where its class is not defined.

    Raises:
        ValueError: `obj` is not a Module/Keras model/Checkpoint, a signature that is not a tf.function, a
            SaveOptions field keraslike cannot carry out (see `SaveOptions`), or a function torch.export cannot
            capture (naming the line).
    """
    check_options(options)
    write_saved_model(obj, export_dir, describe_signatures(obj, signatures, unbuilt_ok=True),
                      extra={"tags": saved_tags(options)}, default_signature=signatures is None)


def check_options(options, extra_tags=True):
    """Raises for a `SaveOptions` field keraslike's SavedModel cannot carry out (see `SaveOptions`).

    Raises:
        ValueError: naming the field.
    """
    if options is None:
        return
    changed = options.unsupported(extra_tags)
    if changed:
        name = next(iter(changed))
        raise ValueError(f"SaveOptions.{name} configures TF graph saving, which keraslike's SavedModel has not "
                         f"(it stores variables, the object tree and torch.export programs). "
                         f"Received: {name}={changed[name]!r}")
