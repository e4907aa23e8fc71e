"""`tf.experimental.ExtensionType`: typed, immutable records of tensors and Python values.

Mirrors `tensorflow/python/framework/extension_type.py` for eager use: a subclass declares fields with type
annotations (`values: tf.Tensor`, `name: str`, `attrs: Mapping[str, tf.Tensor]`, `children: Tuple["Node", ...]`,
`shape: tf.TensorShape`, Union/Optional of those, other extension types); the constructor takes one argument per
field (positional in declaration order, or by name; annotated class attributes are defaults), converts each value
to its declared type (raising TypeError when it cannot), calls `__validate__`, and freezes the object (setting or
deleting a field raises AttributeError). A user `__init__` may set the fields itself. `==` compares field by
field (a scalar bool tensor when every tensor field has matching shapes, else False), `Cls.Spec` is the matching
TypeSpec (`tf.type_spec_from_value`), with the user's own `class Spec:` body merged in as TF does.

`BatchableExtensionType` marks types whose tensor fields share leading batch dimensions: `tf.data` can slice and
batch them along the first axis of every tensor field.
"""

import collections.abc
import sys
import typing

import numpy as np
import torch

from keraslike._src.ops import conversion
from keraslike._src.ops.dtypes import as_dtype
from keraslike._src.ops.string_tensor import StringTensor
from keraslike._src.ops.tensor_shape import TensorShape
from keraslike._src.ops.tensor_spec import TensorSpec

_NO_DEFAULT = object()


class _Field(typing.NamedTuple):
    name: str
    annotation: object
    default: object


def _is_tensor_annotation(annotation):
    return isinstance(annotation, type) and issubclass(annotation, torch.Tensor)


def _resolve(annotation, owner):
    if isinstance(annotation, str):
        namespace = dict(vars(sys.modules.get(owner.__module__, object())))
        namespace[owner.__name__] = owner
        try:
            return eval(annotation, namespace)  # noqa: S307 - a forward reference in a class annotation
        except NameError:
            return annotation
    if isinstance(annotation, typing.ForwardRef):
        return _resolve(annotation.__forward_arg__, owner)
    return annotation


def _type_name(annotation):
    return getattr(annotation, "__name__", None) or str(annotation)


