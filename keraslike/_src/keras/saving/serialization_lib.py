"""`serialize_keras_object` / `deserialize_keras_object` in Keras 3's format (keras/src/saving/serialization_lib.py).

A serialized object is `{"module", "class_name", "config", "registered_name"}`
(layers add `"build_config"`); plain values stay JSON values. Deserialization
looks names up in `custom_objects`, the active `CustomObjectScope`s, the
`register_keras_serializable` registry, then keraslike's built-ins. Configs
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

from keraslike._src.keras.saving import object_registration

_LAMBDA_ERROR = (
    "Requested the deserialization of a `lambda` object. This carries a potential risk of arbitrary code "
    "execution and thus it is disallowed by default. If you trust the source of the saved model, you can pass "
    "`safe_mode=False` to the loading function in order to allow `lambda` loading."
)


def _builtins():
    """class name -> class for keraslike's layers, models, optimizers, losses, metrics, initializers."""
    from keraslike._src.keras import initializers, losses, metrics, optimizers
    from keraslike._src.keras.layers.layer import Layer
    from keraslike._src.keras.models.functional import Functional
    from keraslike._src.keras.models.model import Model
    from keraslike._src.keras.models.sequential import Sequential
    from keraslike.keras import layers as public_layers

    table = {"layers": {n: c for n, c in vars(public_layers).items() if inspect.isclass(c) and issubclass(c, Layer)}}
    table["layers"].update({"Sequential": Sequential, "Functional": Functional, "Model": Model})
    table["optimizers"] = {**{c.__name__: c for c in optimizers._BY_NAME.values()}, **optimizers._BY_CLASS}
    table["losses"] = {**losses._BY_CLASS}
    table["metrics"] = {**metrics._BY_CLASS}
    table["initializers"] = {n: c for n, c in vars(initializers).items()
                             if inspect.isclass(c) and issubclass(c, initializers.Initializer)}
    return table


def _kind(obj):
    from keraslike._src.keras import initializers
    from keraslike._src.keras.layers.layer import Layer
    from keraslike._src.keras.losses.loss import Loss
    from keraslike._src.keras.metrics.metric import Metric
    from keraslike._src.keras.optimizers.optimizer import Optimizer

    for kind, base in (("layers", Layer), ("optimizers", Optimizer), ("losses", Loss), ("metrics", Metric),
                       ("initializers", initializers.Initializer)):
        if isinstance(obj, base):
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
        from keraslike._src.keras.saving import model_config

        return model_config.serialize_layer(obj)
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
        if found is None:
            from keraslike._src.keras import activations

            return activations.get(inner)
        return found
    if kind == "layers":
        from keraslike._src.keras.saving import model_config

        return model_config.deserialize_layer(config, custom_objects, safe_mode)
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
