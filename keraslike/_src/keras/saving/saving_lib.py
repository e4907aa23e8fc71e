"""`model.save("m.keras")`, `keras.models.load_model`, `save_weights`/`load_weights`, `to_json`
(keras/src/saving/saving_lib.py, saving_api.py).

A `.keras` file is a zip with `metadata.json` (`keras_version`, `date_saved`),
`config.json` (the Keras 3 model description plus `compile_config`) and
`model.weights.h5` (Keras 3 HDF5 layout, see `weights_h5`). Files are written
atomically and only by the chief; loading uses json and h5py only.
"""

import datetime
import io
import json
import os
import zipfile

import numpy as np

from keraslike._src.keras.keras_version import legacy_keras
from keraslike._src.keras.saving import (
    assets, bounded_read, config_check, file_io, keras2_config, legacy_h5_format, object_registration,
    serialization_lib, weights_h5)
from keraslike._src.keras.saving.serialization_lib import deserialize_layer, serialize_layer
from keraslike._src.saved_model import save as saved_model_writer
from keraslike._src.lazy_module import LazyModule

h5py = LazyModule("h5py")  # imported on first use: ~25 ms of CPU that `import keraslike` need not pay

KERAS_VERSION = "3.15.1"  # the Keras release whose file format is mirrored
_CONFIG, _METADATA, _WEIGHTS = "config.json", "metadata.json", "model.weights.h5"


def _check_overwrite(filepath, overwrite):
    if overwrite or not os.path.exists(filepath):
        return True
    try:
        answer = input(f"[WARNING] {filepath} already exists - overwrite? [y/n]").strip().lower()
    except EOFError:
        answer = "n"
    return answer in ("y", "yes")


def compile_config(model, optimizer_config=None):
    """Keras 3 `compile_config`: optimizer, loss and metrics as given to `compile` (None if not compiled).

    `optimizer_config`: what to write for the optimizer instead of `model.optimizer`'s serialization (a model
    compiled with several optimizers writes their list)."""
    if not getattr(model, "compiled", False):
        return None
    metrics = model._compile_metrics.specs if model._compile_metrics is not None else None
    if optimizer_config is None:
        optimizer_config = serialization_lib.serialize_keras_object(model.optimizer)
    return {"optimizer": optimizer_config,
            "loss": serialization_lib.serialize_keras_object(getattr(model, "loss", None)),
            "loss_weights": None, "metrics": serialization_lib.serialize_keras_object(metrics or None),
            "weighted_metrics": None, "run_eagerly": False, "steps_per_execution": 1, "jit_compile": False}


def _compile_config_of(obj):
    """`obj.get_compile_config()` for a model (a WideDeepModel writes its two optimizers); any other saved object
    (a FeatureSpace) has the plain compile config, None when it was never compiled."""
    getter = getattr(type(obj), "get_compile_config", None)
    return getter(obj) if getter is not None else compile_config(obj)


def model_to_config(model):
    """The dict stored in `config.json`."""
    config = serialize_layer(model)
    compiled = _compile_config_of(model)
    if compiled is not None:
        config["compile_config"] = compiled
    return config


def to_json(model, **kwargs):
    """`model.to_json()`: the Keras 3 description as a JSON string; under `TF_USE_LEGACY_KERAS=1` Keras 2's
    (`batch_input_shape`, list inbound nodes, then `keras_version` and `backend` keys, as tf_keras writes)."""
    config = serialize_layer(model)
    if legacy_keras():
        config = keras2_config.layer_to_keras2(config)
        config.update(keras_version=legacy_h5_format.KERAS2_VERSION, backend="tensorflow")
    return json.dumps(config, **kwargs)


def model_from_json(json_string, custom_objects=None):
    """`keras.models.model_from_json`: rebuild the (uncompiled, freshly initialised) model, from Keras 3's JSON
    or Keras 2's (`batch_input_shape`, list inbound nodes; `keras2_config`).

    Raises:
        ValueError: naming the first field whose structure is not a Keras model config's.
    """
    config = json.loads(json_string)
    if isinstance(config, dict) and isinstance(config.get("class_name"), str):
        config = keras2_config.to_keras3(config)  # tf_keras's `to_json()` (Keras 2 spelling) reads too
    config_check.check_model_config(config, "the JSON model config")
    return deserialize_layer(config, custom_objects, safe_mode=True)


SAVEDMODEL_DIR_FILE = "model.keras"


