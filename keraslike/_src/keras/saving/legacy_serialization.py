"""The TF 2 (Keras 2) serialization format: `tf.keras.utils.legacy.serialize_keras_object` and
`deserialize_keras_object` (also `tf.keras.legacy.saving.*`; keras/src/legacy/saving/serialization.py).

The format is `{"class_name": registered name, "config": obj.get_config()}`; config values that are
themselves serializable objects become nested `{"class_name", "config", "__passive_serialization__": True}`
dicts, and functions become their registered name. Unlike Keras 3's format there is no "module" or
"registered_name", and deserializing a name needs it in `custom_objects`, a custom-object scope, the
global registry or `module_objects`. Keras's shared-object scopes (one object reused by several layers)
are not supported: such an object deserializes into one copy per use.
"""

import inspect

from keraslike._src.keras.saving.object_registration import (
    GLOBAL_CUSTOM_OBJECTS, CustomObjectScope, get_registered_name, get_registered_object,
)

_PASSIVE = "__passive_serialization__"


def serialize_keras_object(instance):
    """The TF 2 config dict of `instance` (None for None; a name string for a function or class).

    Raises:
        ValueError: if `instance` has no `get_config` and no `__name__`.
    """
    instance = inspect.unwrap(instance) if callable(instance) else instance
    if instance is None:
        return None
    if hasattr(instance, "get_config") and not inspect.isclass(instance):
        config = {}
        for key, item in instance.get_config().items():
            if isinstance(item, str):
                config[key] = item
                continue
            try:
                serialized = serialize_keras_object(item)
            except ValueError:
                config[key] = item
                continue
            if isinstance(serialized, dict) and not isinstance(item, dict):
                serialized[_PASSIVE] = True
            config[key] = serialized
        return {"class_name": get_registered_name(type(instance)), "config": config}
    if hasattr(instance, "__name__"):
        return get_registered_name(instance)
    raise ValueError(f"Cannot serialize {instance} because it doesn't implement `get_config()`.")


def _unknown(kind, name):
    return ValueError(f"Unknown {kind}: '{name}'. Please ensure you are using a `keras.utils.custom_object_scope` "
                      "and that this object is included in the scope. See "
                      "https://www.tensorflow.org/guide/keras/save_and_serialize#registering_the_custom_object "
                      "for details.")


def _class_and_config(config, module_objects, custom_objects, printable_module_name):
    if not isinstance(config, dict) or "class_name" not in config or "config" not in config:
        raise ValueError(f"Improper config format for {config}. Expecting python dict contains `class_name` and "
                         "`config` as keys")
    class_name = config["class_name"]
    cls = get_registered_object(class_name, custom_objects, module_objects)
    if cls is None:
        raise _unknown(printable_module_name, class_name)
    cls_config = config["config"]
    if isinstance(cls_config, list):
        return cls, cls_config
    cls_config = dict(cls_config)
    for key, item in list(cls_config.items()):
        if key == "name":
            continue
        if isinstance(item, dict) and _PASSIVE in item:
            cls_config[key] = deserialize_keras_object(item, module_objects=module_objects,
                                                       custom_objects=custom_objects,
                                                       printable_module_name="config_item")
        elif isinstance(item, str):
            found = get_registered_object(item, custom_objects, module_objects)
            if inspect.isfunction(found):
                cls_config[key] = found
    return cls, cls_config


def deserialize_keras_object(identifier, module_objects=None, custom_objects=None, printable_module_name="object"):
    """An object from its TF 2 serialized form.

    Args:
        identifier: a `{"class_name", "config"}` dict (the class's `from_config`, or its constructor, gets
            the config), a name string (the named object; a class is instantiated without arguments), a
            function (returned as is), or None.
        module_objects: dict of built-in objects to look names up in (as Keras, none by default).
        custom_objects: dict of user objects, searched first.
        printable_module_name: the kind of object, used in error messages.

    Raises:
        ValueError: for an unknown name, a malformed dict, or another kind of identifier.
    """
    if identifier is None:
        return None
    custom_objects = custom_objects or {}
    if isinstance(identifier, dict):
        cls, cls_config = _class_and_config(identifier, module_objects, custom_objects, printable_module_name)
        if hasattr(cls, "from_config"):
            if "custom_objects" in inspect.signature(cls.from_config).parameters:
                return cls.from_config(cls_config, custom_objects={**GLOBAL_CUSTOM_OBJECTS, **custom_objects})
            with CustomObjectScope(custom_objects):
                return cls.from_config(cls_config)
        with CustomObjectScope(custom_objects):
            return cls(**cls_config)
    if isinstance(identifier, str):
        obj = get_registered_object(identifier, custom_objects, module_objects)
        if obj is None:
            raise _unknown(printable_module_name, identifier)
        return obj() if inspect.isclass(obj) else obj
    if inspect.isfunction(identifier):
        return identifier
    raise ValueError(f"Could not interpret serialized {printable_module_name}: {identifier}")
