"""Legacy HDF5 whole-model files (`model.save("m.h5")`) and Keras 2 `.h5` weights files, both ways.

The layout real Keras writes (keras/src/legacy/saving/legacy_h5_format.py; tf_keras's hdf5_format.py):

    /  attrs: keras_version, backend, model_config (JSON), training_config (JSON, when compiled)
    model_weights/  attrs: layer_names, backend, keras_version
        <layer name>/  attrs: weight_names          one group per layer of `model.layers`
            <weight name>                           datasets; names may hold "/" (nested groups)
        top_level_model_weights/  attrs: weight_names
    optimizer_weights/  attrs: weight_names           the optimizer's variables, in its order

A layer's weights are stored as `trainable_weights + non_trainable_weights` and loaded by position (layers with
weights, in order) or, with `by_name=True`, by layer name. A legacy weights file (`save_weights("w.h5")` in
Keras 2) is the `model_weights` group at the root. Keras 3 (TF 2.21) and Keras 2 (tf_keras, the Keras that
`TF_USE_LEGACY_KERAS=1` selects) differ in the config's spelling (see `keras2_config`), the weight names
(`model/dense/kernel` vs `dense/kernel:0`) and the optimizer list (Keras 3 stores the learning rate after the
iteration count, Keras 2 does not); files are written in the switch's Keras and read from both.

Loading is bounded as for `.keras` files (`bounded_read`): JSON attributes are checked against a size cap
before they are read, every weight dataset against the shape of the variable it fills, optimizer datasets
against the largest variable; datasets stored outside the file are refused. Nothing is unpickled.
"""

import json
import os
import re
import warnings

import numpy as np
import torch

from keraslike._src.distribute import sharded_values
from keraslike._src.keras.keras_version import legacy_keras
from keraslike._src.keras.saving import bounded_read, keras2_config, optimizer_state
from keraslike._src.lazy_module import LazyModule

h5py = LazyModule("h5py")  # imported on first use: ~25 ms of CPU that `import keraslike` need not pay

HDF5_OBJECT_HEADER_LIMIT = 64512
KERAS3_VERSION = "3.15.1"
KERAS2_VERSION = "2.21.0"  # tf_keras, the Keras 2 that TF 2.21 runs under TF_USE_LEGACY_KERAS=1
_MAX_NAMES_BYTES = 16 * 2**20
# torch slot -> Keras name of the optimizer variable (Keras 3 `<opt>/<var>_<slot>`, Keras 2 `<Opt>/<slot>/<var>`)
_SLOT_NAMES = {"exp_avg": ("momentum", "m"), "exp_avg_sq": ("velocity", "v"),
               "max_exp_avg_sq": ("velocity_hat", "vhat"), "momentum_buffer": ("momentum", "m"),
               "square_avg": ("velocity", "velocity"), "grad_avg": ("average_gradient", "average_gradient"),
               "sum": ("accumulator", "accumulator")}


def _fail(filepath, what):
    return ValueError(f"Cannot load {filepath}: {what}. Received: filepath={filepath}")


def is_legacy_path(filepath):
    """`.h5`/`.hdf5` paths that are not Keras 3 `.weights.h5` files."""
    path = os.fspath(filepath)
    return path.endswith((".h5", ".hdf5")) and not path.endswith(".weights.h5")


def legacy_weights(layer):
    """A layer's variables in the order legacy files store them: trainable first."""
    return list(layer.trainable_weights) + list(layer.non_trainable_weights)


def _top_level_weights(model):
    return list(getattr(model, "_trainable_vars", [])) + list(getattr(model, "_non_trainable_vars", []))


# ---- attributes ------------------------------------------------------------------------------------------------

