"""`tf.nest`: flatten, rebuild and map over nested structures of lists, tuples and dicts.

Mirrors `tensorflow/python/util/nest.py` (the public `tf.nest` names):

- nested: `list`, `tuple`, namedtuples, any `collections.abc.Mapping` (dict, OrderedDict,
  defaultdict), `attrs` classes; mapping values are visited in SORTED key order (also for an
  OrderedDict), and rebuilt mappings keep the original's key order and type;
- everything else is a leaf ("atom"): tensors, Variables, numpy arrays, strings, sets, None.

Example:
    >>> tf.nest.flatten({"b": [1, 2], "a": 3})
    [3, 1, 2]
    >>> tf.nest.map_structure(lambda x: x * 2, (1, [2, 3]))
    (2, [4, 6])
"""

import collections.abc

from keraslike._src.nest.composite import is_composite


class Rules:
    """How one traversal sees a nested structure; every traversal in keraslike goes through these.

    TF and Keras agree on the walk (depth first, children in a fixed order, leaves collected) and differ
    only in which values are containers, the order of a mapping's children and how a container is
    rebuilt: `tf.nest` (`TF_NEST`, below), tf.data's elements (`data/structure.py`: tuples and dicts,
    lists are values) and Keras 3's `keras.tree` (`keras/tree.py`: an OrderedDict keeps its order) are
    each one `Rules`.

    Args:
        is_node: `value -> bool`, True for a container.
        keys: `node -> list`, the child keys in flattening order (mapping keys, attribute names, indices).
        child: `(node, key) -> value`.
        rebuild: `(node, keys, values) -> node`: a container like `node` holding `values` at `keys`.
    """

    def __init__(self, is_node, keys, child, rebuild):
        self.is_node, self.keys, self.child, self.rebuild = is_node, keys, child, rebuild

    def flatten(self, structure):
        """The leaves of `structure` in flattening order (a leaf gives `[leaf]`)."""
        out = []
        self._flatten_into(structure, out)
        return out

    def _flatten_into(self, structure, out):
        if self.is_node(structure):
            for key in self.keys(structure):
                self._flatten_into(self.child(structure, key), out)
        else:
            out.append(structure)

    def flatten_with_paths(self, structure):
        """`[(path, leaf)]` in flattening order, each path the tuple of keys leading to the leaf."""
        out = []

        def walk(path, value):
            if self.is_node(value):
                for key in self.keys(value):
                    walk(path + (key,), self.child(value, key))
            else:
                out.append((path, value))

        walk((), structure)
        return out

    def pack(self, structure, leaves):
        """`structure`'s containers around `leaves` (in flattening order); the caller checks the count."""
        position = iter(leaves)

        def build(value):
            if not self.is_node(value):
                return next(position)
            keys = self.keys(value)
            return self.rebuild(value, keys, [build(self.child(value, key)) for key in keys])

        return build(structure)

    def map(self, fn, structure):
        """`fn` applied to every leaf of one structure, the containers kept (their types and key order)."""
        if not self.is_node(structure):
            return fn(structure)
        keys = self.keys(structure)
        return self.rebuild(structure, keys, [self.map(fn, self.child(structure, key)) for key in keys])


def _is_namedtuple(x):
    return isinstance(x, tuple) and hasattr(type(x), "_fields")


def _is_attrs(x):
    return hasattr(type(x), "__attrs_attrs__")


def is_nested(seq):
    """`tf.nest.is_nested(seq)`: True for lists, tuples, mappings, mapping views (`d.keys()`, `d.values()`,
    `d.items()`: sequences in iteration order, rebuilt as lists, as TF's) and attrs objects."""
    return isinstance(seq, (list, tuple, collections.abc.Mapping, collections.abc.MappingView)) or _is_attrs(seq)


def sorted_keys(mapping):
    """A mapping's keys in TF's order (sorted); TypeError naming them when they cannot be sorted."""
    try:
        return sorted(mapping)
    except TypeError as err:
        raise TypeError(f"nest only supports dicts with sortable keys. Received: keys={list(mapping)!r}") from err



def _keys(structure):
    if isinstance(structure, collections.abc.Mapping):
        return sorted_keys(structure)
    if _is_attrs(structure):
        return [a.name for a in type(structure).__attrs_attrs__]
    return range(len(structure))


