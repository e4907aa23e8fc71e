"""`serialize_keras_object` / `deserialize_keras_object` in Keras 3's format (keras/src/saving/serialization_lib.py).

A serialized object is `{"module", "class_name", "config", "registered_name"}`
(layers add `"build_config"`); plain values stay JSON values. Deserialization
looks names up in `custom_objects`, the active `CustomObjectScope`s, the
`register_keras_serializable` registry, then keraslike's built-ins (every
layer, model, loss, metric, optimizer and initializer class joins
`object_registration`'s table when defined, so this module imports none). Configs
written by real Keras 3 are accepted: keys a keraslike class does not know
(`quantization_config`, `ragged`, ...) are dropped and `DTypePolicy` dicts
become dtype names. Nothing is ever unpickled; a Lambda's Python bytecode is
only loaded with `safe_mode=False`.
"""

import base64
import inspect
import marshal
import types

import numpy as np

from keraslike._src.keras import activations, keras_version
from keraslike._src.keras.backend import config as keras_config
from keraslike._src.keras.layers.keras_tensor import map_structure
from keraslike._src.keras.mixed_precision import policy
from keraslike._src.keras.saving import functional_graph, object_registration, op_nodes, tf_op_layers

_LAMBDA_ERROR = (
    "Requested the deserialization of a `lambda` object. This carries a potential risk of arbitrary code "
    "execution and thus it is disallowed by default. If you trust the source of the saved model, you can pass "
    "`safe_mode=False` to the loading function in order to allow `lambda` loading, or call "
    "`keras.config.enable_unsafe_deserialization()`."
)


_KINDS = ("layers", "optimizers", "losses", "metrics", "initializers")


def _builtins():
    """kind -> {class name -> class} of keraslike's layers (models too), optimizers, losses, metrics, initializers."""
    return {kind: object_registration.builtin_objects(kind) for kind in _KINDS}


def _layer_class(name):
    """keraslike's layer or model class `name` ("Sequential", "Functional", "Model", "Lambda")."""
    return object_registration.builtin_objects("layers")[name]


def _kind(obj):
    for kind in _KINDS:
        base = object_registration.builtin_base(kind)
        if base is not None and isinstance(obj, base):
            return kind
    return None


def _is_builtin(cls):
    return cls.__module__.startswith("keraslike.")


def _module_name(obj, kind):
    cls = type(obj)
    if not _is_builtin(cls):
        return cls.__module__
    if cls.__name__ == "Sequential":
        return "keras"
    if cls.__name__ == "Functional":
        return "keras.src.models.functional"
    return "keras." + kind


def serialize_keras_object(obj):
    """JSON-ready Keras 3 description of `obj` (layer, model, optimizer, loss, metric, initializer,
    function, or plain value).

    Raises:
        TypeError: for an object that cannot be described in JSON.
    """
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, (np.generic,)):
        return obj.item()
    if isinstance(obj, np.ndarray):
        return obj.tolist()
    if hasattr(obj, "dtype") and hasattr(obj, "tolist") and hasattr(obj, "detach"):
        return obj.detach().cpu().numpy().tolist()
    if isinstance(obj, (list, tuple)):
        return [serialize_keras_object(v) for v in obj]
    if isinstance(obj, dict):
        return {str(k): serialize_keras_object(v) for k, v in obj.items()}
    if isinstance(obj, types.FunctionType) or (callable(obj) and _kind(obj) is None and not inspect.isclass(obj)):
        return _serialize_function(obj)
    kind = _kind(obj)
    if kind is None:
        raise TypeError(f"Cannot serialize object {obj!r} of type {type(obj).__name__}. Received: obj={obj!r}")
    if kind == "layers":
        return serialize_layer(obj)
    return {"module": _module_name(obj, kind), "class_name": type(obj).__name__,
            "config": serialize_keras_object(obj.get_config()),
            "registered_name": None if _is_builtin(type(obj)) else object_registration.get_registered_name(
                type(obj))}