def _save_names(group, name, names):
    """Keras's `save_attributes_to_hdf5_group`: a list of byte strings, split in chunks over the header limit."""
    data = [n.encode("utf8") for n in names]
    too_long = [n for n in data if len(n) > HDF5_OBJECT_HEADER_LIMIT]
    if too_long:
        raise RuntimeError(f"The following attributes cannot be saved to HDF5 file because they are larger than "
                           f"{HDF5_OBJECT_HEADER_LIMIT} bytes: {too_long}")
    array = np.asarray(data) if data else np.asarray([])
    chunks = 1
    parts = np.array_split(array, chunks)
    while any(p.nbytes > HDF5_OBJECT_HEADER_LIMIT for p in parts):
        chunks += 1
        parts = np.array_split(array, chunks)
    if chunks > 1:
        for i, part in enumerate(parts):
            group.attrs[f"{name}{i}"] = part
    else:
        group.attrs[name] = data  # as Keras: h5py stores the list as variable-length strings


def _attr(obj, name, filepath, limit=bounded_read.MAX_JSON_BYTES):
    """Read attribute `name` of `obj` after checking its stored size (None when absent)."""
    if name not in obj.attrs:
        return None
    aid = obj.attrs.get_id(name)
    try:
        size = aid.get_storage_size()  # variable-length strings live in the file's heap: the file bounds them
    except RuntimeError:  # an empty attribute
        size = 0
    size = max(size, int(np.prod(aid.shape or ())) * aid.dtype.itemsize)
    if size > limit:
        raise _fail(filepath, f"attribute `{name}` of `{obj.name}` holds {size} bytes, more than the {limit} "
                              "bytes a Keras file needs there (a damaged or hostile file)")
    return obj.attrs[name]


def _text(value):
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if isinstance(value, np.ndarray) and value.shape == ():
        return _text(value.item())
    return value if isinstance(value, str) else str(value)


def _load_names(group, name, filepath):
    """Keras's `load_attributes_from_hdf5_group`: the names, chunked or not."""
    def decode(values):
        return [_text(v) for v in np.atleast_1d(values)] if values is not None else []

    if name in group.attrs:
        return decode(_attr(group, name, filepath, _MAX_NAMES_BYTES))
    names, chunk = [], 0
    while f"{name}{chunk}" in group.attrs:
        names.extend(decode(_attr(group, f"{name}{chunk}", filepath, _MAX_NAMES_BYTES)))
        chunk += 1
    return names


def _json_attr(h5, name, filepath):
    raw = _attr(h5, name, filepath)
    if raw is None:
        return None
    try:
        value = json.loads(_text(raw))
    except (json.JSONDecodeError, RecursionError, UnicodeDecodeError) as err:
        raise _fail(filepath, f"the `{name}` attribute is not valid JSON ({type(err).__name__}: {err})") from None
    return keras2_config.decode_tuples(value)


# ---- writing ---------------------------------------------------------------------------------------------------

def _weight_name(model, layer, var, keras2):
    base = str(getattr(var, "path", None) or var.name).split(":")[0]
    if not base.startswith(layer.name + "/"):
        base = f"{layer.name}/{base.rsplit('/', 1)[-1]}" if "/" not in base else f"{layer.name}/{base}"
    return f"{base}:0" if keras2 else f"{model.name}/{base}"


def _write_weights(group, names, variables):
    used = set()
    unique = []
    for name in names:
        candidate, k = name, 1
        while candidate in used:
            candidate, k = f"{name}_{k}", k + 1
        used.add(candidate)
        unique.append(candidate)
    _save_names(group, "weight_names", unique)
    for name, var in zip(unique, variables):
        group.create_dataset(name, data=sharded_values.full_value(var).detach().cpu().numpy())


def save_weights_to_group(group, model, keras2=None):
    """Write `model`'s layers into `group` (a file root for `save_weights`, or `model_weights`)."""
    keras2 = legacy_keras() if keras2 is None else keras2
    layers = list(model.layers)
    _save_names(group, "layer_names", [layer.name for layer in layers])
    group.attrs["backend"] = b"tensorflow"
    group.attrs["keras_version"] = (KERAS2_VERSION if keras2 else KERAS3_VERSION).encode("utf8")
    for layer in sorted(layers, key=lambda x: x.name):
        variables = legacy_weights(layer)
        _write_weights(group.create_group(layer.name), [_weight_name(model, layer, v, keras2) for v in variables],
                       variables)
    top = _top_level_weights(model)
    _write_weights(group.create_group("top_level_model_weights"),
                   [_weight_name(model, model, v, keras2) for v in top], top)


