"""Model weights in Keras 3's HDF5 layout (keras/src/saving/saving_lib.py `H5IOStore`, `_save_state`).

    vars/                         the model's own variables (attrs: name)
    layers/<snake_class>[_k]/vars/0, 1, ...   each layer of a Sequential/Functional model
    <attribute>/vars/...          sublayers of subclassed models/layers, by attribute name
    optimizer/vars/0, 1, ...      iterations, learning_rate, slots (when compiled and built)

Layers of Sequential/Functional models are named by their snake-case class
name with a counter (`dense`, `dense_1`), in Keras's layer order, so files
exchange with tf.keras. Values are written with h5py only (no pickle).
"""

import warnings

import numpy as np
import torch

from keraslike._src.distribute import sharded_values
from keraslike._src.keras.backend.naming import to_snake_case
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.saving import bounded_read, object_registration, optimizer_state
from keraslike._src.keras.saving.functional_graph import keras3_layers


def _attribute_key(name):
    """Keras's order of attributes: plain string order, private (`_x`) ones last (saving_lib `_name_key`)."""
    return f"~{name}" if name.startswith("_") else name


def _container_children(path, items):
    """(path, layer) pairs of a container's items, Keras's `_save_container_state`: each layer under its snake-case
    class name made unique (`dense`, `dense_1`), a nested list/tuple/dict under `container[_k]`, walked in turn."""
    used = {}

    def unique(name):
        if name in used:
            used[name] += 1
            return f"{name}_{used[name]}"
        used[name] = 0
        return name

    if isinstance(items, (dict, torch.nn.ModuleDict)):
        items = list(items.values())
    for item in items:
        if isinstance(item, Layer):
            name = unique(to_snake_case(getattr(item, "keras_class_name", type(item).__name__)))
            yield f"{path}/{name}" if path else name, item
        elif isinstance(item, (list, tuple, dict, torch.nn.ModuleList, torch.nn.ModuleDict)):
            name = unique("container")
            yield from _container_children(f"{path}/{name}" if path else name, item)


def _children(layer, path):
    """(path, sublayer) pairs of `layer`, Keras's traversal."""
    models = object_registration.builtin_objects("layers")
    prefix = f"{path}/" if path else ""
    if isinstance(layer, models["Functional"]):
        yield from _container_children(prefix + "layers", keras3_layers(layer))
        return
    if isinstance(layer, models["Sequential"]):
        yield from _container_children(prefix + "layers", layer.layers)
        return
    attributes = dict(layer._modules)
    for name in layer.__dict__.get("_layer_containers", ()):  # plain lists/dicts holding layers (nested, mixed)
        if _holds_layer(layer.__dict__.get(name)):
            attributes[name] = layer.__dict__[name]
    if isinstance(layer, models["Model"]):
        # A subclassed model's `layers` property is an attribute too: Keras meets it in sorted order, so it
        # claims (as `layers/<snake_class>[_k]`) every sublayer held by an attribute sorting after "layers"
        # (`norm`, private `_x`); its counters count the layers already saved under earlier attributes.
        attributes["layers"] = list(layer.layers)  # Keras 3's order: assignment order
    for attr in sorted(attributes, key=_attribute_key):
        child = attributes[attr]
        if isinstance(child, Layer):
            yield prefix + attr, child
        elif isinstance(child, (list, tuple, dict, torch.nn.ModuleList, torch.nn.ModuleDict)):
            yield from _container_children(prefix + attr, child)


def _holds_layer(value):
    if isinstance(value, Layer):
        return True
    if isinstance(value, (dict, torch.nn.ModuleDict)):
        return any(_holds_layer(v) for v in value.values())
    if isinstance(value, (list, tuple, torch.nn.ModuleList)):
        return any(_holds_layer(v) for v in value)
    return False


def walk(model):
    """Every (path, layer) of `model`, the model itself first with path ""; shared layers once."""
    seen = set()

    def visit(layer, path):
        if id(layer) in seen:
            return
        seen.add(id(layer))
        yield path, layer
        for child_path, child in _children(layer, path):
            yield from visit(child, child_path)

    yield from visit(model, "")


def _own_variables(layer):
    return list(layer._trainable_vars) + list(layer._non_trainable_vars)


def _has_state_hooks(layer):
    """Layers that keep state outside torch variables and say how to store it (Keras's own-variables hooks)."""
    return callable(getattr(layer, "save_own_variables", None)) and callable(getattr(layer, "load_own_variables",
                                                                                  None))


def _read_store(group, filepath):
    """The named datasets of `group` as numpy arrays (each bounded, checked against its stored size)."""
    store = {}
    for name in (group.keys() if group is not None else ()):
        ds = bounded_read.get_dataset(group, name, filepath)
        if ds is not None:
            bounded_read.check_stored(ds, filepath)
            store[name] = bounded_read.read_bounded(ds, 1 << 28, filepath)
    return store


