"""`tf.saved_model.load(export_dir, tags=None, options=None)` and `tf.saved_model.contains_saved_model`.

Reads keraslike's SavedModel directory (see save.py): the JSON document is size-bounded, the tensors come
from its TF checkpoint (or, for directories written before, safetensors), the programs are loaded
weights-only; nothing is unpickled. The loaded object is the saved object rebuilt: a tf.Module of its class
with its variables and attributes, or the Keras model, where the class is importable; else TF's `_UserObject`
whose functions run the saved torch.export programs on its variables. It gets `.signatures` (signature
functions taking keyword arguments and returning dicts) and, for Keras models, `.serve(x)`. A real TF
SavedModel (`saved_model.pb`) loads as its objects and variables, its graphs raising when called
(tf_saved_model.py).
"""

import os

import numpy as np
import torch

from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.saving import bounded_read, saving_lib
from keraslike._src.saved_model import constants, programs, signatures, tf_saved_model
from keraslike._src.saved_model.object_graph import TreeReader, is_user_object, resolve_path
from keraslike._src.train import tensor_bundle
from keraslike._src.saved_model.save import describe_signatures


class LoadOptions:
    """`tf.saved_model.LoadOptions`: TF's loading options.

    What each option does here: `experimental_load_function_aliases=True` gives the loaded root a
    `function_aliases` dict, as TF (empty: keraslike's `tf.saved_model.save` stores no aliases; a root that already
    has that attribute raises ValueError, as TF); `allow_partial_checkpoint=True` is accepted with no effect
    (keraslike's SavedModel always holds a value for every variable of its tree, so nothing is partial); an
    `experimental_io_device` naming this host is where keraslike reads anyway. `experimental_skip_checkpoint`, a
    variable policy and another I/O device raise in `load`, naming the option.
    """
    _ACCEPTED = ("allow_partial_checkpoint", "experimental_load_function_aliases")

    _DEFAULTS = {"allow_partial_checkpoint": False, "experimental_io_device": None,
                 "experimental_skip_checkpoint": False, "experimental_variable_policy": None,
                 "experimental_load_function_aliases": False}

    def __init__(self, **kwargs):
        unknown = set(kwargs) - set(self._DEFAULTS)
        if unknown:
            raise TypeError(f"LoadOptions() got unexpected keyword arguments {sorted(unknown)}. Received: {kwargs}")
        for name, default in self._DEFAULTS.items():
            setattr(self, name, kwargs.get(name, default))

    def non_defaults(self):
        """The options changed from their defaults, except an `experimental_io_device` naming this host
        (`/job:localhost`): keraslike does all I/O in the calling process, which is what that asks for."""
        return {k: getattr(self, k) for k, d in self._DEFAULTS.items() if getattr(self, k) != d
                and not (k == "experimental_io_device" and constants.is_local_io_device(getattr(self, k)))}

    def unsupported(self):
        """The changed options keraslike's loader cannot carry out (see the class docstring)."""
        return {k: v for k, v in self.non_defaults().items() if k not in self._ACCEPTED}


def contains_saved_model(export_dir):
    """`tf.saved_model.contains_saved_model(export_dir)`: a keraslike or TF SavedModel is in the directory."""
    export_dir = os.fspath(export_dir)
    return os.path.isdir(export_dir) and any(
        os.path.isfile(os.path.join(export_dir, name)) for name in (
            constants.KERASLIKE_FILENAME, constants.SAVED_MODEL_FILENAME_PB, constants.SAVED_MODEL_FILENAME_PBTXT,
            saving_lib.SAVEDMODEL_DIR_FILE))