def _optimizer_names(optimizer, model, keras2):
    variables = optimizer_state.get_variables(optimizer)
    name = optimizer.name
    names = ["iteration:0"] if keras2 else [f"{name}/iteration"]
    values = [variables[0]]
    rest = variables[1:]
    if optimizer._schedule is None:
        if not keras2:
            names.append(f"{name}/learning_rate")
            values.append(rest[0])
        rest = rest[1:]
    labels = {id(p): _param_label(model, p, keras2) for p in optimizer._params}
    for (param, key), value in zip(optimizer_state.slot_layout(optimizer), rest):
        keras3_slot, keras2_slot = _SLOT_NAMES.get(key, (key, key))
        label = labels[id(param)]
        if keras2:
            names.append(f"{type(optimizer).__name__}/{keras2_slot}/{label}:0")
        else:
            names.append(f"{name}/{label.replace('/', '_')}_{keras3_slot}")
        values.append(value)
    return names, values


def _param_label(model, param, keras2):
    for layer in model.layers:
        for var in legacy_weights(layer):
            if var is param:
                return _weight_name(model, layer, var, keras2).split(":")[0]
    return str(getattr(param, "path", None) or getattr(param, "name", "variable")).split(":")[0]


def _training_config(compile_config, keras2):
    """Keras's `training_config` attribute from keraslike's Keras 3 `compile_config`."""
    config = dict(compile_config)
    optimizer = config.pop("optimizer")
    opt_config = dict(optimizer.get("config") or {}) if isinstance(optimizer, dict) else {}
    if keras2:
        for key in ("loss_scale_factor", "gradient_accumulation_steps"):  # Keras 3 only
            opt_config.pop(key, None)
        opt_config.setdefault("is_legacy_optimizer", False)
        config = {k: config.get(k) for k in ("loss", "metrics", "weighted_metrics", "loss_weights")}
        config = _keras2_objects(keras2_config._strip(config))
    class_name = optimizer.get("class_name") if isinstance(optimizer, dict) else optimizer
    config["optimizer_config"] = {"class_name": class_name, "config": opt_config}
    return config


# Keras 3 config keys that Keras 2's class of the same name does not take, with the value Keras 2 implies
_KERAS3_ONLY = {"SparseCategoricalCrossentropy": {"axis": -1}}


def _keras2_objects(value):
    """Drop the Keras 3-only keys (at their Keras 2 value) from serialized losses and metrics."""
    if isinstance(value, list):
        return [_keras2_objects(v) for v in value]
    if isinstance(value, dict):
        extra = _KERAS3_ONLY.get(value.get("class_name"), {})
        inner = value.get("config")
        if extra and isinstance(inner, dict):
            inner = {k: v for k, v in inner.items() if not (k in extra and v == extra[k])}
            value = dict(value, config=inner)
        return {k: _keras2_objects(v) for k, v in value.items()}
    return value