def _child(structure, key):
    if isinstance(structure, collections.abc.MappingView):
        return list(structure)[key]
    return getattr(structure, key) if _is_attrs(structure) else structure[key]


def _children(structure):
    """The direct children of a nested `structure`, in flattening order."""
    return [_child(structure, key) for key in _keys(structure)]


def rebuild_mapping(mapping, keys, values):
    """A mapping of `mapping`'s type (defaultdicts keep their factory) in `mapping`'s own key order."""
    by_key = dict(zip(keys, values))
    ordered = [(k, by_key[k]) for k in mapping]
    if isinstance(mapping, collections.defaultdict):
        return type(mapping)(mapping.default_factory, ordered)
    try:
        return type(mapping)(ordered)
    except TypeError:
        return dict(ordered)


def _rebuild(structure, keys, children):
    """A structure like `structure` holding `children` (in flattening order)."""
    if isinstance(structure, collections.abc.Mapping):
        return rebuild_mapping(structure, keys, children)
    if _is_namedtuple(structure) or _is_attrs(structure):
        return type(structure)(*children)
    if isinstance(structure, tuple):
        try:
            return type(structure)(children)
        except TypeError:
            return tuple(children)
    if isinstance(structure, list):
        return type(structure)(children) if type(structure) is not list else list(children)
    if isinstance(structure, collections.abc.MappingView):
        return list(children)
    raise TypeError(f"Cannot rebuild a structure of type {type(structure).__name__}")


TF_NEST = Rules(is_nested, _keys, _child, _rebuild)
"""`tf.nest`'s rules: lists, tuples, namedtuples, every Mapping (children by sorted key, rebuilt in the
original key order and type), mapping views (rebuilt as lists) and attrs classes are containers; everything
else is a leaf."""


def _is_extension(value):
    return getattr(type(value), "_keraslike_extension_type", False)


def _expanded_keys(structure):
    return structure._keraslike_components() if _is_extension(structure) else _keys(structure)


def _expanded_child(structure, key):
    return getattr(structure, key) if _is_extension(structure) else _child(structure, key)


def _expanded_rebuild(structure, keys, children):
    if _is_extension(structure):
        return structure._keraslike_rebuild(keys, children)
    return _rebuild(structure, keys, children)


def _expands(value):
    return is_composite(value) or _is_extension(value)


def _composite_keys(structure):
    if _is_extension(structure):
        return structure._keraslike_components()
    return range(len(structure._to_components())) if is_composite(structure) else _keys(structure)


def _composite_child(structure, key):
    if _is_extension(structure):
        return getattr(structure, key)
    return structure._to_components()[key] if is_composite(structure) else _child(structure, key)


def _composite_rebuild(structure, keys, children):
    if _is_extension(structure):
        return structure._keraslike_rebuild(keys, children)
    return structure._from_components(children) if is_composite(structure) else _rebuild(structure, keys, children)


TF_NEST_EXPANDED = Rules(lambda value: is_nested(value) or _expands(value), _composite_keys, _composite_child,
                         _composite_rebuild)
"""`tf.nest` with `expand_composites=True`: composite tensors (RaggedTensor: `[flat_values,
*nested_row_splits]`; SparseTensor: `[indices, values, dense_shape]`) and extension types
(`tf.experimental.ExtensionType`: their tensor fields) are containers of their parts."""

EXPANDED = Rules(lambda value: is_nested(value) or _is_extension(value), _expanded_keys, _expanded_child,
                 _expanded_rebuild)
"""Extension types expanded, ragged and sparse tensors kept whole: what keraslike's control flow (`map_fn`,
`while_loop`) walks."""


def flatten_extensions(structure):
    """`tf.nest`'s flatten with extension types expanded (ragged and sparse tensors stay leaves): what keraslike's
    control flow (`map_fn`, `while_loop`) walks."""
    return EXPANDED.flatten(structure)


def pack_extensions(structure, flat_sequence):
    """Inverse of `flatten_extensions`."""
    return EXPANDED.pack(structure, list(flat_sequence))