def read_document(export_dir):
    """The JSON document of a keraslike SavedModel directory.

    Raises:
        ValueError: no directory, a TensorFlow SavedModel (`saved_model.pb`), or a damaged document.
    """
    export_dir = os.fspath(export_dir)
    path = os.path.join(export_dir, constants.KERASLIKE_FILENAME)
    if not os.path.isfile(path):
        for tf_file in (constants.SAVED_MODEL_FILENAME_PB, constants.SAVED_MODEL_FILENAME_PBTXT):
            if os.path.isfile(os.path.join(export_dir, tf_file)):
                raise ValueError(
                    f"{export_dir} is a TensorFlow SavedModel ({tf_file}: TensorFlow graphs), whose functions "
                    "keraslike cannot run: it runs on PyTorch, and runs the SavedModels keraslike writes "
                    "(keraslike_saved_model.json + torch.export programs, by its tf.saved_model.save / model.export). "
                    "tf.saved_model.load reads its objects and variables (a TF checkpoint: "
                    f"tf.train.load_checkpoint({os.path.join(export_dir, 'variables', 'variables')!r}) lists "
                    "them); to run the model, rebuild it in Python and restore them with "
                    "tf.train.Checkpoint(root=obj).read(that prefix), or load it in TensorFlow and save the "
                    "weights (a .weights.h5 or .keras file), then load those here. "
                    f"Received: export_dir={export_dir}")
        raise ValueError(f"No SavedModel found in {export_dir} (expected {constants.KERASLIKE_FILENAME}). "
                         f"Received: export_dir={export_dir}")
    document = bounded_read.read_json_file(path)
    if not isinstance(document, dict) or document.get("format") != constants.KERASLIKE_FORMAT:
        raise ValueError(f"{path} is not a keraslike SavedModel document. Received: export_dir={export_dir}")
    if document.get("version", 0) > constants.KERASLIKE_FORMAT_VERSION:
        raise ValueError(f"{export_dir} was written by a newer keraslike (format version {document['version']}). "
                         f"Received: export_dir={export_dir}")
    return document


def _tensors(export_dir, document):
    """tensor key -> tensor of the directory's variables (TF's checkpoint format; safetensors before)."""
    if "tensors" in document:
        prefix = os.path.join(os.fspath(export_dir), constants.VARIABLES_DIRECTORY, constants.VARIABLES_FILENAME)
        reader = tensor_bundle.BundleReader(prefix)
        out = {}
        for key, bundle_key in document["tensors"].items():
            if not reader.has_tensor(bundle_key):
                raise ValueError(f"The SavedModel's variables lack {bundle_key!r} (damaged or mismatched files). "
                                 f"Received: export_dir={export_dir}")
            value = reader.get_tensor(bundle_key)
            out[key] = value if isinstance(value, torch.Tensor) else torch.from_numpy(np.array(value))
        return out
    from safetensors.torch import load_file  # the `saving` extra (directories written before issue 23)

    path = os.path.join(os.fspath(export_dir), constants.VARIABLES_DIRECTORY, constants.TENSORS_FILENAME)
    if not os.path.isfile(path):
        raise ValueError(f"The SavedModel in {export_dir} lacks its variables file {path}. "
                         f"Received: export_dir={export_dir}")
    return load_file(path)


def _keras_method(model, entry):
    kind, names = entry.get("structure", "single"), [s["name"] for s in entry["inputs"]]

    def call(*values):
        inputs = values[0] if kind == "single" else list(values) if kind == "list" else dict(zip(names, values))
        return model(inputs, training=False)  # records autograd only under a tape / in training, as Keras

    return call


class _KerasServing:
    """Binds a Keras model's serving call for `signatures.bind` (`serve` is what Keras 3's export adds)."""

    def __init__(self, model, entry):
        self._call = _keras_method(model, entry)

    def __getattr__(self, name):
        if name == "__keras_call__":
            return self._call
        raise AttributeError(name)


def _keras_directory(export_dir):
    """The document of a TF 2 style `model.save("dir")` directory (keraslike writes `dir/model.keras`)."""
    model = saving_lib.load_model(os.path.join(export_dir, saving_lib.SAVEDMODEL_DIR_FILE), compile=False)
    return model, {"tags": [constants.SERVING], "signatures": describe_signatures(model, None, unbuilt_ok=True)}


