"""Keras 2 model configs (tf.keras <= 2.15, tf_keras) <-> the Keras 3 shape keraslike's deserializer reads.

Keras 2 describes the same models with a few different spellings:

    Keras 2                                         Keras 3
    InputLayer {"batch_input_shape": [None, 5]}     {"batch_shape": [None, 5]}
    first layer {"batch_input_shape": ...}          an InputLayer entry before it
    "inbound_nodes": [[["dense", 0, 0, {}], ...]]   [{"args": [<__keras_tensor__>...], "kwargs": {}}]
    functional class_name "Model"                   "Functional"
    Sequential "config": [layer, ...] (Keras <2.2)  {"layers": [...]}
    "dtype": {"class_name": "Policy", ...}          the policy's name
    Lambda "function": [code, defaults, closure]    {"class_name": "__lambda__", ...}
    TFOpLambda node ["x", 0, 0, {"y": 2.0}]          {"args": [<x>], "kwargs": {"y": 2.0}} (the first
        argument's structure kept; SlicingOpLambda's {"start", "stop", "step"} as Keras's "__slice__")
    {"class_name": "__tuple__", "items": [...]}     a list
    ["inner", 1, 0]: a nested model's first call     ["inner", 0, 0] (Keras 2 counts the pre-existing node of a
        model built from an Input, functional or Sequential, as node 0; Keras 3 does not)

`to_keras3` rewrites a Keras 2 config (a Keras 3 one passes through unchanged); `to_keras2` goes the other way
for files written under `TF_USE_LEGACY_KERAS=1`, so tf_keras reads them.
"""

_DROP_KERAS2 = ("module", "registered_name", "build_config", "compile_config")

_TF_OP_CLASSES = ("TFOpLambda", "SlicingOpLambda")  # tf_keras's TF-function nodes (saving/tf_op_layers.py)
_CONSTANT = "_CONSTANT_VALUE"  # Keras 2's reference to a constant (non-tensor) first argument
_SLICE_KEYS = {"start", "stop", "step"}


def decode_tuples(value):
    """JSON `{"class_name": "__tuple__", "items": [...]}` (Keras's tuple encoding) as lists, recursively."""
    if isinstance(value, dict):
        if value.get("class_name") == "__tuple__" and "items" in value:
            return [decode_tuples(v) for v in value["items"]]
        return {k: decode_tuples(v) for k, v in value.items()}
    if isinstance(value, list):
        return [decode_tuples(v) for v in value]
    return value


def _is_layer_config(value):
    return isinstance(value, dict) and isinstance(value.get("class_name"), str) and isinstance(
        value.get("config"), (dict, list))


def _policy_name(dtype):
    if isinstance(dtype, dict) and dtype.get("class_name") in ("Policy", "DTypePolicy", "FloatDTypePolicy"):
        inner = dtype.get("config") or {}
        return inner.get("name", "float32")
    return dtype


def _history(ref):
    """A Keras 2 inbound reference `[layer, node, tensor(, kwargs)]` as a Keras 3 `__keras_tensor__` (a constant
    `["_CONSTANT_VALUE", -1, value(, kwargs)]` as its value)."""
    if ref[0] == _CONSTANT:
        return ref[2]
    return {"class_name": "__keras_tensor__", "config": {"keras_history": [ref[0], ref[1], ref[2]]}}


def _is_leaf(ref):
    return isinstance(ref, list) and len(ref) in (3, 4) and isinstance(ref[0], str) and (
        len(ref) == 3 or isinstance(ref[3], dict))


def _tf_op_node_to_keras3(node, slicing):
    """A TFOpLambda node: one reference, or a structure of them that is the first argument (kept as it is,
    `tf.concat([a, b], -1)`), each carrying the call's other arguments."""
    if isinstance(node, dict) or not isinstance(node, list) or not node:
        return node  # Keras 3's shape (keraslike wrote it), or malformed: `config_check` names it
    kwargs = {}

    def convert(value):
        if _is_leaf(value):
            if len(value) == 4:
                kwargs.update(value[3])
            return _history(value)
        if isinstance(value, list):
            return [convert(v) for v in value]
        raise _NotANode

    try:
        first = convert(node)
    except _NotANode:
        return node
    kwargs = _kwargs_to_keras3(kwargs, nested=True)
    if slicing:
        first, kwargs = _slices(first), {k: _slices(v) for k, v in kwargs.items()}
    return {"args": [first], "kwargs": kwargs}


class _NotANode(Exception):
    pass