def _serialize_function(fn):
    name = getattr(fn, "__name__", None)
    if name == "<lambda>":
        code = base64.b64encode(marshal.dumps(fn.__code__)).decode("ascii")
        defaults = serialize_keras_object(list(fn.__defaults__)) if fn.__defaults__ else None
        return {"class_name": "__lambda__", "config": {"code": code, "defaults": defaults, "closure": None}}
    registered = object_registration.GLOBAL_CUSTOM_NAMES.get(fn)
    module = getattr(fn, "__module__", "")
    if registered is None and module.startswith("keraslike."):
        return name  # activations and loss functions travel by name ("relu")
    return {"module": module, "class_name": "function", "config": registered or name,
            "registered_name": registered or "function"}


def _load_lambda(config, safe_mode):
    if keras_config.in_safe_mode() is not None:  # keras.config.enable_unsafe_deserialization() overrides
        safe_mode = keras_config.in_safe_mode()
    if safe_mode:
        raise ValueError(_LAMBDA_ERROR)
    code = marshal.loads(base64.b64decode(config["code"]))  # bytecode, not pickle; opt-in only
    defaults = tuple(config["defaults"]) if config.get("defaults") else None
    return types.FunctionType(code, globals(), code.co_name, defaults)


def resolve_class(class_name, registered_name=None, kind="layers", custom_objects=None, module=None):
    """Find the class (or function) named in a serialized config.

    Raises:
        TypeError: if the name is unknown (the message says to pass `custom_objects` or register it).
    """
    for key in (registered_name, class_name):
        if key:
            found = object_registration.get_registered_object(key, custom_objects)
            if found is not None:
                return found
    table = _builtins()
    for k in ([kind] if kind else []) + [k for k in table if k != kind]:
        if class_name in table[k]:
            return table[k][class_name]
    raise TypeError(
        f"Could not locate class '{class_name}'. Make sure custom classes are decorated with "
        "`@keras.saving.register_keras_serializable()` or passed in `custom_objects`. "
        f"Full object config: module={module!r}. Received: class_name={class_name!r}, "
        f"registered_name={registered_name!r}"
    )


def clean_config(cls, config):
    """Drop config keys a built-in keraslike class does not accept (from configs written by real Keras)."""
    if not _is_builtin(cls):
        return config
    accepted, has_var_kw = set(), False
    for klass in cls.__mro__:
        init = vars(klass).get("__init__")
        if init is None:
            continue
        params = inspect.signature(init).parameters
        accepted.update(n for n, p in params.items() if p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL))
        has_var_kw = any(p.kind == p.VAR_KEYWORD for p in params.values())
        if not has_var_kw:
            break
    accepted.update({"activity_regularizer", "batch_size", "weights"} if has_var_kw else ())
    accepted.update(getattr(cls, "_init_kwargs", ()))  # taken through **kwargs (an RNN layer's cell arguments)
    return {k: v for k, v in config.items() if k in accepted}


def deserialize_keras_object(config, custom_objects=None, safe_mode=True, kind="layers"):
    """Rebuild an object from `serialize_keras_object`'s output (or from a real Keras 3 config).

    Args:
        config: dict `{"class_name", "config", ...}`, a name string, or a plain value.
        custom_objects: optional dict name -> class/function.
        safe_mode: refuse Lambda bytecode (default True).
        kind: "layers", "optimizers", "losses", "metrics" or "initializers" (where to look names up first).

    Raises:
        TypeError: unknown class names. ValueError: a lambda with `safe_mode=True`.
    """
    if not isinstance(config, dict) or "class_name" not in config:
        return config
    class_name = config["class_name"]
    inner = config.get("config")
    if class_name == "__lambda__":
        return _load_lambda(inner, safe_mode)
    if class_name == "__tensor__" or class_name == "__numpy__":
        return np.asarray(inner["value"], dtype=inner.get("dtype"))
    if class_name in ("DTypePolicy", "FloatDTypePolicy", "DTypePolicyMap"):
        return inner.get("name", "float32") if isinstance(inner, dict) else inner
    if class_name == "function":
        found = object_registration.get_registered_object(config.get("registered_name"), custom_objects) or \
            object_registration.get_registered_object(inner, custom_objects)
        if found is None and kind in ("losses", "metrics"):
            return inner  # Keras's loss or metric function by name: `compile` resolves it as it does the string
        if found is None:
            return activations.get(inner)
        return found
    if kind == "layers":
        return deserialize_layer(config, custom_objects, safe_mode)
    cls = resolve_class(class_name, config.get("registered_name"), kind, custom_objects, config.get("module"))
    inner = {k: deserialize_nested(v, custom_objects, safe_mode) for k, v in (inner or {}).items()}
    return cls.from_config(clean_config(cls, inner))


