"""`get`/`serialize`/`deserialize` of one Keras namespace (activations, constraints, initializers, losses, metrics,
optimizers, regularizers, learning-rate schedules), over `object_registration`.

Keras resolves a config's class through one registry: the `custom_objects` passed in, the active
`custom_object_scope`s, the classes registered with `register_keras_serializable` (by their `"package>name"`),
then the namespace's own classes. A namespace here is one `NamespaceLookup`, so a registered custom constraint
round-trips through `serialize`/`deserialize`/`get` as in Keras.
"""

from keraslike._src.keras.saving import object_registration
from keraslike._src.keras.utils.lookup import lookup


class NamespaceLookup:
    """The lookups of one namespace.

    Args:
        kind: the word errors use ("constraint").
        module: the namespace's Keras module, written into configs ("keras.constraints").
        base: the namespace's base class (a class identifier of it is instantiated by `get`); None for a namespace
            of functions (activations).
        names: {snake-case name or alias: class} (`"max_norm"`, `"mse"`); the classes are also found by their class
            names (a namespace of functions: {name: function}).
        lower_names: a class name that is one of `names` lowercased is read as that name (Keras's optimizers:
            `"Adam"` or `"ADAM"` is `"adam"`).
        classes: more classes found by their class names only (`Accuracy`, whose short name means a function).
    """

    def __init__(self, kind, module, base, names, lower_names=False, classes=()):
        self.kind, self.module, self.base, self.lower_names = kind, module, base, lower_names
        self.short_names = dict(names)
        self.names = {**names, **{cls.__name__: cls for cls in (*names.values(), *classes)}}

    def serialize(self, obj):
        """`obj`'s config dict. keraslike's classes are written under the namespace's module; any other
        (a user's) under its own module (None for `__main__`) and its registered `"package>name"` (its name when
        unregistered), as Keras does."""
        cls = type(obj)
        if cls.__module__.startswith("keraslike.") and cls not in object_registration.GLOBAL_CUSTOM_NAMES:
            return {"module": self.module, "class_name": cls.__name__, "config": obj.get_config(),
                    "registered_name": None}
        return {"module": None if cls.__module__ == "__main__" else cls.__module__, "class_name": cls.__name__,
                "config": obj.get_config(), "registered_name": object_registration.get_registered_name(cls)}

    def deserialize(self, config, custom_objects=None):
        """Build an object from `serialize`'s dict.

        Raises:
            ValueError: for a class found nowhere (listing the namespace's names).
        """
        class_name = config["class_name"]
        if self.lower_names and class_name not in self.names and class_name.lower() in self.short_names:
            class_name = class_name.lower()
        for name in (config.get("registered_name"), class_name):
            if name:
                cls = object_registration.get_registered_object(name, custom_objects, self.names)
                if cls is not None:
                    return cls.from_config(config.get("config", {}))
        cls = lookup(self.kind, class_name, {**self.names, **(custom_objects or {})})
        return cls.from_config(config.get("config", {}))

    def resolve(self, identifier, registered=False, extra=None):
        """The class (or function) a string `identifier` names in this namespace.

        Args:
            identifier: the name (anything else raises).
            registered: whether a name the namespace lacks is then looked up in the custom objects (the active
                scopes and `register_keras_serializable`'s registry), as activations are.
            extra: more {name: object} entries found and listed in errors (metrics' `"accuracy"`).

        Raises:
            ValueError: "Could not interpret <kind> identifier", with the closest names and all valid ones.
        """
        table = {**self.names, **extra} if extra else self.names
        if registered and isinstance(identifier, str) and identifier not in table:
            found = object_registration.get_registered_object(identifier)
            if found is not None:
                return found
        return lookup(self.kind, identifier, table)

    def get(self, identifier):
        """Resolve None, a name, a config dict, a class or a callable.

        Raises:
            ValueError: "Could not interpret <kind> identifier" listing valid names.
        """
        if identifier is None:
            return None
        if isinstance(identifier, dict):
            return self.deserialize(identifier)
        if isinstance(identifier, type) and issubclass(identifier, self.base):
            return identifier()
        if callable(identifier):
            return identifier
        return self.resolve(identifier)()