def restore(export_dir, custom_objects=None, tags=None, tensorflow_graphs=False):
    """`(object, document)` of a keraslike SavedModel directory, with `.signatures` attached.

    A TF 2 style `model.save("dir")` directory (holding `model.keras`) loads too, as TF 2 loaded the
    SavedModel that call wrote. With `tensorflow_graphs`, a real TF SavedModel loads as its objects and
    variables, its functions raising when called (`tf_saved_model.py`); else it raises (read_document).
    """
    export_dir = os.fspath(export_dir)
    if tensorflow_graphs and tf_saved_model.is_tf_saved_model(export_dir) and \
            not os.path.isfile(os.path.join(export_dir, constants.KERASLIKE_FILENAME)):
        return tf_saved_model.load(export_dir), {"tags": [constants.SERVING], "signatures": {}}
    keras_file = os.path.join(export_dir, saving_lib.SAVEDMODEL_DIR_FILE)
    if not os.path.isfile(os.path.join(export_dir, constants.KERASLIKE_FILENAME)) and os.path.isfile(keras_file):
        obj, document = _keras_directory(export_dir)
        return _attach(obj, document, tags)
    document = read_document(export_dir)
    _check_tags(document, tags)
    assets = os.path.join(os.fspath(export_dir), constants.ASSETS_DIRECTORY)
    reader = TreeReader(document["nodes"], _tensors(export_dir, document), custom_objects, assets,
                        class_optional=True)
    reader.prebuild_keras()
    obj = reader.get(document.get("root", 0))
    restored = _restore_functions(export_dir, document, obj, reader)
    if is_user_object(obj):
        return _attach_restored(obj, document, restored)
    standalone = {}
    for record in document.get("functions", []):  # signatures that were not methods of obj
        if record["method"].startswith(signatures.STANDALONE_PREFIX):
            standalone[record["method"]] = _concrete(export_dir, record, reader)
    return _attach(obj, document, None, standalone)


def _concrete(export_dir, record, reader):
    specs = [signatures.spec_from_json(s) for s in record["inputs"]]
    label = f"function {record['method']!r} of the SavedModel object at {record['path']!r}"
    if not record.get("program"):
        ranked = [_concrete(export_dir, {**record, **entry, "rank_programs": None}, reader)
                  for entry in record.get("rank_programs") or []]  # an input of unknown rank: a program per rank
        return programs.ConcreteProgram(label, specs, reason=record.get("reason"), ranked=ranked)
    program = programs.load_program(os.fspath(export_dir), record["program"])
    state = {key: reader.tensor(key) for key in record["state"]}
    return programs.ConcreteProgram(label, specs, program, state, shapes=record["program_shapes"],
                                    layout=record.get("output_layout"))


def _restore_functions(export_dir, document, root, reader):
    """Gives each `_UserObject` of the tree its functions (`LoadedFunction`s of the saved programs); returns
    `{record index: ConcreteProgram}` of the programs loaded."""
    records = document.get("functions", [])
    owners = {}
    saved_specs = {}
    for i, record in enumerate(records):
        owner = resolve_path(root, record["path"])
        if is_user_object(owner):
            owners.setdefault((record["path"], record["method"]), (owner, []))[1].append(i)
        elif not record["method"].startswith(signatures.STANDALONE_PREFIX) and record["method"] in \
                signatures.method_functions_any(owner):
            specs = [signatures.spec_from_json(s) for s in record["inputs"]]
            saved_specs.setdefault((id(owner), record["method"]), (owner, record["method"], []))[2].append(specs)
    for owner, method, spec_lists in saved_specs.values():  # the class's own tf.function, traced as saved
        function = getattr(owner, method)
        if function.input_signature is None:
            function.restore_saved_specs(spec_lists)
    restored = {}
    for (_, method), (owner, indices) in owners.items():
        concrete = []
        for i in indices:
            restored[i] = _concrete(export_dir, records[i], reader)
            concrete.append(restored[i])
        if method.startswith(signatures.STANDALONE_PREFIX):
            continue  # a signature only, not an attribute
        name = "serve" if method == "__keras_call__" else method
        object.__setattr__(owner, name, programs.LoadedFunction(name, concrete))
        if method == "__keras_call__" and "__call__" not in vars(owner):
            object.__setattr__(owner, "__call__", programs.LoadedFunction("__call__", concrete))
    return restored


