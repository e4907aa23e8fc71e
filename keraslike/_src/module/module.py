"""`tf.Module`: a named container that finds the variables and modules stored in its attributes.

Mirrors `tensorflow/python/module/module.py`. Attributes are walked in sorted-name order,
through nested lists, tuples and dicts (`tf.nest` order); a module's own leaves come before those
of its submodules (depth first); every object is reported once, and cycles are safe.

- `variables` / `trainable_variables` / `non_trainable_variables`: `tf.Variable`s found so.
- `submodules`: every `tf.Module`, Keras layer and model found so (not the module itself).
- `name_scope`: the absolute `tf.name_scope` captured at construction (`"outer/my_module/"`);
  `@tf.Module.with_name_scope` runs a method inside it, so variables created there are named
  `"my_module/w:0"`.
- Keras layers and models found in attributes are walked too (their weights, then their sublayers), as
  with `tf.keras` 2 layers, which are `tf.Module`s; TF 2.21's Keras 3 layers are not walked by `tf.Module`
  (README "Where keraslike differs"). The walk itself is `module/tracking.py`.

Example:
    >>> class Dense(tf.Module):
    ...     def __init__(self, n_in, n_out, name=None):
    ...         super().__init__(name=name)
    ...         self.w = tf.Variable(tf.random.normal([n_in, n_out]), name="w")
    ...         self.b = tf.Variable(tf.zeros([n_out]), name="b")
    ...     def __call__(self, x):
    ...         return tf.nn.relu(x @ self.w + self.b)
    >>> len(Dense(3, 2).trainable_variables)      # 2
"""

import functools
import re

from keraslike._src.module import tracking
from keraslike._src.ops.name_scope import name_scope
from keraslike._src.ops.variables import Variable

_VALID_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def _camel_to_snake(name):
    name = re.sub(r"(.)([A-Z][a-z0-9]+)", r"\1_\2", name)
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()


def _is_variable(obj):
    return isinstance(obj, Variable)


def _is_trainable_variable(obj):
    return isinstance(obj, Variable) and obj.trainable


def _is_non_trainable_variable(obj):
    return isinstance(obj, Variable) and not obj.trainable


class Module:
    """`tf.Module(name=None)`: base class for objects that own variables (see module docstring).

    Args:
        name: a valid Python identifier; default: the class name in snake_case.

    Raises:
        ValueError: if `name` is not a valid identifier.
    """

    _TF_MODULE_IGNORED_PROPERTIES = frozenset()

    def __init__(self, name=None):
        if name is None:
            name = _camel_to_snake(type(self).__name__)
        elif not isinstance(name, str) or not _VALID_NAME.match(name):
            raise ValueError(f"'{name}' is not a valid module name. Module names must be valid Python identifiers "
                             "(e.g. a valid class name).")
        self._name = name
        with name_scope(name) as scope_name:
            self._scope_name = scope_name
        self._name_scope = name_scope(scope_name)

    @property
    def name(self):
        """The module's name (without its enclosing scopes)."""
        return self._name

    @property
    def name_scope(self):
        """The `tf.name_scope` of this module (absolute; its `.name` is e.g. `"outer/my_module/"`)."""
        return self._name_scope

    @property
    def variables(self):
        """Every `tf.Variable` of this module and its submodules, as a tuple."""
        return tuple(self._flatten(predicate=_is_variable))

    @property
    def trainable_variables(self):
        """The trainable `tf.Variable`s of this module and its submodules, as a tuple."""
        return tuple(self._flatten(predicate=_is_trainable_variable))

    @property
    def non_trainable_variables(self):
        """The non-trainable `tf.Variable`s of this module and its submodules, as a tuple."""
        return tuple(self._flatten(predicate=_is_non_trainable_variable))

    @property
    def submodules(self):
        """Every `tf.Module`, Keras layer and model reachable from this one (not itself), as a tuple."""
        return tuple(self._flatten(predicate=tracking.is_node))

    def _flatten(self, recursive=True, predicate=None, attribute_traversal_key=None, with_path=False,
                 expand_composites=False):
        """Objects in this module's attributes for which `predicate` holds (TF's `Module._flatten`).

        With `with_path=True`, yields `(path, leaf)` where `path` is a tuple of attribute names,
        keys and indices.
        """
        return tracking.flatten(self, recursive, predicate, attribute_traversal_key, with_path)

    def _tf_tracked_attributes(self, traversal_key=None):
        """This module's attributes as `(name, value)` pairs sorted by name (by `traversal_key` if given),
        less `_TF_MODULE_IGNORED_PROPERTIES`: what `tracking.flatten` walks."""
        ignored = getattr(self, "_TF_MODULE_IGNORED_PROPERTIES", frozenset())
        attrs = vars(self)
        return [(key, attrs[key]) for key in sorted(attrs, key=traversal_key) if key not in ignored]

    @classmethod
    def with_name_scope(cls, method):
        """Decorator: run `method` inside `self.name_scope`."""

        @functools.wraps(method)
        def method_with_name_scope(self, *args, **kwargs):
            with self.name_scope:
                return method(self, *args, **kwargs)

        return method_with_name_scope

    def __repr__(self):
        return f"<{type(self).__module__}.{type(self).__name__} object at {hex(id(self))}>"