def _convert(value, annotation, owner, path):
    """`value` as `annotation` says (tensors converted, containers made immutable); TypeError when impossible."""
    annotation = _resolve(annotation, owner)
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if annotation is typing.Any:
        return value
    if _is_tensor_annotation(annotation):
        if value is None:
            raise TypeError(f"{path}: expected a tf.Tensor value. Received: None")
        try:
            return conversion.convert_to_tensor(value)
        except (TypeError, ValueError) as err:
            raise TypeError(f"{path}: expected a tf.Tensor value. Received: {value!r} ({err})") from None
    if annotation is TensorShape:
        if isinstance(value, TensorShape):
            return value
        return TensorShape(None if value is None else value)
    if annotation is torch.dtype:
        return as_dtype(value)
    if origin is typing.Union:
        errors = []
        for option in args:
            if option is type(None):
                if value is None:
                    return None
                continue
            try:
                return _convert(value, option, owner, path)
            except (TypeError, ValueError) as err:
                errors.append(str(err))
        raise TypeError(f"{path}: expected {annotation}. Received: {value!r}")
    if origin in (tuple, typing.Tuple):
        if not isinstance(value, (list, tuple)):
            raise TypeError(f"{path}: expected a tuple. Received: {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(v, args[0], owner, f"{path}[{i}]") for i, v in enumerate(value))
        if args and len(args) != len(value):
            raise TypeError(f"{path}: expected a tuple of {len(args)} items. Received: {value!r}")
        return tuple(_convert(v, a, owner, f"{path}[{i}]") for i, (v, a) in enumerate(zip(value, args or value)))
    if origin in (collections.abc.Mapping, dict, typing.Mapping):
        if not isinstance(value, collections.abc.Mapping):
            raise TypeError(f"{path}: expected a Mapping. Received: {value!r}")
        key_type, value_type = args if args else (typing.Any, typing.Any)
        return _ImmutableDict({_convert(k, key_type, owner, f"{path} key"): _convert(v, value_type, owner,
                                                                                     f"{path}[{k!r}]")
                               for k, v in value.items()})
    if isinstance(annotation, type) and issubclass(annotation, ExtensionType):
        if not isinstance(value, annotation):
            raise TypeError(f"{path}: expected a {annotation.__name__}. Received: {value!r}")
        return value
    if annotation in (int, float, bool, str, bytes, complex, type(None)):
        if annotation is float and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        if not isinstance(value, annotation) or (annotation is int and isinstance(value, bool)):
            raise TypeError(f"{path}: expected a {annotation.__name__}. Received: {value!r}")
        return value
    if isinstance(annotation, type):
        if not isinstance(value, annotation):
            raise TypeError(f"{path}: expected a {annotation.__name__}. Received: {value!r}")
        return value
    raise TypeError(f"{path}: unsupported field type {_type_name(annotation)} (ExtensionType fields are tensors, "
                    f"TensorShape, dtypes, Python scalars, Tuple/Mapping/Union of them, or extension types)")


class _ImmutableDict(collections.abc.Mapping):
    """A read-only dict (an ExtensionType's Mapping field)."""

    def __init__(self, items):
        self._items = dict(items)

    def __getitem__(self, key):
        return self._items[key]

    def __iter__(self):
        return iter(self._items)

    def __len__(self):
        return len(self._items)

    def __repr__(self):
        return f"ImmutableDict({self._items!r})"

    def __eq__(self, other):
        return isinstance(other, collections.abc.Mapping) and dict(self) == dict(other)

    __hash__ = None


def _spec_of(value):
    if isinstance(value, (torch.Tensor, StringTensor)):
        return TensorSpec.from_tensor(value)
    if isinstance(value, ExtensionType):
        return value._type_spec
    if isinstance(value, tuple):
        return tuple(_spec_of(v) for v in value)
    if isinstance(value, collections.abc.Mapping):
        return _ImmutableDict({k: _spec_of(v) for k, v in value.items()})
    return value


class ExtensionTypeSpec:
    """The TypeSpec of an extension type: the same fields, tensors replaced by their `TensorSpec`s."""

    value_type = None  # set on each generated Spec class

    def __init__(self, *args, **kwargs):
        fields = self.value_type._fields_in_order()
        bound = _bind(fields, args, kwargs, self.value_type.__name__ + ".Spec")
        for field in fields:
            object.__setattr__(self, field.name, bound[field.name])

    def _field_values(self):
        return {f.name: getattr(self, f.name, None) for f in self.value_type._fields_in_order()}

    def _keraslike_value_from_specs(self, make):
        """A value of the type whose spec fields are replaced by `make(spec)` (tf.function's trace stand-ins)."""
        cls = self.value_type
        out = cls.__new__(cls)
        for name, spec in self._field_values().items():
            object.__setattr__(out, name, _map_specs(spec, make))
        object.__setattr__(out, "_keraslike_frozen", True)
        return out

    def __repr__(self):
        inner = ", ".join(f"{k}={v!r}" for k, v in self._field_values().items())
        return f"{type(self).__qualname__}({inner})"

    def __eq__(self, other):
        return type(other) is type(self) and self._field_values() == other._field_values()

    def __hash__(self):
        return hash((type(self), repr(self)))

    def is_compatible_with(self, other):
        if isinstance(other, ExtensionType):
            other = other._type_spec
        if type(other) is not type(self):
            return False
        return all(_spec_compatible(a, b) for a, b in zip(self._field_values().values(),
                                                          other._field_values().values()))

    def most_specific_common_supertype(self, others):
        return self if all(self == o for o in others) else None


def _map_specs(spec, make):
    if isinstance(spec, TensorSpec) or hasattr(spec, "_keraslike_value_from_specs"):
        return make(spec)
    if isinstance(spec, tuple):
        return tuple(_map_specs(s, make) for s in spec)
    if isinstance(spec, collections.abc.Mapping):
        return _ImmutableDict({k: _map_specs(v, make) for k, v in spec.items()})
    return spec


def _spec_compatible(a, b):
    if hasattr(a, "is_compatible_with"):
        return a.is_compatible_with(b)
    return a == b


def _bind(fields, args, kwargs, what):
    if len(args) > len(fields):
        raise TypeError(f"{what} takes {len(fields)} positional arguments. Received: {len(args)}")
    bound = {f.name: v for f, v in zip(fields, args)}
    for key, value in kwargs.items():
        if key not in {f.name for f in fields}:
            raise TypeError(f"{what} got an unexpected keyword argument {key!r}. Received: {key}={value!r}")
        if key in bound:
            raise TypeError(f"{what} got multiple values for argument {key!r}")
        bound[key] = value
    for field in fields:
        if field.name not in bound:
            if field.default is _NO_DEFAULT:
                raise TypeError(f"{what} missing required argument {field.name!r}")
            bound[field.name] = field.default
    return bound


class ExtensionType:
    """Base of user-defined composite types; see the module docstring."""

    _keraslike_extension_type = True

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("__annotations__", {})
        fields = []
        for base in reversed(cls.__mro__[1:]):
            for field in base.__dict__.get("_own_fields", ()):
                fields = [f for f in fields if f.name != field.name] + [field]
        own_fields = []
        for name, annotation in own.items():
            if name.startswith("__") or typing.get_origin(annotation) is typing.ClassVar:
                continue
            default = cls.__dict__.get(name, _NO_DEFAULT)
            if name in cls.__dict__ and not isinstance(default, property):
                delattr(cls, name)
            own_fields.append(_Field(name, annotation, default))
        cls._own_fields = tuple(own_fields)
        cls._all_fields = tuple([f for f in fields if f.name not in own] + own_fields)
        user_init = cls.__dict__.get("__init__")
        if user_init is not None:
            cls.__init__ = _wrap_user_init(user_init)
        user_spec = cls.__dict__.get("Spec")
        bases = (user_spec, ExtensionTypeSpec) if isinstance(user_spec, type) else (ExtensionTypeSpec,)
        namespace = {"value_type": cls, "__qualname__": f"{cls.__qualname__}.Spec", "__module__": cls.__module__}
        if isinstance(user_spec, type) and "__init__" in user_spec.__dict__:
            namespace["__init__"] = _wrap_spec_init(user_spec.__dict__["__init__"])
        cls.Spec = type(f"{cls.__name__}.Spec", bases, namespace)  # TF's name: "MaskedTensor.Spec"

    @classmethod
    def _fields_in_order(cls):
        return cls._all_fields

    def __init__(self, *args, **kwargs):
        bound = _bind(self._fields_in_order(), args, kwargs, type(self).__name__)
        for name, value in bound.items():
            object.__setattr__(self, name, value)
        _finish(self)

    def __setattr__(self, name, value):
        if getattr(self, "_keraslike_frozen", False):
            raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom constructor of "
                                 f"ExtensionType. Received: {name}={value!r}")
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        if getattr(self, "_keraslike_frozen", False):
            raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom constructor of "
                                 "ExtensionType.")
        object.__delattr__(self, name)

    def _field_values(self):
        return {f.name: getattr(self, f.name) for f in self._fields_in_order()}

    def _keraslike_components(self):  # `tf.nest(..., expand_composites=True)` (nest/nest.py)
        return component_fields(self)

    def _keraslike_rebuild(self, names, values):
        return rebuild(self, names, values)

    @property
    def _type_spec(self):
        spec = self.Spec.__new__(self.Spec)
        for name, value in self._field_values().items():
            object.__setattr__(spec, name, _spec_of(value))
        return spec

    def __repr__(self):
        inner = ", ".join(f"{k}={v!r}" for k, v in self._field_values().items())
        return f"{type(self).__qualname__}({inner})"

    def __eq__(self, other):
        if type(other) is not type(self):
            return False
        mine, theirs = self._field_values(), other._field_values()
        results = []
        for key, value in mine.items():
            equal = _values_equal(value, theirs[key])
            if equal is False:
                return False
            if equal is not True:
                results.append(equal)
        if not results:
            return True
        return torch.stack([r.reshape(()) for r in results]).all()

    def __ne__(self, other):
        equal = self.__eq__(other)
        return ~equal if isinstance(equal, torch.Tensor) else not equal

    __hash__ = None


