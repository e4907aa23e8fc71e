"""Functional models as Keras 3 configs: layer order, `inbound_nodes`, and rebuilding the graph
(keras/src/models/functional.py `functional_from_config`, keras/src/ops/function.py `map_graph`).

Layer order follows Keras: layers sorted by depth (inputs first), ties broken
by the order a traversal from the outputs first meets them, so layer lists,
`summary()` rows and weight-file paths line up with tf.keras.
"""

import inspect

import numpy as np
import torch

from keraslike._src.keras import keras_version
from keraslike._src.keras.layers.core.input_layer import InputLayer
from keraslike._src.keras.layers.keras_tensor import KerasTensor, flatten, map_structure
from keraslike._src.keras.ops.symbolic import OpLayer
from keraslike._src.ops import dtypes


def _graph(model):
    input_ids = {id(t) for t in model.inputs}
    op_index, layers, finished, post = {}, {}, set(), []

    def visit(tensor):
        node = tensor.node
        if node is None or id(node) in finished:
            return
        layer = node.layer
        if id(tensor) in input_ids and not isinstance(layer, InputLayer):
            return  # a model input computed outside the model: its layer is not part of this graph
        if id(layer) not in op_index:
            op_index[id(layer)] = len(op_index)
            layers[id(layer)] = layer
        if not isinstance(layer, InputLayer):
            for parent in node.parents():
                visit(parent)
        finished.add(id(node))
        post.append(node)

    for tensor in model.outputs:
        visit(tensor)
    node_depth, layer_depth = {}, {}
    for node in reversed(post):
        depth = max(node_depth.setdefault(id(node), 0), layer_depth.get(id(node.layer), 0))
        layer_depth[id(node.layer)] = depth
        node_depth[id(node)] = depth
        if not isinstance(node.layer, InputLayer):
            for parent in node.parents():
                if parent.node is not None:
                    node_depth[id(parent.node)] = max(depth + 1, node_depth.get(id(parent.node), 0))
    for tensor in model.inputs:  # an input no output depends on: depth 0, first among its depth (Keras)
        node = tensor.node
        if node is not None and isinstance(node.layer, InputLayer) and id(node.layer) not in layers:
            layers[id(node.layer)], op_index[id(node.layer)], layer_depth[id(node.layer)] = node.layer, -1, 0
            post.append(node)
    ordered = sorted(layers.values(), key=lambda lay: (-layer_depth[id(lay)], op_index[id(lay)]))
    return ordered, {id(n) for n in post}


def ordered_layers(model):
    """The model's layers, InputLayers and `keras.ops` nodes included, in Keras's order (Keras 3's
    `model.operations`)."""
    return _graph(model)[0]


def keras3_layers(model):
    """Keras 3's `model.layers` of a functional model: `ordered_layers` without the `keras.ops` nodes (what
    `.keras` weight files list under `layers/`, whichever Keras the process follows)."""
    return [layer for layer in ordered_layers(model) if not isinstance(layer, OpLayer)]


def layer_nodes(layer, node_ids):
    """`layer`'s call nodes that belong to the model (`node_ids`), in call order."""
    if isinstance(layer, InputLayer):
        return [layer.output.node]
    return [n for n in layer._inbound_nodes if id(n) in node_ids]


def _history(tensor, node_ids):
    node = tensor.node
    index = next(i for i, n in enumerate(layer_nodes(node.layer, node_ids)) if n is node)
    position = next(i for i, t in enumerate(flatten(node.outputs)) if t is tensor)
    return [node.layer.name, index, position]


def get_config(model, serialize_layer):
    """`{"name", "trainable", "layers": [... "inbound_nodes" ...], "input_layers", "output_layers"}`.

    Args:
        model: a functional model.
        serialize_layer: `layer -> dict`, the Keras 3 description of one layer (`serialization_lib`'s, which
            calls this function for nested functional models).
    """
    layers, node_ids = _graph(model)

    def tensor_config(t):
        if not isinstance(t, KerasTensor):
            return t
        return {"class_name": "__keras_tensor__", "config": {
            "shape": list(t.shape), "dtype": dtypes.dtype_name(t.dtype), "keras_history": _history(t, node_ids)}}

    entries = []
    for layer in layers:
        entry = serialize_layer(layer)
        entry["name"] = layer.name
        nodes = [] if isinstance(layer, InputLayer) else layer_nodes(layer, node_ids)
        op = getattr(layer, "keras_op", None)  # an op node read from a Keras 3 file: its own call arguments
        calls = [(op.args, op.kwargs)] if op is not None else [
            (list(n.args), _with_training_default(layer, dict(n.kwargs))) for n in nodes]
        entry["inbound_nodes"] = [{"args": _jsonable(map_structure(tensor_config, args)),
                                   "kwargs": _jsonable(map_structure(tensor_config, kwargs))}
                                  for args, kwargs in calls]
        entries.append(entry)

    def refs(struct):
        if isinstance(struct, KerasTensor):  # tf_keras lists even a single input or output
            return [_history(struct, node_ids)] if keras_version.legacy_keras() else _history(struct, node_ids)
        return map_structure(lambda t: _history(t, node_ids), struct)

    return {"name": model.name, "trainable": model.trainable, "layers": entries,
            "input_layers": refs(model._inputs_struct), "output_layers": refs(model._outputs_struct)}


