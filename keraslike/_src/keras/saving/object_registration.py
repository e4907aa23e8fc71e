"""`keras.saving.register_keras_serializable`, `get_custom_objects`, `CustomObjectScope`.

Mirrors keras/src/saving/object_registration.py: a global registry keyed by
`"package>name"`, plus a stack of scopes (`custom_object_scope({...})`).
"""

import inspect
import threading

GLOBAL_CUSTOM_OBJECTS = {}
GLOBAL_CUSTOM_NAMES = {}
_SCOPES = threading.local()


def _scope_stack():
    if not hasattr(_SCOPES, "stack"):
        _SCOPES.stack = []
    return _SCOPES.stack


class CustomObjectScope:
    """`with keras.saving.CustomObjectScope({"MyLayer": MyLayer}):` makes those names resolvable.

    Args:
        custom_objects: dict name -> class or function.
    """

    def __init__(self, custom_objects):
        self.custom_objects = dict(custom_objects or {})

    def __enter__(self):
        _scope_stack().append(self.custom_objects)
        return self

    def __exit__(self, *exc):
        _scope_stack().pop()


custom_object_scope = CustomObjectScope


def get_custom_objects():
    """The global registry dict (mutable: `get_custom_objects()["MyLayer"] = MyLayer` registers)."""
    return GLOBAL_CUSTOM_OBJECTS


def register_keras_serializable(package="Custom", name=None):
    """Decorator registering a class or function as `"package>name"` for (de)serialization.

    Args:
        package: str, default "Custom".
        name: str, default the object's `__name__`.

    Returns:
        The decorator (it returns the object unchanged).

    Raises:
        ValueError: if the object is a class without `get_config`, or the name is taken.
    """

    def decorator(arg):
        class_name = name if name is not None else arg.__name__
        registered_name = package + ">" + class_name
        if inspect.isclass(arg) and not hasattr(arg, "get_config"):
            raise ValueError("Cannot register a class that does not have a get_config() method. "
                             f"Received: {arg}")
        if registered_name in GLOBAL_CUSTOM_OBJECTS and GLOBAL_CUSTOM_OBJECTS[registered_name] is not arg:
            raise ValueError(f"{registered_name} has already been registered to "
                             f"{GLOBAL_CUSTOM_OBJECTS[registered_name]}. Received: {arg}")
        GLOBAL_CUSTOM_OBJECTS[registered_name] = arg
        GLOBAL_CUSTOM_NAMES[arg] = registered_name
        return arg

    return decorator


def get_registered_name(obj):
    """`"package>name"` of a registered object, else its `__name__`."""
    if obj in GLOBAL_CUSTOM_NAMES:
        return GLOBAL_CUSTOM_NAMES[obj]
    return getattr(obj, "__name__", type(obj).__name__)


def get_registered_object(name, custom_objects=None, module_objects=None):
    """Look `name` up in: `custom_objects`, the active scopes, the global registry, then `module_objects`."""
    custom_objects = custom_objects or {}
    if name in custom_objects:
        return custom_objects[name]
    for scope in reversed(_scope_stack()):
        if name in scope:
            return scope[name]
    if name in GLOBAL_CUSTOM_OBJECTS:
        return GLOBAL_CUSTOM_OBJECTS[name]
    if module_objects and name in module_objects:
        return module_objects[name]
    return None