def save_model(model, h5, model_config, compile_config, include_optimizer=True):
    """Write the whole model into the open, empty h5py File `h5`.

    Args:
        model_config: the Keras 3 description of the model (`saving_lib.model_to_config` without compile).
        compile_config: Keras 3 `compile_config` or None.
    """
    keras2 = legacy_keras()
    graph = isinstance(model_config.get("config"), dict) and "output_layers" in model_config["config"]
    if keras2 and model_config["class_name"] not in ("Sequential", "Functional") and not graph:
        raise NotImplementedError(
            "Saving the model to HDF5 format requires the model to be a Functional model or a Sequential model "
            "(Keras 2, TF_USE_LEGACY_KERAS=1; Keras 3 writes a subclassed model's config and build shape). Save "
            f"it as `.keras` or use `save_weights`. Received: model of class {type(model).__name__}")
    if keras2:
        model_config = keras2_config.layer_to_keras2(model_config)
    else:
        # TF writes {"class_name", "config"}; a subclassed model also keeps its registered name and build shape
        # (which Keras ignores), so it can be rebuilt and loaded here
        model_config = {"class_name": model_config["class_name"], "config": model_config["config"],
                        **{k: model_config[k] for k in ("registered_name", "build_config")
                           if model_config.get(k) and model_config["class_name"] not in ("Sequential",
                                                                                        "Functional")}}
    h5.attrs["keras_version"] = KERAS2_VERSION if keras2 else KERAS3_VERSION
    h5.attrs["backend"] = "tensorflow"
    h5.attrs["model_config"] = json.dumps(model_config).encode("utf8")
    optimizer = getattr(model, "optimizer", None)
    if include_optimizer and optimizer is not None and compile_config is not None:
        h5.attrs["training_config"] = json.dumps(_training_config(compile_config, keras2)).encode("utf8")
    save_weights_to_group(h5.create_group("model_weights"), model, keras2)
    if include_optimizer and optimizer is not None and hasattr(optimizer, "iterations") and \
            optimizer._torch is not None and optimizer._torch.state:
        names, values = _optimizer_names(optimizer, model, keras2)
        group = h5.create_group("optimizer_weights")
        _save_names(group, "weight_names", names)
        for name, value in zip(names, values):
            group.create_dataset(name, data=np.asarray(value))


# ---- reading ---------------------------------------------------------------------------------------------------

def _layer_values(group, name, variables, filepath):
    """The values of layer group `name` checked against `variables`: (values, problem or None)."""
    layer_group = group.get(name)
    if not isinstance(layer_group, h5py.Group):
        return None, f"the file has no group for layer '{name}'"
    names = _load_names(layer_group, "weight_names", filepath)
    if len(names) != len(variables):
        return None, f"expects {len(variables)} weight(s); the file has {len(names)} saved weight(s)"
    values = []
    for weight_name, var in zip(names, variables):
        ds = bounded_read.get_dataset(layer_group, weight_name, filepath)
        value = None if ds is None else bounded_read.read_dataset(ds, sharded_values.global_shape(var), filepath)
        if value is None:
            saved = "no such dataset" if ds is None else tuple(ds.shape)
            return None, (f"weight {weight_name!r} expects shape {sharded_values.global_shape(var)}; the file has "
                          f"{saved}")
        values.append(value)
    return values, None


def saved_layer_names(group, filepath):
    return _load_names(group, "layer_names", filepath)


def load_weights_from_group(group, model, filepath, by_name=False, skip_mismatch=False):
    """Assign the legacy weights in `group` to `model` (positionally, or by layer name with `by_name`).

    Every value is read and checked before any is assigned, so a failed load changes nothing.

    Raises:
        ValueError: layer or weight counts or shapes differ (unless `skip_mismatch`, which warns and skips).
    """
    saved = saved_layer_names(group, filepath)
    pairs, problems = [], []
    if by_name:
        index = {}
        for layer in model.layers:
            index.setdefault(layer.name, []).append(layer)
        for k, name in enumerate(saved):
            for layer in index.get(name, []):
                pairs.append((k, name, layer))
    else:
        layers = [layer for layer in model.layers if legacy_weights(layer)]
        with_weights = [n for n in saved if isinstance(group.get(n), h5py.Group)
                        and _load_names(group[n], "weight_names", filepath)]
        if len(with_weights) != len(layers):
            raise ValueError(f"Layer count mismatch when loading weights from file. Model expected {len(layers)} "
                             f"layers, found {len(with_weights)} saved layers. Received: filepath={filepath}")
        pairs = [(k, name, layer) for k, (name, layer) in enumerate(zip(with_weights, layers))]
    assignments = []
    for k, name, layer in pairs:
        variables = legacy_weights(layer)
        values, problem = _layer_values(group, name, variables, filepath)
        if problem is not None:
            problems.append(f"Layer #{k} (named {layer.name!r} in the model, {name!r} in the file) {problem}.")
            continue
        assignments.extend(zip(variables, values))
    if "top_level_model_weights" in group:
        top = _top_level_weights(model)
        values, problem = _layer_values(group, "top_level_model_weights", top, filepath)
        if problem is not None and (top or values):
            problems.append(f"The top-level weights of the model: {problem}.")
        elif values:
            assignments.extend(zip(top, values))
    if problems and not skip_mismatch:
        raise ValueError("{} layer(s) could not be loaded:\n{}\nReceived: filepath={}".format(
            len(problems), "\n".join(problems), filepath))
    if problems:
        warnings.warn("Skipping {} layer(s) that do not match the model (skip_mismatch=True):\n{}".format(
            len(problems), "\n".join(problems)), stacklevel=3)
    with torch.no_grad():
        for var, value in assignments:
            var.copy_(sharded_values.local_part(torch.as_tensor(value, dtype=var.dtype), var))


