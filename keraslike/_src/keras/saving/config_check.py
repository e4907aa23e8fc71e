"""The structure of a Keras 3 model config, checked before anything is built from it.

`load_model` reads `config.json` (and `model_from_json` a string) written by Keras or by anyone: a field of
the wrong kind (`"layers": "..."`, an inbound node that is not an object, a `keras_history` of two items)
must give an error that names the file and the field, not a `TypeError` from deep inside the rebuild.
Only the fields the rebuild itself reads are checked here (class names, layer lists, graph nodes, tensor
references, build and compile configs); each layer's own arguments are checked by the layer.

Paths name fields as a reader finds them in the JSON: `config.layers[2].inbound_nodes[0].args`.
"""

_MODEL_CLASSES = ("Functional", "Model", "Sequential")


class ConfigError(ValueError, TypeError):
    """A field of a model config that does not have the structure Keras writes.

    Both a ValueError (keraslike's damaged-file error) and a TypeError (what Keras raises for such a config).
    """


def check_model_config(config, source):
    """Raise `ConfigError` naming `source` and the first malformed field of `config`.

    Args:
        config: the parsed JSON config of a model (`config.json`).
        source: what it was read from, for the message (`"m.keras"`).

    Raises:
        ConfigError: (a ValueError and TypeError) `Cannot load <source>: field <path> ... Received: <path>=<value>`.
    """
    try:
        _object(config, "", top=True)
    except _Malformed as bad:
        path, expected, value = bad.args
        raise ConfigError(f"Cannot load {source}: field `{path or '<root>'}` of the model config must be "
                          f"{expected}. Received: {path or 'config'}={_short(value)}") from None


class _Malformed(Exception):
    pass


def _short(value):
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _require(ok, path, expected, value):
    if not ok:
        raise _Malformed(path, expected, value)


def _join(path, key):
    return f"{path}.{key}" if path else key


def _object(entry, path, top=False):
    """A serialized layer or model: `{"class_name", "config", "module", "registered_name", "build_config"}`."""
    _require(isinstance(entry, dict), path, "an object describing a layer", entry)
    _require(isinstance(entry.get("class_name"), str), _join(path, "class_name"), "a string", entry.get("class_name"))
    for key in ("module", "registered_name"):
        _require(entry.get(key) is None or isinstance(entry[key], str), _join(path, key), "a string or null",
                 entry.get(key))
    inner = entry.get("config", {})
    _require(isinstance(inner, dict), _join(path, "config"), "an object", inner)
    build = entry.get("build_config")
    _require(build is None or isinstance(build, dict), _join(path, "build_config"), "an object or null", build)
    if isinstance(build, dict):
        _shape(build.get("input_shape"), _join(path, "build_config.input_shape"))
    if top:
        compiled = entry.get("compile_config")
        _require(compiled is None or isinstance(compiled, dict), "compile_config", "an object or null", compiled)
    if entry["class_name"] in _MODEL_CLASSES and "layers" in inner:
        _model(entry["class_name"], inner, _join(path, "config"))


def _model(class_name, config, path):
    _require(config.get("name") is None or isinstance(config["name"], str), _join(path, "name"),
             "a string or null", config.get("name"))
    layers = config["layers"]
    _require(isinstance(layers, list), _join(path, "layers"), "a list of layer objects", layers)
    for i, entry in enumerate(layers):
        where = f"{path}.layers[{i}]"
        _object(entry, where)
        if class_name != "Sequential":
            _graph_entry(entry, where)
    if class_name == "Sequential":
        _shape(config.get("build_input_shape"), _join(path, "build_input_shape"))
        return
    for key in ("input_layers", "output_layers"):
        _require(key in config, _join(path, key), "present in a functional model's config", None)
        _references(config[key], _join(path, key))


def _graph_entry(entry, path):
    _require(entry.get("name") is None or isinstance(entry["name"], str), _join(path, "name"), "a string",
             entry.get("name"))
    nodes = entry.get("inbound_nodes", [])
    _require(isinstance(nodes, list), _join(path, "inbound_nodes"), "a list of call nodes", nodes)
    for i, node in enumerate(nodes):
        where = f"{path}.inbound_nodes[{i}]"
        _require(isinstance(node, dict), where, 'an object with "args" and "kwargs"', node)
        _require(isinstance(node.get("args", []), list), _join(where, "args"), "a list", node.get("args"))
        _require(isinstance(node.get("kwargs", {}), dict), _join(where, "kwargs"), "an object", node.get("kwargs"))
        _tensors(node.get("args", []), _join(where, "args"))
        _tensors(node.get("kwargs", {}), _join(where, "kwargs"))


def _tensors(value, path):
    """Every `__keras_tensor__` inside a node's arguments refers to `[layer name, node index, tensor index]`."""
    if isinstance(value, dict) and value.get("class_name") == "__keras_tensor__":
        inner = value.get("config")
        _require(isinstance(inner, dict), _join(path, "config"), "an object", inner)
        _reference(inner.get("keras_history"), _join(path, "config.keras_history"))
    elif isinstance(value, dict):
        for key, item in value.items():
            _tensors(item, _join(path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _tensors(item, f"{path}[{i}]")


def _is_reference(value):
    return (isinstance(value, list) and len(value) == 3 and isinstance(value[0], str)
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value[1:]))


def _reference(value, path):
    _require(_is_reference(value), path, "[layer name, node index, tensor index]", value)


def _references(value, path):
    """`input_layers` / `output_layers`: one reference, or a list or object of them (nested)."""
    if _is_reference(value):
        return
    if isinstance(value, dict):
        for key, item in value.items():
            _references(item, _join(path, key))
        return
    _require(isinstance(value, list) and value, path, "[layer name, node index, tensor index] or a list of them",
             value)
    for i, item in enumerate(value):
        _references(item, f"{path}[{i}]")


def _shape(value, path):
    """An input shape: null, a list of dims (int or null), or a list or object of such shapes."""
    if value is None:
        return
    if isinstance(value, dict):
        for key, item in value.items():
            _shape(item, _join(path, key))
        return
    _require(isinstance(value, list), path, "a shape (a list of dimensions) or null", value)
    for i, dim in enumerate(value):
        if isinstance(dim, list):
            _shape(dim, f"{path}[{i}]")
        else:
            _require(dim is None or (isinstance(dim, int) and not isinstance(dim, bool)), f"{path}[{i}]",
                     "an integer or null", dim)