def _values_equal(a, b):
    if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor):
        if a.shape != b.shape or a.dtype != b.dtype:
            return False
        return torch.all(a == b)
    if isinstance(a, tuple) and isinstance(b, tuple):
        if len(a) != len(b):
            return False
        parts = [_values_equal(x, y) for x, y in zip(a, b)]
    elif isinstance(a, collections.abc.Mapping) and isinstance(b, collections.abc.Mapping):
        if set(a) != set(b):
            return False
        parts = [_values_equal(a[k], b[k]) for k in a]
    elif isinstance(a, ExtensionType):
        result = a == b
        return result if isinstance(result, torch.Tensor) else bool(result)
    else:
        return bool(a == b) if not isinstance(a, np.ndarray) else bool(np.array_equal(a, b))
    if any(p is False for p in parts):
        return False
    tensors = [p for p in parts if p is not True]
    return True if not tensors else torch.stack([t.reshape(()) for t in tensors]).all()


def _finish(obj):
    cls = type(obj)
    for field in cls._fields_in_order():
        if field.name not in obj.__dict__:
            if field.default is _NO_DEFAULT:
                raise ValueError(f"{cls.__name__}'s constructor did not set field {field.name!r}")
            object.__setattr__(obj, field.name, field.default)
        value = _convert(obj.__dict__[field.name], field.annotation, cls, f"{cls.__name__}.{field.name}")
        object.__setattr__(obj, field.name, value)
    validate = getattr(obj, "__validate__", None)
    if validate is not None:
        validate()
    object.__setattr__(obj, "_keraslike_frozen", True)