def weights_root(h5, filepath):
    """The group holding `layer_names` in a legacy file (the root of a weights file, or `model_weights`)."""
    if "layer_names" in h5.attrs or any(f"layer_names{0}" == k for k in h5.attrs):
        return h5
    group = h5.get("model_weights")
    if isinstance(group, h5py.Group):
        return group
    return None


def read_model_config(h5, filepath):
    config = _json_attr(h5, "model_config", filepath)
    if config is None:
        raise _fail(filepath, "the HDF5 file has no `model_config` attribute: it is a weights file, not a whole "
                              "model (build the model and call `model.load_weights`)")
    if not isinstance(config, dict):
        raise _fail(filepath, f"`model_config` holds a JSON {type(config).__name__}, not an object")
    return keras2_config.to_keras3(config)


def compile_config_from_training(h5, filepath, output_names=()):
    """The Keras 3 `compile_config` equivalent of the file's `training_config` (None when absent).

    Keras 2's spellings are translated: `Custom>Adam`, loss configs with `fn` and `reduction="auto"`, metric
    lists per output of `MeanMetricWrapper`s named `<output>_<metric>`.
    """
    config = _json_attr(h5, "training_config", filepath)
    if not isinstance(config, dict):
        return None
    optimizer = config.get("optimizer_config")
    if isinstance(optimizer, dict):
        class_name = str(optimizer.get("class_name", ""))
        if class_name.startswith("Custom>"):  # tf_keras registers its new optimizers as "Custom>Adam"
            class_name = class_name[len("Custom>"):]
        opt_config = {k: v for k, v in (optimizer.get("config") or {}).items()
                      if k not in ("is_legacy_optimizer", "jit_compile")}
        if opt_config.pop("decay", 0.0):  # TF <= 2.10's optimizers: lr / (1 + decay * step)
            raise ValueError(f"Cannot compile the model of {filepath}: its optimizer uses `decay` (TF 2.10's "
                             "learning-rate decay), which Keras 3 optimizers do not have. Load it with "
                             "`compile=False` and compile with a `keras.optimizers.schedules.InverseTimeDecay` "
                             f"learning rate. Received: decay={optimizer['config']['decay']}")
        optimizer = {"class_name": class_name, "config": opt_config}
    return {"optimizer": optimizer, "loss": _losses(config.get("loss")),
            "metrics": _metrics(config.get("metrics"), output_names),
            "weighted_metrics": _metrics(config.get("weighted_metrics"), output_names),
            "loss_weights": config.get("loss_weights")}


def _losses(value):
    """Keras 2 loss configs (`fn`, `reduction="auto"`) in Keras 3's spelling, in any nesting."""
    if isinstance(value, list):
        return [_losses(v) for v in value]
    if isinstance(value, dict) and "class_name" not in value:
        return {k: _losses(v) for k, v in value.items()}
    if isinstance(value, dict) and isinstance(value.get("config"), dict):
        inner = {k: v for k, v in value["config"].items() if k != "fn"}
        if inner.get("reduction") == "auto":
            inner["reduction"] = "sum_over_batch_size"
        return dict(value, config=inner)
    return value