def _slices(value):
    """SlicingOpLambda's `{"start", "stop", "step"}` dicts (an argument, or items of a list argument) as Keras's
    `__slice__` encoding."""
    if isinstance(value, dict) and set(value) == _SLICE_KEYS:
        return {"class_name": "__slice__", "config": dict(value)}
    if isinstance(value, list):
        return [{"class_name": "__slice__", "config": dict(v)} if isinstance(v, dict) and set(v) == _SLICE_KEYS
                else v for v in value]
    return value


def _node_to_keras3(node):
    if not isinstance(node, list) or not node or not all(
            isinstance(r, list) and len(r) in (3, 4) and isinstance(r[0], str) for r in node):
        return node  # Keras 3's shape, or malformed: `config_check` names it
    kwargs = {}
    for ref in node:
        if len(ref) == 4 and isinstance(ref[3], dict):
            kwargs.update(ref[3])
    tensors = [_history(ref) for ref in node]
    return {"args": [tensors[0] if len(tensors) == 1 else tensors], "kwargs": _kwargs_to_keras3(kwargs)}


def _is_reference(value):
    return isinstance(value, list) and len(value) == 3 and isinstance(value[0], str) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value[1:])


def _kwargs_to_keras3(kwargs, nested=False):
    """Tensor references inside Keras 2 call kwargs (`[layer, node, tensor]` lists under `mask`, ...; with
    `nested`, also inside lists and dicts: a TF function's `tf.where(c, x=a, y=[...])`)."""

    def convert(value):
        if _is_reference(value):
            return _history(value)
        if nested and isinstance(value, list):
            return [convert(v) for v in value]
        if nested and isinstance(value, dict):
            return {k: convert(v) for k, v in value.items()}
        return value

    return {key: convert(value) for key, value in kwargs.items()}


def layer_to_keras3(config):
    """One layer/model entry in Keras 3's shape (recursing into nested layers and models). Anything malformed is
    left as it is, for `config_check` to name."""
    if not isinstance(config, dict) or not isinstance(config.get("class_name"), str):
        return config
    config = dict(config)
    class_name = config["class_name"]
    inner = config.get("config")
    if class_name == "Sequential" and isinstance(inner, list):
        inner = {"layers": inner}
    if isinstance(inner, dict):
        inner = {k: _value_to_keras3(v) for k, v in inner.items()}
        if "dtype" in inner:
            inner["dtype"] = _policy_name(inner["dtype"])
        if class_name == "InputLayer" and "batch_input_shape" in inner:
            inner["batch_shape"] = inner.pop("batch_input_shape")
        if class_name == "Lambda" and isinstance(inner.get("function"), list):
            code, defaults, closure = (inner["function"] + [None, None])[:3]
            inner["function"] = {"class_name": "__lambda__",
                                 "config": {"code": code, "defaults": defaults, "closure": closure}}
            for key in ("module", "function_type", "output_shape_type", "output_shape_module"):
                inner.pop(key, None)
        if class_name == "Model" and "layers" in inner and "input_layers" in inner:
            class_name = "Functional"
        if class_name in ("Functional", "Model") and isinstance(inner.get("layers"), list):
            keras2_nodes = any(isinstance(n, list) for e in inner["layers"] if isinstance(e, dict)
                               for n in (e.get("inbound_nodes") or []))
            own = _models_with_own_node(inner["layers"]) if keras2_nodes else set()
            inner["layers"] = [_functional_entry(e) for e in inner["layers"]]
            for key in ("input_layers", "output_layers"):  # Keras 2 always lists them; one means a tensor
                refs = inner.get(key)
                if isinstance(refs, list) and len(refs) == 1 and isinstance(refs[0], list):
                    inner[key] = refs[0]
            if own:
                inner = _shift_nodes(inner, own, -1)
        if class_name == "Sequential" and isinstance(inner.get("layers"), list):
            inner["layers"] = _sequential_layers(inner["layers"])
    config["class_name"] = class_name
    config["config"] = inner
    return config


def _functional_entry(entry):
    converted = layer_to_keras3(entry)
    if isinstance(entry, dict) and isinstance(entry.get("inbound_nodes"), list):
        if entry.get("class_name") in _TF_OP_CLASSES:
            slicing = entry["class_name"] == "SlicingOpLambda"
            converted["inbound_nodes"] = [_tf_op_node_to_keras3(n, slicing) for n in entry["inbound_nodes"]]
        else:
            converted["inbound_nodes"] = [_node_to_keras3(n) for n in entry["inbound_nodes"]]
    return converted


