"""Layer and model configs in Keras 3's format: `{"module", "class_name", "config", "registered_name",
"build_config"}` (keras/src/saving/serialization_lib.py, models/sequential.py, models/model.py).

Sequential models list their layers (InputLayer first); functional models are
handled by `functional_graph`; subclassed models and custom layers are
rebuilt from their class (found by registered name or `custom_objects`) and
`get_config`, then built from `build_config` so their weights can be loaded.
"""

import inspect

from keraslike._src.keras.layers.keras_tensor import KerasTensor, map_structure
from keraslike._src.keras.saving import object_registration, serialization_lib


def _json_shape(shape):
    return map_structure(lambda d: d, list(shape)) if isinstance(shape, tuple) else shape


def build_shape(layer):
    """The input shape `layer` was built with, when it can be known (graph node or recorded), else None."""
    for node in getattr(layer, "_inbound_nodes", []):
        if node.args and isinstance(node.args[0], KerasTensor):
            return list(node.args[0].shape)
        if node.args and isinstance(node.args[0], (list, tuple)) and all(
                isinstance(t, KerasTensor) for t in node.args[0]):
            return [list(t.shape) for t in node.args[0]]
    shape = getattr(layer, "_build_shapes", None)
    return map_structure(lambda d: d, _to_list(shape)) if shape is not None else None


def _to_list(shape):
    if isinstance(shape, (list, tuple)):
        return [_to_list(s) for s in shape]
    return shape


def serialize_layer(layer):
    """Keras 3 description of a layer or model."""
    from keraslike._src.keras.layers.core.lambda_layer import Lambda
    from keraslike._src.keras.models.functional import Functional
    from keraslike._src.keras.models.sequential import Sequential

    cls = type(layer)
    if isinstance(layer, Functional) and cls is Functional:
        from keraslike._src.keras.saving import functional_graph

        config = functional_graph.get_config(layer)
    elif isinstance(layer, Sequential) and cls is Sequential:
        config = _sequential_config(layer)
    else:
        config = serialization_lib.serialize_keras_object(layer.get_config())
        if isinstance(layer, Lambda):
            config["function"] = serialization_lib._serialize_function(layer.function)
    builtin = serialization_lib._is_builtin(cls)
    out = {"module": serialization_lib._module_name(layer, "layers"), "class_name": cls.__name__,
           "config": config,
           "registered_name": None if builtin and cls.__name__ not in ("Functional",)
           else object_registration.get_registered_name(cls)}
    shape = build_shape(layer) if not isinstance(layer, Functional) else None
    if cls.__name__ != "InputLayer" and (shape is not None or not builtin):
        out["build_config"] = {"input_shape": shape}
    return out


def _sequential_config(model):
    layers = []
    if model._input_layer is not None:
        layers.append(serialize_layer(model._input_layer))
    for layer in model.layers:
        entry = serialize_layer(layer)
        if model._input_layer is not None:
            entry["config"].pop("batch_input_shape", None)
        layers.append(entry)
    config = {"name": model.name, "trainable": model.trainable, "dtype": model.dtype, "layers": layers}
    if model._input_layer is not None:
        config["build_input_shape"] = list(model._input_layer.batch_shape)
    return config


def deserialize_layer(config, custom_objects=None, safe_mode=True):
    """Rebuild a layer or model from its Keras 3 description (built, ready for weights).

    Raises:
        TypeError: unknown class (register it or pass `custom_objects`).
        ValueError: a Lambda holding bytecode while `safe_mode` is True.
    """
    class_name = config["class_name"]
    cls = serialization_lib.resolve_class(class_name, config.get("registered_name"), "layers", custom_objects,
                                          config.get("module"))
    inner = dict(config.get("config") or {})
    if class_name == "Functional" and serialization_lib._is_builtin(cls):
        from keraslike._src.keras.saving import functional_graph

        return functional_graph.from_config(inner, custom_objects, safe_mode)
    if class_name == "Sequential" and serialization_lib._is_builtin(cls):
        return _sequential_from_config(inner, custom_objects, safe_mode)
    if class_name == "Lambda" and serialization_lib._is_builtin(cls):
        inner["function"] = _lambda_function(inner.get("function"), custom_objects, safe_mode)
    inner = {k: serialization_lib.deserialize_nested(v, custom_objects, safe_mode) if k != "function" else v
             for k, v in inner.items()}
    for key in ("batch_shape", "batch_input_shape", "input_shape"):
        if isinstance(inner.get(key), list):
            inner[key] = tuple(inner[key])
    layer = _instantiate(cls, serialization_lib.clean_config(cls, inner))
    _build_from_config(layer, config.get("build_config"))
    return layer


def _instantiate(cls, config):
    try:
        return cls.from_config(config)
    except TypeError:
        if serialization_lib._is_builtin(cls):
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
    from keraslike._src.keras.models.model import Model

    if isinstance(layer, Model):
        layer.build(shape)
    else:
        layer.build(shape)
        layer.built = True


def _lambda_function(spec, custom_objects, safe_mode):
    if isinstance(spec, dict):
        return serialization_lib.deserialize_keras_object(spec, custom_objects, safe_mode)
    found = object_registration.get_registered_object(spec, custom_objects)
    if found is None:
        raise ValueError(f"The Lambda layer's function {spec!r} is not known: pass it in `custom_objects` "
                         f"(or register it with `register_keras_serializable`). Received: function={spec!r}")
    return found


def _sequential_from_config(config, custom_objects, safe_mode):
    from keraslike._src.keras.models.sequential import Sequential

    model = Sequential(name=config.get("name"))
    for layer_config in config.get("layers", []):
        model.add(deserialize_layer(layer_config, custom_objects, safe_mode))
    shape = config.get("build_input_shape")
    if model._input_layer is None and shape:
        model.build(tuple(shape))
    if config.get("trainable") is False:
        model.trainable = False
    return model