def save_to_h5(model, h5, include_optimizer=True):
    """Write `model`'s weights (and optimizer state) into the open h5py File/Group `h5`."""
    for path, layer in walk(model):
        group = h5.create_group(f"{path}/vars" if path else "vars")
        group.attrs["name"] = layer.name
        if _has_state_hooks(layer):  # Keras's save_own_variables: named entries (e.g. a lookup's idf_weights)
            store = {}
            layer.save_own_variables(store)
            for key, value in store.items():
                group.create_dataset(key, data=np.asarray(value))
            continue
        for key, variables in _variable_groups(layer, path):
            sub_group = group if key == _key_of(path) else h5.create_group(key)
            for i, var in enumerate(variables):
                sub_group.create_dataset(str(i), data=sharded_values.full_value(var).detach().cpu().numpy())
    optimizer = getattr(model, "optimizer", None)
    if include_optimizer and optimizer is not None and hasattr(optimizer, "iterations"):
        group = h5.create_group("optimizer/vars")
        group.attrs["name"] = optimizer.name
        for i, value in enumerate(optimizer_state.get_variables(optimizer)):
            group.create_dataset(str(i), data=value)


def _key_of(path):
    return f"{path}/vars" if path else "vars"


def _variable_groups(layer, path):
    """`[(h5 group, variables)]` of one layer: its own `vars`, or, for a layer whose weights Keras 3 keeps in
    sublayers (MultiHeadAttention's `query_dense`, ...), an empty own `vars` and those sublayers' groups."""
    groups = getattr(layer, "_keras3_weight_groups", None)
    if groups is None:
        return [(_key_of(path), _own_variables(layer))]
    prefix = f"{path}/" if path else ""
    return [(_key_of(path), [])] + [(f"{prefix}{sub}/vars", list(v)) for sub, v in groups().items()]


def _check_group(layer, group, key, variables, filepath, failures, values):
    """Check the saved group `key` against `variables`: append `(variable, value)` pairs, or failure lines."""
    count = len(group) if group is not None else 0
    if count != len(variables):
        if variables or count:
            failures.append(f"Layer '{layer.name}' (path '{key}') expected {len(variables)} variables, "
                            f"but received {count} variables during loading.")
        return
    for i, var in enumerate(variables):
        ds = bounded_read.get_dataset(group, str(i), filepath)
        value = None if ds is None else bounded_read.read_dataset(ds, sharded_values.global_shape(var), filepath)
        if value is None:
            saved = "no such dataset" if ds is None else tuple(ds.shape)
            failures.append(f"Layer '{layer.name}' variable {i} has shape {sharded_values.global_shape(var)}; the "
                            f"file has {saved}.")
            continue
        values.append((var, value))


def load_from_h5(model, h5, load_optimizer=True, filepath="<weights>", skip_mismatch=False, keras2=False):
    """Assign weights from `h5` (Keras 3 layout) into `model`.

    Every dataset's declared shape and dtype are checked against the variable it fills before
    anything is read (`bounded_read`), so a file declaring huge datasets reads nothing.

    Args:
        skip_mismatch: warn about (and skip) layers whose saved variables differ, instead of raising.
        keras2: the file is tf_keras's `.keras`, whose optimizer variables list no learning rate.

    Raises:
        ValueError: listing every layer whose saved variables are missing or differ in count/shape;
            for datasets that are not numbers, live outside the file, or (optimizer state) are larger
            than any variable of the model.
    """
    failures, values, stores = [], [], []
    for path, layer in walk(model):  # read and check everything first: a failed load changes nothing
        if _has_state_hooks(layer):
            stores.append((layer, _read_store(h5.get(_key_of(path)), filepath)))
            continue
        groups = _variable_groups(layer, path)
        own = h5.get(_key_of(path))
        if len(groups) > 1 and own is not None and len(own) and len(own) == len(_own_variables(layer)):
            groups = [(_key_of(path), _own_variables(layer))]  # written by an earlier keraslike: all in `vars`
        for key, variables in groups:
            _check_group(layer, h5.get(key), key, variables, filepath, failures, values)
    if failures and skip_mismatch:
        warnings.warn("Skipping {} objects that do not match the model (skip_mismatch=True):\n{}".format(
            len(failures), "\n".join(failures)), stacklevel=3)
    elif failures:
        raise ValueError("A total of {} objects could not be loaded:\n{}\nReceived: a weights file that does not "
                         "match the model (filepath={})".format(len(failures), "\n".join(failures), filepath))
    with torch.no_grad():
        for var, value in values:
            var.copy_(sharded_values.local_part(torch.as_tensor(value, dtype=var.dtype), var))
    for layer, store in stores:
        layer.load_own_variables(store)
    optimizer = getattr(model, "optimizer", None)
    if load_optimizer and optimizer is not None and "optimizer/vars" in h5:
        _load_optimizer(model, optimizer, h5["optimizer/vars"], filepath, keras2)


def _load_optimizer(model, optimizer, group, filepath, keras2=False):
    params = [p for p in model.trainable_weights if p.requires_grad]
    largest = max([int(np.prod(sharded_values.global_shape(p))) for p in params] + [1])
    if len(group) > 2 + 3 * len(params):  # iterations, learning_rate, at most 3 slots per variable
        values = None
    else:
        values = []
        for i in range(len(group)):
            ds = bounded_read.get_dataset(group, str(i), filepath)
            if ds is None:
                values = None
                break
            values.append(bounded_read.read_bounded(ds, largest, filepath))
    if values is not None and keras2 and optimizer._schedule is None:
        # tf_keras lists `[iteration, *slots]` (Keras 3's order otherwise): keep the configured learning rate
        values.insert(1, np.asarray(float(optimizer._learning_rate), dtype="float32"))
    if values is None or not optimizer_state.set_variables(optimizer, values, params):
        warnings.warn(f"Skipping variable loading for optimizer '{optimizer.name}': the saved optimizer has "
                      f"{len(group)} variables, which do not match this optimizer.", stacklevel=4)