def deserialize_nested(value, custom_objects=None, safe_mode=True):
    """Turn nested serialized objects inside a config (initializers, dtype policies) into objects."""
    if isinstance(value, dict) and "class_name" in value:
        module = value.get("module") or ""
        kind = next((k for k in ("initializers", "optimizers", "losses", "metrics", "layers")
                     if module.endswith(k)), None)
        if value["class_name"] in ("DTypePolicy", "FloatDTypePolicy", "__lambda__", "function"):
            return deserialize_keras_object(value, custom_objects, safe_mode)
        if kind == "initializers" or value["class_name"] in _builtins()["initializers"]:
            return deserialize_keras_object(value, custom_objects, safe_mode, kind="initializers")
        if kind is not None:
            return deserialize_keras_object(value, custom_objects, safe_mode, kind=kind)
        return value
    return value


# ---- layers and models: `{"module", "class_name", "config", "registered_name", "build_config"}` --------------
# Sequential models list their layers (InputLayer first); functional models are handled by `functional_graph`;
# subclassed models and custom layers are rebuilt from their class (found by registered name or
# `custom_objects`) and `get_config`, then built from `build_config` so their weights can be loaded.

def _json_shape(shape):
    return map_structure(lambda d: d, list(shape)) if isinstance(shape, tuple) else shape




def serialize_layer(layer):
    """Keras 3 description of a layer or model (keras/src/models/sequential.py, models/model.py)."""
    cls = type(layer)
    if getattr(layer, "keras_op", None) is not None:  # an op node read from a Keras 3 file: written back as is
        return layer.keras_op.entry()
    functional, sequential = _layer_class("Functional"), _layer_class("Sequential")
    if cls is functional or (isinstance(layer, functional) and not isinstance(layer, sequential)
                             and cls.get_config is functional.get_config):
        # a Functional subclass built from inputs and outputs (keras-io's `MaskedLanguageModel(inputs, outputs)`
        # overriding only `train_step`): Keras writes its graph as for a plain functional model
        config = functional_graph.get_config(layer, serialize_layer)
    elif cls is sequential:
        config = _sequential_config(layer)
    else:
        config = serialize_keras_object(layer.get_config())
        if isinstance(layer, _layer_class("Lambda")):
            config["function"] = _serialize_function(layer.function)
    builtin = _is_builtin(cls)
    out = {"module": _module_name(layer, "layers"), "class_name": cls.__name__,
           "config": config,
           "registered_name": None if builtin and cls.__name__ not in ("Functional",)
           else object_registration.get_registered_name(cls)}
    build_config = layer.get_build_config()
    if build_config is None and not builtin and not isinstance(layer, _layer_class("InputLayer")):
        build_config = {"input_shape": None}  # a custom layer's entry always has one (keraslike's older files too)
    if build_config is not None:
        out["build_config"] = build_config
    if isinstance(layer, _layer_class("Model")) and not keras_version.legacy_keras():
        out["compile_config"] = layer.get_compile_config() or {}  # Keras 3 writes {} for an uncompiled model
    return out


def functional_from_config(config, cls, custom_objects=None, safe_mode=True):
    """The functional graph of `config` (Keras 3's `layers`, `input_layers`, `output_layers`) built as a `cls`."""
    return functional_graph.from_config(config, lambda data: deserialize_layer(data, custom_objects, safe_mode), cls)


def _sequential_config(model):
    layers = []
    if model._input_layer is not None:
        layers.append(serialize_layer(model._input_layer))
    for layer in model.layers:
        entry = serialize_layer(layer)
        if model._input_layer is not None:
            entry["config"].pop("batch_input_shape", None)
        layers.append(entry)
    if keras_version.legacy_keras():  # tf_keras: the name and the layers (an InputLayer first when it has one)
        return {"name": model.name, "layers": layers}
    config = {"name": model.name, "trainable": model.trainable, "dtype": policy.config_entry(model.dtype_policy),
              "layers": layers}
    if model._input_layer is not None:
        config["build_input_shape"] = list(model._input_layer.batch_shape)
    return config