def _attach_restored(obj, document, restored):
    """`.signatures` of a `_UserObject` root: each signature runs its saved program."""
    bound = {}
    for key, entry in document.get("signatures", {}).items():
        index = entry.get("function")
        if index is None or index not in restored:
            raise ValueError(f"Signature {key!r} of the SavedModel has no saved function (written before keraslike "
                             "stored torch.export programs): import the saved object's class before loading. "
                             f"Received: signature={key!r}")
        record = document["functions"][index]
        outputs = [signatures.spec_from_json(s) for s in record["outputs"]] if "outputs" in record else None
        bound[key] = signatures.SignatureFunction(key, restored[index], [signatures.spec_from_json(s)
                                                                         for s in entry["inputs"]], outputs)
    object.__setattr__(obj, "signatures", signatures.SignatureMap(bound))
    return obj, document


def _check_tags(document, tags):
    """TF 2.21's check of `tags` against the tag set the SavedModel was saved with (`serve` and any
    `SaveOptions.extra_tags`): the sets must be equal.

    Raises:
        ValueError: as TF's loader.
    """
    if tags is None:
        return
    wanted = [tags] if isinstance(tags, str) else list(tags)
    saved = document.get("tags", [])
    if set(wanted) != set(saved):
        raise ValueError(f"Got an incompatible argument to `tags`: {wanted}. The SavedModel has one MetaGraph with "
                         f"tags {saved}. You may omit the argument, pass 'None', or pass matching tags. "
                         f"Received: tags={tags!r}")


def _attach(obj, document, tags, standalone=None):
    """Checks `tags` and gives `obj` its `.signatures` (and a Keras model its `.serve`)."""
    _check_tags(document, tags)
    entries = document.get("signatures", {})
    if isinstance(obj, Layer):
        keras_entries = {k: e for k, e in entries.items() if e["method"] == "__keras_call__"}
        bound = {}
        for key, entry in keras_entries.items():
            bound.update(signatures.bind(_KerasServing(obj, entry), {key: entry}))
        bound.update(signatures.bind(obj, {k: e for k, e in entries.items() if k not in keras_entries}, standalone))
        serving = entries.get(document.get("serve_signature", constants.DEFAULT_SERVING_SIGNATURE_DEF_KEY))
        if serving is not None and serving["method"] == "__keras_call__":
            object.__setattr__(obj, "serve", _keras_method(obj, serving))
        object.__setattr__(obj, "signatures", signatures.SignatureMap(bound))
    else:
        object.__setattr__(obj, "signatures", signatures.bind(obj, entries, standalone))
    return obj, document


def load(export_dir, tags=None, options=None):
    """`tf.saved_model.load(export_dir, tags=None, options=None)`: the object saved by `tf.saved_model.save`.

    Args:
        export_dir: a directory written by keraslike's `tf.saved_model.save` or `model.export`.
        tags: None or the tag set to check (`serve` and the `SaveOptions.extra_tags` it was saved with).
        options: a `tf.saved_model.LoadOptions` with default values.

    Returns:
        The rebuilt object (its class, variables and attributes; a Keras model for a saved Keras model)
        with `.signatures[key](**inputs) -> dict`.

    Raises:
        ValueError: a TensorFlow SavedModel (`saved_model.pb`), a missing or damaged directory, a class that
            cannot be imported, or a non-default LoadOptions field.
        ValueError: `tags` other than the SavedModel's tag set (as TF).
    """
    if options is not None and options.unsupported():
        name, value = next(iter(options.unsupported().items()))
        raise ValueError(f"LoadOptions.{name} configures loading TF graphs/checkpoints, which keraslike's SavedModel "
                         f"has not. Received: {name}={value!r}")
    root = restore(export_dir, tags=tags, tensorflow_graphs=True)[0]
    if options is not None and options.experimental_load_function_aliases:
        if hasattr(root, "function_aliases"):
            raise ValueError("Could not load with experimental_load_function_aliases option because the top-level "
                             "object already has an attribute with name 'function_aliases'. "
                             "Received: experimental_load_function_aliases=True")
        object.__setattr__(root, "function_aliases", {})  # keraslike's SavedModels hold no aliases
    return root