def _models_with_own_node(layers):
    """Names of the nested models in a functional config's `layers` that Keras 2 built from an Input: a functional
    model, or a Sequential whose config starts with an InputLayer or gives its first layer an input shape. Keras 2
    counts their construction as node 0, so the first call of one is node 1 in Keras 2 references."""
    names = set()
    for entry in layers:
        if not _is_layer_config(entry) or not isinstance(entry.get("config"), (dict, list)):
            continue
        inner = entry["config"]
        sub = inner if isinstance(inner, list) else inner.get("layers")
        if entry["class_name"] in ("Functional", "Model") and isinstance(sub, list):
            names.add(entry.get("name") or (inner.get("name") if isinstance(inner, dict) else None))
        elif entry["class_name"] == "Sequential" and isinstance(sub, list) and sub and _is_layer_config(sub[0]):
            first = sub[0]
            if first["class_name"] == "InputLayer" or (isinstance(first["config"], dict) and
                                                       "batch_input_shape" in first["config"]):
                names.add(entry.get("name") or (inner.get("name") if isinstance(inner, dict) else None))
    return names - {None}


def _shift_nodes(inner, names, delta):
    """`inner` (a functional config in either shape) with every reference to a call of the models `names` moved
    by `delta` nodes (Keras 2 <-> Keras 3 node numbering of nested models, `_models_with_own_node`)."""

    def ref(value):
        if _is_reference(value) and value[0] in names:
            return [value[0], value[1] + delta, value[2]]
        if isinstance(value, list) and len(value) == 4 and _is_reference(value[:3]) and isinstance(value[3], dict):
            return ref(value[:3]) + [walk(value[3])]
        if isinstance(value, list):
            return [ref(v) for v in value]
        return walk(value)

    def walk(value):
        if isinstance(value, dict):
            if value.get("class_name") == "__keras_tensor__" and isinstance(value.get("config"), dict):
                history = value["config"].get("keras_history")
                if _is_reference(history) and history[0] in names:
                    return {**value, "config": {**value["config"],
                                                "keras_history": [history[0], history[1] + delta, history[2]]}}
                return value
            return {k: walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        return value

    out = dict(inner)
    out["layers"] = [dict(e, inbound_nodes=ref(e["inbound_nodes"])) if isinstance(e, dict) and isinstance(
        e.get("inbound_nodes"), list) else e for e in inner["layers"]]
    for key in ("input_layers", "output_layers"):
        if isinstance(inner.get(key), list):
            out[key] = ref(inner[key])
    return out


def _sequential_layers(layers):
    layers = list(layers)
    if layers and isinstance(layers[0], dict) and layers[0].get("class_name") != "InputLayer" and isinstance(
            layers[0].get("config"), dict):
        first = layers[0]["config"]
        shape = first.get("batch_input_shape")
        if shape is not None:  # Keras 2 wrote the input shape on the first layer (input_shape=...)
            first = dict(first)
            first.pop("batch_input_shape")
            layers[0] = dict(layers[0], config=first)
            input_config = {"batch_shape": shape, "dtype": first.get("dtype") or "float32"}
            layers.insert(0, {"class_name": "InputLayer", "config": input_config})
    return layers


def _value_to_keras3(value):
    if _is_layer_config(value) and isinstance(value.get("config"), dict) and (
            "layers" in value["config"] or "layer" in value["config"] or "batch_input_shape" in value["config"]):
        return layer_to_keras3(value)  # a nested model or a wrapped layer (TimeDistributed, Bidirectional)
    if isinstance(value, dict) and value.get("class_name") in ("Policy", "DTypePolicy", "FloatDTypePolicy"):
        return _policy_name(value)
    return value


def written_by_keras2(config):
    """True for a `.keras` file's `config.json` that tf_keras (or tf.keras 2.13-2.15) wrote: its model's module
    is Keras 2's (`tf_keras.src.engine.functional`, `keras.src.engine.sequential`)."""
    module = config.get("module") if isinstance(config, dict) else None
    return isinstance(module, str) and (module.startswith("tf_keras.") or module.startswith("keras.engine.")
                                        or module.startswith("keras.src.engine."))


def to_keras3(config):
    """The model config `config` (Keras 2 or Keras 3 shape) in the Keras 3 shape."""
    return layer_to_keras3(decode_tuples(config))


# ---- Keras 3 -> Keras 2 (files written under TF_USE_LEGACY_KERAS=1) --------------------------------------------

def _strip(value):
    if isinstance(value, dict):
        if value.get("class_name") in ("DTypePolicy", "FloatDTypePolicy"):
            return _policy_name(value)
        if value.get("class_name") == "__keras_tensor__":
            return value
        return {k: _strip(v) for k, v in value.items() if k not in _DROP_KERAS2}
    if isinstance(value, list):
        return [_strip(v) for v in value]
    return value


def _node_to_keras2(node, layer_name):
    if isinstance(node, list):
        return node
    args, kwargs = node.get("args", []), dict(node.get("kwargs") or {})
    if len(args) != 1:
        raise ValueError(f"Cannot write layer {layer_name!r} in Keras 2's format: Keras 2 calls a layer on one "
                         f"tensor or one list of tensors. Received: {len(args)} positional arguments")
    first = args[0]
    tensors = first if isinstance(first, list) else [first]
    refs = []
    for tensor in tensors:
        if not (isinstance(tensor, dict) and tensor.get("class_name") == "__keras_tensor__"):
            raise ValueError(f"Cannot write layer {layer_name!r} in Keras 2's format: its inputs are not all "
                             f"tensors. Received: argument={tensor!r}")
        refs.append(list(tensor["config"]["keras_history"]))
    call_kwargs = {}
    for key, value in kwargs.items():
        if isinstance(value, dict) and value.get("class_name") == "__keras_tensor__":
            value = list(value["config"]["keras_history"])
        call_kwargs[key] = value
    return [ref + [call_kwargs if i == 0 else {}] for i, ref in enumerate(refs)]


def _tf_op_node_to_keras2(node, layer_name):
    """A TFOpLambda node as tf_keras writes it: the first argument's structure of references, each carrying the
    other arguments (tensors as references, slices as `{"start", "stop", "step"}`); a bare reference for one
    tensor."""
    if isinstance(node, list):
        return node
    args, kwargs = node.get("args", []), dict(node.get("kwargs") or {})
    if len(args) != 1:
        raise ValueError(f"Cannot write op layer {layer_name!r} in Keras 2's format: tf_keras records the first "
                         f"argument only positionally. Received: {len(args)} positional arguments")

    def value(v):
        if isinstance(v, dict) and v.get("class_name") == "__keras_tensor__":
            return list(v["config"]["keras_history"])
        if isinstance(v, dict) and v.get("class_name") == "__slice__":
            inner = v.get("config") or {}
            return {"start": inner.get("start"), "stop": inner.get("stop"), "step": inner.get("step")}
        if isinstance(v, dict) and isinstance(v.get("class_name"), str) and v["class_name"].startswith("__"):
            raise ValueError(f"Cannot write op layer {layer_name!r} in Keras 2's format: an argument has no Keras 2 "
                             f"spelling. Received: argument={v!r}")
        if isinstance(v, list):
            return [value(x) for x in v]
        if isinstance(v, dict):
            return {k: value(x) for k, x in v.items()}
        return v

    call_kwargs = {k: value(v) for k, v in kwargs.items()}

    def first(v):
        if isinstance(v, dict) and v.get("class_name") == "__keras_tensor__":
            return list(v["config"]["keras_history"]) + [call_kwargs]
        if isinstance(v, list):
            return [first(x) for x in v]
        return [_CONSTANT, -1, value(v), call_kwargs]

    return first(args[0])


def layer_to_keras2(config):
    """A Keras 3 layer/model description in Keras 2's shape (what tf_keras writes)."""
    class_name = config.get("registered_name") or config["class_name"]  # Keras 2 names a class "package>Name"
    inner = dict(config.get("config") or {})
    if class_name == "InputLayer" and "batch_shape" in inner:
        inner["batch_input_shape"] = inner.pop("batch_shape")
    if class_name in ("Functional", "Sequential") and "layers" in inner:
        layers = []
        for entry in inner["layers"]:
            converted = layer_to_keras2(entry)
            if "name" in entry:
                converted["name"] = entry["name"]
            if "inbound_nodes" in entry:
                write = _tf_op_node_to_keras2 if converted["class_name"] in _TF_OP_CLASSES else _node_to_keras2
                converted["inbound_nodes"] = [write(n, entry.get("name")) for n in entry["inbound_nodes"]]
            layers.append(converted)
        inner["layers"] = layers
        for key in ("input_layers", "output_layers"):  # Keras 2 always writes a list of references
            refs = inner.get(key)
            if isinstance(refs, list) and len(refs) == 3 and isinstance(refs[0], str):
                inner[key] = [refs]
        own = _models_with_own_node(layers) if class_name == "Functional" else set()
        if own:
            inner = _shift_nodes(inner, own, +1)
    inner = {k: (v if k == "layers" else _value_to_keras2(v)) for k, v in inner.items()}
    return {"class_name": class_name, "config": inner}


def _value_to_keras2(value):
    if _is_layer_config(value) and "module" in value and str(value.get("module", "")).startswith("keras.layers"):
        return layer_to_keras2(value)
    if _is_layer_config(value) and value.get("class_name") in ("Sequential", "Functional"):
        return layer_to_keras2(value)
    return _strip(value)