def deserialize_layer(config, custom_objects=None, safe_mode=True):
    """Rebuild a layer or model from its Keras 3 description (built, ready for weights).

    Raises:
        TypeError: unknown class (register it or pass `custom_objects`).
        ValueError: a Lambda holding bytecode while `safe_mode` is True.
    """
    if not isinstance(config, dict):  # already built (a wrapper's `layer` deserialized with its config)
        return config
    class_name = config["class_name"]
    if op_nodes.is_op_config(config):  # a keras.ops node of a functional graph (`NotEqual` for a mask)
        return op_nodes.op_from_config(config)
    if tf_op_layers.is_tf_op_config(config):  # tf_keras's TFOpLambda: a TF function applied to a graph tensor
        return tf_op_layers.op_from_config(config)
    if op_nodes.is_moduleless_op_config(config):  # Keras 3's `.h5` writer drops op nodes' modules
        return op_nodes.op_from_config(config)
    cls = resolve_class(class_name, config.get("registered_name"), "layers", custom_objects,
                        config.get("module"))
    inner = dict(config.get("config") or {})
    if class_name == "Functional" and _is_builtin(cls):
        return functional_graph.from_config(inner, lambda data: deserialize_layer(data, custom_objects, safe_mode),
                                            cls)
    if class_name == "Sequential" and _is_builtin(cls):
        return _sequential_from_config(inner, custom_objects, safe_mode)
    if class_name == "Lambda" and _is_builtin(cls):
        inner["function"] = _lambda_function(inner.get("function"), custom_objects, safe_mode)
    inner = {k: deserialize_nested(v, custom_objects, safe_mode) if k != "function" else v
             for k, v in inner.items()}
    for key in ("batch_shape", "batch_input_shape", "input_shape"):
        if isinstance(inner.get(key), list):
            inner[key] = tuple(inner[key])
    try:
        layer = _instantiate(cls, clean_config(cls, inner))
        _build_from_config(layer, config.get("build_config"))
    except (TypeError, ValueError) as err:
        if type(err) not in (TypeError, ValueError) or getattr(err, "_keraslike_layer_named", False):
            raise  # a nested layer already said where, or an error type of its own
        raise _in_layer(err, class_name, config.get("name") or inner.get("name")) from err
    return layer


def _in_layer(err, class_name, name):
    """`err`, same type, prefixed with the layer whose config raised it (a config file names no line)."""
    new = type(err)(f"In the config of layer {name!r} ({class_name}): {err}")
    new._keraslike_layer_named = True
    return new


def _instantiate(cls, config):
    try:
        return cls.from_config(config)
    except TypeError:
        if _is_builtin(cls):
            raise
    params = inspect.signature(cls.__init__).parameters
    accepted = {k: v for k, v in config.items() if k in params}
    obj = cls(**accepted)
    if "name" in config and "name" not in accepted:
        obj.name = config["name"]
    return obj


def _build_from_config(layer, build_config):
    if not build_config or layer.built:
        return
    shape = build_config.get("input_shape")
    if shape is None:
        return
    shape = tuple(shape) if shape and not isinstance(shape[0], list) else [tuple(s) for s in shape]
    if isinstance(layer, _layer_class("Model")):
        layer.build(shape)
    else:
        layer.build(shape)
        layer.built = True


def _lambda_function(spec, custom_objects, safe_mode):
    if isinstance(spec, dict):
        return deserialize_keras_object(spec, custom_objects, safe_mode)
    found = object_registration.get_registered_object(spec, custom_objects)
    if found is None:
        raise ValueError(f"The Lambda layer's function {spec!r} is not known: pass it in `custom_objects` "
                         f"(or register it with `register_keras_serializable`). Received: function={spec!r}")
    return found


def _sequential_from_config(config, custom_objects, safe_mode):
    model = _layer_class("Sequential")(name=config.get("name"))
    for layer_config in config.get("layers", []):
        model.add(deserialize_layer(layer_config, custom_objects, safe_mode))
    shape = config.get("build_input_shape")
    if model._input_layer is None and shape:
        model.build(tuple(shape))
    if config.get("trainable") is False:
        model.trainable = False
    return model