def assert_same_extensions(first, second):
    """`assert_same_structure(check_types=False)`, comparing extension types by their tensor fields."""
    if not any(_is_extension(v) for v in EXPANDED.flatten([first, second]) + TF_NEST.flatten([first, second])):
        assert_same_structure(first, second, check_types=False)
    elif len(EXPANDED.flatten(first)) != len(EXPANDED.flatten(second)):
        raise _structure_error(ValueError, first, second, "The two structures don't have the same number of "
                               "tensor components")


def _rules(expand_composites):
    return TF_NEST_EXPANDED if expand_composites else TF_NEST


def flatten(structure, expand_composites=False):
    """`tf.nest.flatten(structure)`: the leaves of `structure` as a flat list (a leaf gives `[leaf]`).

    Args:
        structure: an arbitrarily nested structure or a single leaf.
        expand_composites: if True, composite tensors are flattened into their component tensors
            (a RaggedTensor into `flat_values` and its `nested_row_splits`, a SparseTensor into
            `indices`, `values`, `dense_shape`, an extension type into its tensor fields).

    Raises:
        TypeError: for a mapping whose keys cannot be sorted.
    """
    return _rules(expand_composites).flatten(structure)


def _short(value):
    text = str(value)
    return text if len(text) <= 200 else text[:197] + "..."


def _structure_error(cls, first, second, detail):
    return cls(
        "The two structures don't have the same nested structure.\n\n"
        f"First structure: type={type(first).__name__} str={_short(first)}\n\n"
        f"Second structure: type={type(second).__name__} str={_short(second)}\n\n"
        f"More specifically: {detail}"
    )


def _same_sequence_type(a, b):
    if isinstance(a, collections.abc.Mapping) and isinstance(b, collections.abc.Mapping):
        return True
    if _is_namedtuple(a) and _is_namedtuple(b):
        return type(a).__name__ == type(b).__name__ and type(a)._fields == type(b)._fields
    return type(a) is type(b)


def _assert_same(first, second, check_types, top1, top2, expand=False):
    if expand and (is_composite(first) or is_composite(second)):
        _assert_same_composite(first, second, top1, top2)
        return
    if expand and (_is_extension(first) or _is_extension(second)):
        if type(first) is not type(second):
            raise _structure_error(ValueError, top1, top2, "The two structures don't have the same composite "
                                   f"type: {type(first).__name__} and {type(second).__name__}")
        for key in _composite_keys(first):
            _assert_same(getattr(first, key), getattr(second, key), check_types, top1, top2, expand)
        return
    nested1, nested2 = is_nested(first), is_nested(second)
    if nested1 != nested2:
        raise _structure_error(
            ValueError, top1, top2,
            f"Substructure \"type={type(first).__name__} str={_short(first)}\" is a sequence, while substructure "
            f"\"type={type(second).__name__} str={_short(second)}\" is not"
            if nested1 else
            f"Substructure \"type={type(second).__name__} str={_short(second)}\" is a sequence, while substructure "
            f"\"type={type(first).__name__} str={_short(first)}\" is not",
        )
    if not nested1:
        return
    if check_types and not _same_sequence_type(first, second):
        raise _structure_error(
            TypeError, top1, top2,
            f"The two namedtuples don't have the same sequence type. First structure type={type(first).__name__} "
            f"str={_short(first)} has type {type(first).__name__}, while second structure "
            f"type={type(second).__name__} str={_short(second)} has type {type(second).__name__}",
        )
    if isinstance(first, collections.abc.Mapping) and isinstance(second, collections.abc.Mapping):
        if set(first) != set(second):
            raise _structure_error(
                ValueError, top1, top2,
                "The two dictionaries don't have the same set of keys. First structure has keys "
                f"{sorted_keys(first)}, while second structure has keys {sorted_keys(second)}",
            )
    children1, children2 = _children(first), _children(second)
    if len(children1) != len(children2):
        raise _structure_error(
            ValueError, top1, top2,
            "The two structures don't have the same number of elements. "
            f"First structure: type={type(first).__name__} str={_short(first)}. "
            f"Second structure: type={type(second).__name__} str={_short(second)}",
        )
    for a, b in zip(children1, children2):
        _assert_same(a, b, check_types, top1, top2, expand)