def _wrap_user_init(init):
    def __init__(self, *args, **kwargs):
        if getattr(self, "_keraslike_frozen", False):
            return
        init(self, *args, **kwargs)
        if type(self).__init__ is __init__:
            _finish(self)
    __init__.__wrapped__ = init
    return __init__


def _wrap_spec_init(init):
    def __init__(self, *args, **kwargs):
        init(self, *args, **kwargs)
        for field in self.value_type._fields_in_order():
            if field.name not in self.__dict__:
                object.__setattr__(self, field.name, None)
    return __init__


class BatchableExtensionType(ExtensionType):
    """An ExtensionType whose tensor fields share leading batch dimensions (so `tf.data` can slice and batch it)."""


def tensor_fields(value):
    """The names of `value`'s tensor fields (for slicing/batching a batchable extension type)."""
    return [f.name for f in type(value)._fields_in_order() if isinstance(getattr(value, f.name), torch.Tensor)]


def is_extension_type(value):
    """True for an extension type's value and for its `Cls.Spec` (tf.data's structure rules: a spec holds its
    fields' specs where the value holds tensors)."""
    return isinstance(value, (ExtensionType, ExtensionTypeSpec))


def value_type_of(value):
    """The ExtensionType class of a value or of its `Cls.Spec`."""
    return value.value_type if isinstance(value, ExtensionTypeSpec) else type(value)


def _is_spec(value):
    return isinstance(value, (TensorSpec, ExtensionTypeSpec)) or type(value).__name__.endswith("Spec")


def component_fields(value):
    """The fields tf.data treats as `value`'s components: its tensor and extension-type fields (or, in an element
    spec, their specs), in order."""
    return [f.name for f in value_type_of(value)._fields_in_order()
            if isinstance(getattr(value, f.name), (torch.Tensor, StringTensor, ExtensionType, TensorSpec,
                                                   ExtensionTypeSpec))]


def rebuild(template, names, values):
    """A `template`-like value with `names` replaced by `values` (sliced, batched, or their specs), unconverted.

    `template` is a value or its `Cls.Spec`; the result is a `Cls.Spec` when every replaced component is a spec
    (what `Dataset.element_spec` shows, as in TF), else a `Cls` value. A batchable type's TensorShape fields
    (its batch shape) follow the components: one axis fewer when they were sliced, the new leading axis in front
    when they were batched.
    """
    value_type = value_type_of(template)
    cls = value_type.Spec if values and all(_is_spec(v) for v in values) else value_type
    out = cls.__new__(cls)
    fields = dict(template._field_values())
    old_rank = new_rank = None
    for name, value in zip(names, values):
        if old_rank is None and hasattr(fields[name], "shape") and hasattr(value, "shape"):
            old_rank, new_rank, lead = len(fields[name].shape), len(value.shape), (list(value.shape) or [None])[0]
        fields[name] = value
    if issubclass(value_type, BatchableExtensionType) and old_rank is not None and old_rank != new_rank:
        for field in value_type._fields_in_order():
            shape = fields[field.name]
            if isinstance(shape, TensorShape) and shape.rank is not None:
                dims = shape.as_list()
                fields[field.name] = TensorShape(dims[1:] if new_rank < old_rank else [lead] + dims)
    for name, value in fields.items():
        object.__setattr__(out, name, value)
    object.__setattr__(out, "_keraslike_frozen", True)
    return out