def _with_training_default(layer, kwargs):
    """Keras 3 records a call's `training` default (Dropout's False) in the node when none was given."""
    if "training" in kwargs or not getattr(layer, "_call_takes_training", False) or keras_version.legacy_keras():
        return kwargs
    try:
        default = inspect.signature(layer.call).parameters["training"].default
    except (KeyError, TypeError, ValueError):
        return kwargs
    if default is None or default is inspect.Parameter.empty:
        return kwargs
    return {"training": default, **kwargs}


def _jsonable(value):
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, list):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, slice):  # Keras's encodings of call arguments (`x[1:, ...]`, `bytes`, arrays)
        return {"class_name": "__slice__", "config": {"start": _jsonable(value.start), "stop": _jsonable(value.stop),
                                                      "step": _jsonable(value.step)}}
    if value is Ellipsis:
        return {"class_name": "__ellipsis__", "config": {}}
    if isinstance(value, bytes):
        return {"class_name": "__bytes__", "config": {"value": value.decode("utf-8")}}
    if isinstance(value, np.ndarray):
        return {"class_name": "__numpy__", "config": {"value": value.tolist(), "dtype": str(value.dtype)}}
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, torch.Tensor) and not isinstance(value, torch.nn.Parameter):  # a constant, not a variable
        return {"class_name": "__tensor__", "config": {"value": value.detach().cpu().tolist(),
                                                       "dtype": dtypes.dtype_name(value.dtype)}}
    return value


def from_config(config, deserialize_layer, functional_class):
    """Rebuild a functional model from `get_config` output (or a real Keras 3 config).

    Args:
        config: the model's config dict.
        deserialize_layer: `layer config -> built layer` (`serialization_lib`'s, with the caller's
            `custom_objects` and `safe_mode`).
        functional_class: the class to build, `Functional`.

    Raises:
        ValueError: if some layer's inputs can never be computed (a broken config).
    """
    created, outputs, pending = {}, {}, []
    for data in config["layers"]:
        layer = deserialize_layer(data)
        name = data.get("name", layer.name)
        created[name] = layer
        if isinstance(layer, InputLayer):
            outputs[(name, 0)] = [layer.output]
        for node in data.get("inbound_nodes", []):
            pending.append((name, node))
    counts = {}
    while pending:
        progressed = False
        for item in list(pending):
            name, node = item
            try:
                args = _resolve(node.get("args", []), outputs)
                kwargs = _resolve(node.get("kwargs", {}), outputs)
            except KeyError:
                continue
            layer = created[name]
            result = layer(*args, **_call_kwargs(layer, kwargs))
            index = counts.get(name, 0) + (1 if isinstance(layer, InputLayer) else 0)
            outputs[(name, index)] = flatten(result)
            counts[name] = counts.get(name, 0) + 1
            pending.remove(item)
            progressed = True
        if not progressed:
            raise ValueError(f"Cannot rebuild the functional model: the inputs of layers "
                             f"{sorted({n for n, _ in pending})} are never produced. Received: a broken config")

    def lookup(ref):
        return outputs[(ref[0], ref[1])][ref[2]]

    def refs(struct):
        if isinstance(struct, list) and len(struct) == 3 and isinstance(struct[0], str):
            return lookup(struct)
        if isinstance(struct, dict):
            return {k: refs(v) for k, v in struct.items()}
        return [refs(s) for s in struct]

    model = functional_class(refs(config["input_layers"]), refs(config["output_layers"]), name=config.get("name"))
    if config.get("trainable") is False:
        model.trainable = False
    return model


def _resolve(value, outputs):
    if isinstance(value, dict) and value.get("class_name") == "__keras_tensor__":
        hist = value["config"]["keras_history"]
        return outputs[(hist[0], hist[1])][hist[2]]
    if isinstance(value, dict) and value.get("class_name") in _VALUES:  # a slice, `...`, bytes or array argument
        return _VALUES[value["class_name"]](value.get("config") or {}, outputs)
    if isinstance(value, dict):
        return {k: _resolve(v, outputs) for k, v in value.items()}
    if isinstance(value, list):
        return [_resolve(v, outputs) for v in value]
    return value


_VALUES = {
    "__slice__": lambda c, outputs: slice(*(_resolve(c.get(k), outputs) for k in ("start", "stop", "step"))),
    "__ellipsis__": lambda c, outputs: Ellipsis,
    "__bytes__": lambda c, outputs: c["value"].encode("utf-8"),
    "__numpy__": lambda c, outputs: np.array(c["value"], dtype=c.get("dtype")),
    "__tensor__": lambda c, outputs: torch.as_tensor(np.array(c["value"], dtype=c.get("dtype"))),
}


def _call_kwargs(layer, kwargs):
    params = inspect.signature(layer.call).parameters
    if any(p.kind == p.VAR_KEYWORD for p in params.values()):
        return kwargs
    return {k: v for k, v in kwargs.items() if k in params}
