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


# ---- keraslike's own classes, by kind (Keras finds its built-ins through `keras_export`'s table) ----------
_PACKAGE = __name__.split(".")[0] + "."  # "keraslike.": classes defined in keraslike are its built-ins
_BUILTIN_BASES = {}
_BUILTIN_CLASSES = {}  # kind -> [class, ...] in definition order
_BUILTIN_TABLES = {}   # kind -> (number of classes it was built from, {name: class})
_BUILTIN_ALIASES = {}  # kind -> {second name: class}, e.g. "Convolution2D" -> Conv2D


def register_builtin_base(kind, base):
    """Declare `base` (e.g. `Layer`) the base class of the built-ins of `kind` (e.g. "layers") and register it.

    Each base class's `__init_subclass__` calls `register_builtin(kind, cls)`, so every keraslike layer, loss,
    metric, optimizer and initializer class joins the table when it is defined; serialization finds classes by
    name there instead of importing the public namespace.
    """
    _BUILTIN_BASES[kind] = base
    register_builtin(kind, base)


_TF1_PACKAGES = ("keraslike._src.compat.", "keraslike._src.graph.")


def register_builtin(kind, cls):
    """Add keraslike's class `cls` to the built-ins of `kind`.

    Classes defined outside keraslike are left out: users register theirs with `register_keras_serializable` or
    pass them in `custom_objects`, as in Keras. So are TF1's classes (`tf.compat.v1.random_uniform_initializer`
    and its kin subclass Keras's but keep TF1's defaults): a Keras config's "RandomUniform" is always Keras's.
    """
    if cls.__module__.startswith(_PACKAGE) and not cls.__module__.startswith(_TF1_PACKAGES):
        _BUILTIN_CLASSES.setdefault(kind, []).append(cls)


def register_builtin_alias(kind, name, cls):
    """Let keraslike's class `cls` of `kind` also be found as `name` (Keras's `Convolution2D` for `Conv2D`)."""
    _BUILTIN_ALIASES.setdefault(kind, {})[name] = cls
    _BUILTIN_TABLES.pop(kind, None)


def builtin_objects(kind):
    """{class name: class} of keraslike's built-ins of `kind` ("layers", "optimizers", "losses", ...).

    Aliases (`register_builtin_alias`) are included. Names are read when asked, not when the classes were
    defined: a class made by a factory and renamed after (`GlorotUniform`, `TruePositives`) is found by its
    final name. The first class defined under a name wins
    (tests/keras/saving/test_object_registration.py checks that no two share one).
    """
    classes = _BUILTIN_CLASSES.get(kind, [])
    built = _BUILTIN_TABLES.get(kind)
    if built is None or built[0] != len(classes):
        table = {}
        for cls in classes:
            table.setdefault(cls.__name__, cls)
        for name, cls in _BUILTIN_ALIASES.get(kind, {}).items():
            table.setdefault(name, cls)
        built = _BUILTIN_TABLES[kind] = (len(classes), table)
    return built[1]


def builtin_classes(kind):
    """Every keraslike class of `kind`, in definition order (a tuple)."""
    return tuple(_BUILTIN_CLASSES.get(kind, ()))


def builtin_base(kind):
    """The base class of the built-ins of `kind` (None before that base is defined)."""
    return _BUILTIN_BASES.get(kind)