def save_model(model, filepath, overwrite=True, **kwargs):
    """Write `model` to a `.keras` zip at `filepath` (chief only, atomically).

    A path ending in `.h5`/`.hdf5` (or `save_format="h5"`) writes the legacy HDF5 whole-model file instead
    (`legacy_h5_format`): Keras 3's layout, or Keras 2's (tf_keras) under `TF_USE_LEGACY_KERAS=1`.

    Args:
        include_optimizer: bool, default True: also store the optimizer's variables.
        save_format: None, "keras", "h5" or "tf" (TF 2 spelling: a directory holding the `.keras` file).
        options: Keras 2 only (`TF_USE_LEGACY_KERAS=1`), for a directory: a `tf.saved_model.SaveOptions` changing
            nothing but `experimental_io_device="/job:localhost"` (where keraslike writes anyway).
        signatures: Keras 2 only, for a directory: `tf.function`s (or a dict key -> tf.function) with input
            signatures; the directory is then also a SavedModel whose `.signatures` are these (as
            `tf.saved_model.save(model, dir, signatures)` writes it), beside `model.keras`.
            Under Keras 3, "h5" needs a `.h5`/`.hdf5` path (as Keras 3 requires); Keras 2 writes HDF5 to any path.

    Raises:
        ValueError: for an unknown `save_format` and for keyword arguments Keras does not know.
    """
    filepath = os.fspath(filepath)
    save_format = kwargs.pop("save_format", None)
    include_optimizer = kwargs.pop("include_optimizer", True)
    directory = save_format == "tf" or (save_format is None and not filepath.endswith((".keras", ".h5", ".hdf5")))
    if "options" in kwargs and legacy_keras() and directory:  # Keras 2's SavedModel directory takes SaveOptions
        _check_io_options(kwargs.pop("options"), "SaveOptions")
    signatures = kwargs.pop("signatures", None) if legacy_keras() and directory else None
    if kwargs:
        raise ValueError(f"The following argument(s) are not supported: {list(kwargs)}. Received: kwargs={kwargs}")
    if save_format not in (None, "keras", "keras_v3", "tf", "h5"):
        raise ValueError("keraslike saves models in the Keras 3 `.keras` format, the legacy `.h5` format or a "
                         f"TF 2 style directory. Received: save_format={save_format!r}")
    if save_format == "h5" and not filepath.endswith((".h5", ".hdf5")) and not legacy_keras():
        raise ValueError("The `save_format` argument is deprecated in Keras 3. Please remove this argument and pass "
                         "a file path with either `.keras` or `.h5` extension (Keras 2, TF_USE_LEGACY_KERAS=1, "
                         f"writes HDF5 to any path). Received: save_format={save_format!r}")
    if save_format == "h5" or (filepath.endswith((".h5", ".hdf5")) and save_format in (None, "h5")):
        _save_legacy_h5(model, filepath, overwrite, include_optimizer)
        return
    if save_format == "tf" or not filepath.endswith((".keras", ".h5", ".hdf5")):
        # TF 2's `model.save("dir")` wrote a SavedModel directory; keraslike writes the same model as
        # `dir/model.keras`, which `load_model("dir")` reads back.
        if signatures is not None:  # Keras 2: the directory is also a SavedModel with these signatures
            saved_model_writer.save(model, filepath, signatures=signatures)
        if file_io.is_chief(model):
            os.makedirs(filepath, exist_ok=True)
        filepath = os.path.join(filepath, SAVEDMODEL_DIR_FILE)
    if not _check_overwrite(filepath, overwrite):
        return
    config = json.dumps(model_to_config(model))
    metadata = json.dumps({"keras_version": KERAS_VERSION,
                           "date_saved": datetime.datetime.now().strftime("%Y-%m-%d@%H:%M:%S")})
    weights = io.BytesIO()
    with h5py.File(weights, "w") as h5:
        weights_h5.save_to_h5(model, h5, include_optimizer=include_optimizer)

    def write(tmp):
        with zipfile.ZipFile(tmp, "w") as zf:
            zf.writestr(_METADATA, metadata)
            zf.writestr(_CONFIG, config)
            zf.writestr(_WEIGHTS, weights.getvalue())
            assets.write_assets(model, zf)

    with file_io.chief_path(filepath, model) as target:
        file_io.atomic_write(target, write)