def _metrics(value, output_names=()):
    """Keras 2 metric lists (one list per output, `MeanMetricWrapper` configs) in compile's spelling."""
    if value is None:
        return None
    if isinstance(value, list) and len(value) == 1 and isinstance(value[0], list):
        value = value[0]
    if isinstance(value, list):
        return [_metrics(v, output_names) for v in value]
    if isinstance(value, dict) and "class_name" not in value:
        return {k: _metrics(v, output_names) for k, v in value.items()}
    if isinstance(value, dict) and value.get("class_name") == "MeanMetricWrapper":
        inner = value.get("config") or {}
        name = inner.get("name") or inner.get("fn")
        for output in output_names:  # Keras 2 names a multi-output model's metrics `<output>_<metric>`
            if len(output_names) > 1 and isinstance(name, str) and name.startswith(f"{output}_"):
                return name[len(output) + 1:]
        return name
    return value


# TF <= 2.10 (optimizer_v2, `tf.keras.optimizers.legacy`) names slots `<Opt>/<variable>/<slot>:0`, slot by slot
_V2_SLOT = re.compile(r"^[^/]+/(?P<var>.+)/(?P<slot>m|v|vhat|momentum|rms|mg|accumulator):0$")
# Keras 3's flat slot order as passes over the variables (Adam: m, v per variable, then every vhat; RMSprop: every
# rms, every momentum, every mg; SGD: momentum; Adagrad: accumulator), the order `optimizer_state` reads
_V2_SLOT_PASSES = (("m", "v"), ("vhat",), ("rms",), ("momentum",), ("mg",), ("accumulator",))


def _is_iteration(name):
    return name.split("/")[-1].split(":")[0] in ("iteration", "iter")


def _per_variable_order(names, values):
    """Keras 2's slot-major optimizer_v2 list (`iter`, every m, every v) in Keras 3's order (`_V2_SLOT_PASSES`)."""
    if not names or not _is_iteration(names[0]):
        return values
    matches = [_V2_SLOT.match(n) for n in names[1:]]
    if not matches or not all(matches):
        return values
    variables, slots = [], {}
    for match, value in zip(matches, values[1:]):
        if match["var"] not in slots:
            variables.append(match["var"])
            slots[match["var"]] = {}
        slots[match["var"]][match["slot"]] = value
    ordered = [values[0]]
    for kinds in _V2_SLOT_PASSES:
        for var in variables:
            ordered.extend(slots[var][slot] for slot in kinds if slot in slots[var])
    return ordered


def load_optimizer_weights(h5, model, filepath):
    """Restore `optimizer_weights` into the compiled model's optimizer (warns when they do not match)."""
    group = h5.get("optimizer_weights")
    optimizer = getattr(model, "optimizer", None)
    if not isinstance(group, h5py.Group) or optimizer is None:
        return
    params = [p for p in model.trainable_weights if p.requires_grad]
    largest = max([int(np.prod(sharded_values.global_shape(p))) for p in params] + [1])
    names = _load_names(group, "weight_names", filepath)
    values = None
    if len(names) <= 2 + 3 * len(params):
        values = []
        for name in names:
            ds = bounded_read.get_dataset(group, name, filepath)
            if ds is None:
                values = None
                break
            values.append(bounded_read.read_bounded(ds, largest, filepath))
    if values is not None:
        values = _per_variable_order(names, values)
    if values is not None and names and _is_iteration(names[0]) and optimizer._schedule is None and (
            len(names) < 2 or "learning_rate" not in names[1]):
        # Keras 2 (tf_keras) lists no learning rate: keep the configured one
        values.insert(1, np.asarray(float(optimizer._learning_rate), dtype="float32"))
    if values is None or not optimizer_state.set_variables(optimizer, values, params):
        warnings.warn(f"Skipping variable loading for optimizer '{optimizer.name}': the saved optimizer has "
                      f"{len(names)} variables, which do not match this optimizer.", stacklevel=4)
