"""A TF name keraslike lacks raises an AttributeError that says so and where the coverage table is.

`install()` (called once, at the end of `keraslike/__init__.py`) gives every loaded public namespace
module (`keraslike`, `keraslike.math`, `keraslike.keras.layers`, ...) a module `__getattr__` that
runs only for names the module does not have. A public name raises

    AttributeError: module 'keraslike.math' has no attribute 'foo': keraslike does not have
    `tf.math.foo` (not yet, if TensorFlow has it). What keraslike has of each TensorFlow namespace:
    the table "What is supported" in keraslike's README.md, and the missing names in API_COVERAGE.md

with `name` and `obj` set, so Python's "Did you mean" hint still appears for typos. Underscore names
(`__wrapped__`, IPython's probes) get the plain message. A module's own `__getattr__`
(`keraslike.compat` maps `v2`) is kept and asked first.
"""

import sys

ROOT = "keraslike"


def tf_path(module_name):
    """`keraslike.keras.layers` -> `tf.keras.layers`."""
    return "tf" + module_name[len(ROOT):]


def message(module_name, name):
    return (f"module {module_name!r} has no attribute {name!r}: keraslike does not have `{tf_path(module_name)}."
            f"{name}` (not yet, if TensorFlow has it). What keraslike has of each TensorFlow namespace: the table "
            f"\"What is supported\" in keraslike's README.md, and the missing names in API_COVERAGE.md")


def _public_namespace(module_name):
    return module_name == ROOT or (module_name.startswith(ROOT + ".")
                                   and not any(part.startswith("_") for part in module_name.split(".")[1:]))


def _make_getattr(module, previous):
    module_name = module.__name__

    def __getattr__(name):
        if previous is not None:
            try:
                return previous(name)
            except AttributeError:
                pass
        if name.startswith("_"):
            raise AttributeError(f"module {module_name!r} has no attribute {name!r}", name=name, obj=module)
        raise AttributeError(message(module_name, name), name=name, obj=module)

    __getattr__.__doc__ = f"Explain a name `{tf_path(module_name)}` does not have (keraslike._src.missing_names)."
    __getattr__._keraslike_missing_names = True
    return __getattr__


def install():
    """Give each loaded public keraslike namespace module the explaining `__getattr__` (once)."""
    for module_name, module in list(sys.modules.items()):
        if module is None or not _public_namespace(module_name):
            continue
        previous = module.__dict__.get("__getattr__")
        if getattr(previous, "_keraslike_missing_names", False):
            continue
        module.__getattr__ = _make_getattr(module, previous)