def _save_legacy_h5(model, filepath, overwrite, include_optimizer):
    """`model.save("m.h5")`: the legacy HDF5 whole-model file (chief only, atomically)."""
    if not _check_overwrite(filepath, overwrite):
        return
    config = serialize_layer(model)
    compiled = _compile_config_of(model)

    def write(tmp):
        with h5py.File(tmp, "w") as h5:
            legacy_h5_format.save_model(model, h5, config, compiled, include_optimizer=include_optimizer)

    directory = os.path.dirname(filepath)
    if directory and file_io.is_chief(model):
        os.makedirs(directory, exist_ok=True)
    with file_io.chief_path(filepath, model) as target:
        file_io.atomic_write(target, write)


def _load_legacy_h5(filepath, custom_objects, compile, safe_mode):  # noqa: A002 - Keras's argument name
    """`load_model("m.h5")`: a legacy HDF5 whole-model file written by Keras 3, Keras 2 or keraslike."""
    with bounded_read.open_h5(filepath, filepath) as h5:
        config = legacy_h5_format.read_model_config(h5, filepath)
        with object_registration.CustomObjectScope(custom_objects or {}):
            model = _model_from_file_config(config, custom_objects, safe_mode, filepath)
            root = legacy_h5_format.weights_root(h5, filepath)
            if root is None:
                raise ValueError(f"Cannot load {filepath}: the file has no `model_weights` group. "
                                 f"Received: filepath={filepath}")
            legacy_h5_format.load_weights_from_group(root, model, filepath)
            outputs = [getattr(t, "name", None) for t in (getattr(model, "outputs", None) or [])]
            compiled = legacy_h5_format.compile_config_from_training(h5, filepath, outputs) if compile else None
            if compiled:
                _compile_from_config(model, compiled, custom_objects, safe_mode)
                legacy_h5_format.load_optimizer_weights(h5, model, filepath)
    return model


def _check_io_options(options, kind):
    """Keras 2's `options=` of a SavedModel-directory save/load: a `tf.saved_model.SaveOptions` keraslike can
    carry out (see `SaveOptions`; `extra_tags` raises: this directory keeps no tags), a `LoadOptions` whose only
    change is an `experimental_io_device` naming this host (keraslike's own I/O), or None.

    Raises:
        ValueError: another option changed, or not an options object.
    """
    if options is None:
        return
    if not callable(getattr(options, "non_defaults", None)):
        raise ValueError(f"Expected `options` to be a tf.saved_model.{kind}. Received: options={options!r}")
    changed = options.unsupported(extra_tags=False) if kind == "SaveOptions" else options.non_defaults()
    if changed:
        name = next(iter(changed))
        raise ValueError(f"{kind}.{name} configures TF graph saving/loading, which keraslike's model directory has "
                         f"not. "
                         f"Received: {name}={changed[name]!r}")