def _assert_same_composite(first, second, top1, top2):
    """Two composite tensors match when their types, dtypes and ranks (ragged ranks) do, as TF's specs."""
    if not (is_composite(first) and is_composite(second)):
        leaf, composite = (first, second) if is_composite(second) else (second, first)
        raise _structure_error(
            ValueError, top1, top2,
            f"Substructure \"type={type(composite).__name__} str={_short(composite)}\" is a sequence, while "
            f"substructure \"type={type(leaf).__name__} str={_short(leaf)}\" is not")
    if first._structure_key() != second._structure_key():
        raise _structure_error(
            ValueError, top1, top2,
            f"Incompatible CompositeTensor TypeSpecs: {first._structure_key()} vs. {second._structure_key()}")


def assert_same_structure(nest1, nest2, check_types=True, expand_composites=False):
    """`tf.nest.assert_same_structure(nest1, nest2, check_types=True)`.

    Raises:
        ValueError: if the nesting or the number of elements differ (or dict keys differ).
        TypeError: with `check_types=True`, if sequence types differ (list vs tuple; namedtuples
            compare by name and fields; every mapping type matches every other).
    """
    expand = bool(expand_composites)
    try:
        _assert_same(nest1, nest2, check_types, nest1, nest2, expand)
    except (ValueError, TypeError) as err:
        dots1, dots2 = (TF_NEST.map(lambda _: _DOT, n) for n in (nest1, nest2))
        raise type(err)(f"{err}\nEntire first structure:\n{dots1}\nEntire second structure:\n{dots2}") from None


class _Dot:
    """A leaf's stand-in in error messages' structure sketches (prints as `.`)."""

    def __repr__(self):
        return "."

    __str__ = __repr__


_DOT = _Dot()


def pack_sequence_as(structure, flat_sequence, expand_composites=False):
    """`tf.nest.pack_sequence_as(structure, flat_sequence)`: inverse of `flatten`.

    Raises:
        TypeError: if `flat_sequence` is not a list/tuple.
        ValueError: if it holds a different number of leaves than `structure`.
    """
    rules = _rules(expand_composites)
    if not isinstance(flat_sequence, (list, tuple)):
        raise TypeError(f"Attempted to pack value:\n  {_short(flat_sequence)}\ninto a structure, but found "
                        f"incompatible type `{type(flat_sequence)}` instead.")
    if not rules.is_node(structure):
        if len(flat_sequence) != 1:
            raise ValueError(f"The target structure is of type `{type(structure)}`\n  {_short(structure)}\n"
                             f"However the input is a sequence ({type(flat_sequence)}) of length "
                             f"{len(flat_sequence)}.\n  {_short(flat_sequence)}\nnest cannot guarantee that it "
                             "is safe to map one to the other.")
        return flat_sequence[0]
    count = len(rules.flatten(structure))
    if count != len(flat_sequence):
        raise ValueError(f"Could not pack sequence. Structure had {count} atoms, but flat_sequence had "
                         f"{len(flat_sequence)} items.  Structure: {_short(structure)}, "
                         f"flat_sequence: {_short(flat_sequence)}.")
    return rules.pack(structure, flat_sequence)


def map_structure(func, *structure, **kwargs):
    """`tf.nest.map_structure(func, *structure, check_types=True, expand_composites=False)`.

    Applies `func` to corresponding leaves of every structure and returns the results in the
    shape of the first.

    Raises:
        TypeError: if `func` is not callable, or (`check_types`) sequence types differ.
        ValueError: with no structure, an unknown keyword, or structures that do not match.
    """
    if not callable(func):
        raise TypeError(f"func must be callable, got: {func}")
    if not structure:
        raise ValueError("Must provide at least one structure")
    check_types = kwargs.pop("check_types", True)
    expand_composites = kwargs.pop("expand_composites", False)
    if kwargs:
        raise ValueError("Only valid keyword arguments are `check_types` and `expand_composites`, not: "
                         + ", ".join(f"`{k}`" for k in kwargs))
    for other in structure[1:]:
        assert_same_structure(structure[0], other, check_types=check_types, expand_composites=expand_composites)
    flats = [flatten(s, expand_composites) for s in structure]
    return pack_sequence_as(structure[0], [func(*leaves) for leaves in zip(*flats)], expand_composites)


def flatten_with_paths(structure):
    """[(path tuple, leaf)] in flattening order (keys for mappings, indices for sequences)."""
    return TF_NEST.flatten_with_paths(structure)