def load_model(filepath, custom_objects=None, compile=True, safe_mode=True, options=None):
    """`keras.models.load_model`: rebuild a model saved with `model.save("m.keras")` or `model.save("m.h5")`.

    Reading is bounded (`bounded_read`): `config.json` may declare at most 64 MiB, the weights member
    at most what the rebuilt model needs, and each weights dataset is checked against its variable's
    shape before it is read. Stale temporary files of interrupted saves next to `filepath` are removed.

    Args:
        filepath: path of a `.keras` file (written here or by Keras 3), or of a legacy HDF5 model (written here,
            by Keras 3 or by Keras 2; `legacy_h5_format`).
        custom_objects: dict name -> class/function for custom layers, losses, ...
        compile: restore the compile configuration (optimizer with its state, loss, metrics).
        safe_mode: refuse Lambda bytecode (default True).
        options: Keras 2 only (`TF_USE_LEGACY_KERAS=1`), for a model directory: a `tf.saved_model.LoadOptions`
            changing nothing but `experimental_io_device="/job:localhost"` (keraslike's own I/O).

    Returns:
        The model.

    Raises:
        ValueError: if the file does not exist, is neither a `.keras` zip nor a legacy `.h5` model (SavedModel
            directories are not supported), is damaged (truncated zip, invalid or oversized `config.json`,
            a config that does not describe a model), or its weights do not match.
    """
    filepath = os.fspath(filepath)
    if options is not None:
        if not legacy_keras():
            raise TypeError(f"load_model() got an unexpected keyword argument 'options' (Keras 3; Keras 2, "
                            f"TF_USE_LEGACY_KERAS=1, takes LoadOptions for a SavedModel directory). "
                            f"Received: options={options!r}")
        if not os.path.isdir(filepath):
            raise ValueError(f"`options` applies to a SavedModel directory only. Received: filepath={filepath}, "
                             f"options={options!r}")
        _check_io_options(options, "LoadOptions")
    if os.path.isdir(filepath) and os.path.isfile(os.path.join(filepath, SAVEDMODEL_DIR_FILE)):
        filepath = os.path.join(filepath, SAVEDMODEL_DIR_FILE)
    if not os.path.exists(filepath):
        raise ValueError(f"File not found: filepath={filepath}. Please ensure the file is an accessible `.keras` "
                         "zip file.")
    file_io.remove_stale_temp_files(os.path.dirname(os.path.abspath(filepath)))
    if not zipfile.is_zipfile(filepath) and os.path.isfile(filepath) and h5py.is_hdf5(filepath):
        return _load_legacy_h5(filepath, custom_objects, compile, safe_mode)
    if not zipfile.is_zipfile(filepath):
        damaged = " (it ends in `.keras` but is not a zip archive: truncated or damaged)" if filepath.endswith(
            ".keras") else ""
        raise ValueError(
            f"File format not supported{damaged}: keraslike loads Keras 3 `.keras` files and legacy `.h5` "
            f"models (use `load_weights` for `.weights.h5` files). "
            f"Received: filepath={filepath}"
        )
    try:
        with zipfile.ZipFile(filepath, "r") as zf:
            config = bounded_read.read_json_member(zf, _CONFIG, filepath)
            with object_registration.CustomObjectScope(custom_objects or {}):  # nested lookups (activations)
                model = _model_from_file_config(config, custom_objects, safe_mode, filepath)
                compiled = config.get("compile_config")
                if compile and compiled:
                    _compile_from_config(model, compiled, custom_objects, safe_mode)
            if _WEIGHTS in zf.namelist():
                limit = bounded_read.weights_limit(model.weights)
                with bounded_read.open_weights_member(zf, _WEIGHTS, filepath, limit) as h5:
                    weights_h5.load_from_h5(model, h5, load_optimizer=bool(compile and compiled), filepath=filepath,
                                            keras2=keras2_config.written_by_keras2(config))
            assets.read_assets(model, zf, filepath)
    except zipfile.BadZipFile as err:
        raise ValueError(f"Cannot load {filepath}: the zip archive is damaged ({err}). "
                         f"Received: filepath={filepath}") from None
    return model


def _model_from_file_config(config, custom_objects, safe_mode, filepath):
    """`deserialize_layer` with structural errors of a damaged config reported against the file."""
    if not isinstance(config.get("class_name"), str) or not isinstance(config.get("config", {}), dict):
        raise ValueError(f"Cannot load {filepath}: `config.json` does not describe a Keras object (expected an "
                         f"object with a string `class_name` and a `config` object; it has keys "
                         f"{sorted(config)[:10]}). Received: filepath={filepath}")
    if keras2_config.written_by_keras2(config):  # tf_keras's `.keras`: Keras 2's inbound nodes, TFOpLambda, ...
        config = keras2_config.to_keras3(config)
    config_check.check_model_config(config, filepath)
    try:
        return deserialize_layer(config, custom_objects, safe_mode)
    except (KeyError, AttributeError, IndexError) as err:
        raise ValueError(f"Cannot load {filepath}: `config.json` is damaged or was not written by Keras "
                         f"({type(err).__name__}: {err}). Received: filepath={filepath}") from err
    except TypeError as err:  # also Keras's own "Could not locate class ...": keep the type, name the file
        raise TypeError(f"Cannot load {filepath}: {err}").with_traceback(err.__traceback__) from None
    except ValueError as err:  # a layer's own argument check (`units="abc"`): name the file too
        if str(err).startswith("Cannot load"):
            raise
        raise ValueError(f"Cannot load {filepath}: {err}").with_traceback(err.__traceback__) from None


def _compile_from_config(model, config, custom_objects, safe_mode):
    def restore(value, kind):
        if isinstance(value, list):
            return [restore(v, kind) for v in value]
        if isinstance(value, dict) and "class_name" in value:
            return serialization_lib.deserialize_keras_object(value, custom_objects, safe_mode, kind=kind)
        return value

    # A model compiled with `optimizer=None` wrote None: it loads without one (TF 2.21 fails to load it), not with
    # an RMSprop it never had.
    optimizer = restore(config["optimizer"], "optimizers") if "optimizer" in config else "rmsprop"
    extra = {key: restore(config[key], "metrics") for key in ("weighted_metrics", "loss_weights")
             if config.get(key) is not None}
    model.compile(optimizer=optimizer, loss=restore(config.get("loss"), "losses"),
                  metrics=restore(config.get("metrics"), "metrics"), **extra)
    if model.optimizer is not None:
        model.optimizer.build([p for p in model.trainable_weights if p.requires_grad])


def save_weights(model, filepath, overwrite=True, _extra_attrs=None):
    """`model.save_weights(path)`: Keras 3 HDF5 weights (+ optimizer state), chief only, atomically."""
    filepath = os.fspath(filepath)
    if not _check_overwrite(filepath, overwrite):
        return

    legacy = legacy_h5_format.is_legacy_path(filepath) and not _extra_attrs

    def write(tmp):
        with h5py.File(tmp, "w") as h5:
            if legacy:  # Keras 2's `save_weights("w.h5")` layout
                legacy_h5_format.save_weights_to_group(h5, model)
                return
            weights_h5.save_to_h5(model, h5)
            for key, value in (_extra_attrs or {}).items():
                if isinstance(value, bytes):  # too large for an attribute (64 KB): a uint8 dataset
                    h5.create_dataset(key, data=np.frombuffer(value, dtype=np.uint8))
                else:
                    h5.attrs[key] = value

    with file_io.chief_path(filepath, model) as target:
        file_io.atomic_write(target, write)


def load_weights(model, filepath, skip_mismatch=False, by_name=False):
    """`model.load_weights(path)` from a `.weights.h5` file or a `.keras` zip.

    Reading is bounded as in `load_model`: nothing larger than the model's variables is read.

    Args:
        skip_mismatch: bool, default False: skip (with a warning) layers whose saved variables do not
            match the model instead of raising.
        by_name: bool, default False: legacy `.h5` files (Keras 2's layout) only: match layers by name.

    Raises:
        ValueError: for a missing, damaged or unknown file, or weights that do not match the model.
    """
    filepath = os.fspath(filepath)
    if not os.path.exists(filepath):
        raise ValueError(f"File not found: filepath={filepath}. Please ensure the file is an accessible "
                         "`.weights.h5` or `.keras` file.")
    file_io.remove_stale_temp_files(os.path.dirname(os.path.abspath(filepath)))
    if by_name and (zipfile.is_zipfile(filepath) or not legacy_h5_format.is_legacy_path(filepath)):
        raise ValueError(f"`by_name` only supports loading legacy '.h5' or '.hdf5' files. Received: "
                         f"filepath={filepath}")
    if zipfile.is_zipfile(filepath):
        try:
            with zipfile.ZipFile(filepath, "r") as zf:
                if _WEIGHTS not in zf.namelist():
                    raise ValueError(f"Cannot load {filepath}: the archive has no `{_WEIGHTS}`. "
                                     f"Received: filepath={filepath}")
                limit = bounded_read.weights_limit(model.weights)
                with bounded_read.open_weights_member(zf, _WEIGHTS, filepath, limit) as h5:
                    weights_h5.load_from_h5(model, h5, filepath=filepath, skip_mismatch=skip_mismatch)
        except zipfile.BadZipFile as err:
            raise ValueError(f"Cannot load {filepath}: the zip archive is damaged ({err}). "
                             f"Received: filepath={filepath}") from None
    elif h5py.is_hdf5(filepath):
        with bounded_read.open_h5(filepath, filepath) as h5:
            root = legacy_h5_format.weights_root(h5, filepath)
            if root is not None:  # Keras 2's `save_weights("w.h5")`, or a whole-model `.h5`'s `model_weights`
                legacy_h5_format.load_weights_from_group(root, model, filepath, by_name=by_name,
                                                         skip_mismatch=skip_mismatch)
                return
            if by_name:
                raise ValueError(f"`by_name` only supports loading legacy '.h5' or '.hdf5' files; {filepath} is "
                                 f"in Keras 3's weights layout. Received: filepath={filepath}")
            weights_h5.load_from_h5(model, h5, filepath=filepath, skip_mismatch=skip_mismatch)
    else:
        raise ValueError(f"Expected a `.weights.h5` (HDF5) or `.keras` file. Received: filepath={filepath}")
