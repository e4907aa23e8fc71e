"""`keras.tree` (keras/src/tree/tree_api.py of Keras 3.15, whose TF build runs on optree).

Keras's tree rules, which differ from `tf.nest` in places:
- Nodes are exactly `list`, `tuple`, namedtuples, `dict`, `collections.OrderedDict`,
  `collections.defaultdict` and `collections.deque`; every other value (subclasses of list/dict, strings,
  tensors, arrays, `None`) is a leaf. `tf.nest` also treats attrs classes as nodes and never deques.
- A `dict`/`defaultdict` flattens in sorted key order, an `OrderedDict` in its own order (`tf.nest` sorts
  both). Packing restores the original key order.
- Structures "match" when their nodes have the same type and length (list vs tuple, or two different
  namedtuple classes, do not), except that any two mappings match when they have the same keys.
- `None` is a leaf unless `map_structure(..., none_is_leaf=False)`.
"""

import collections
import warnings

from keraslike._src.nest.nest import Rules, rebuild_mapping

_SEQUENCE_TYPES = (list, tuple, collections.deque)
_MAPPING_TYPES = (dict, collections.OrderedDict, collections.defaultdict)


class MAP_TO_NONE:  # noqa: N801 - Keras's public name
    """Return this class from `traverse`'s `func` to put `None` in the output at that position."""


def _is_namedtuple(x):
    return isinstance(x, tuple) and hasattr(type(x), "_fields") and type(x) is not tuple


def _is_mapping(x):
    return type(x) in _MAPPING_TYPES


def _is_node(x, none_is_leaf=True):
    if x is None:
        return not none_is_leaf
    return type(x) in _SEQUENCE_TYPES or _is_mapping(x) or _is_namedtuple(x)


def _keys(node):
    """The child keys of a node in flatten order."""
    if node is None:
        return []
    if _is_mapping(node):
        return list(node) if type(node) is collections.OrderedDict else sorted(node)
    return list(range(len(node)))


def _rebuild(node, keys, values):
    """A node like `node` with `values` (in flatten order, for `keys`)."""
    if node is None:
        return None
    if _is_mapping(node):
        return rebuild_mapping(node, keys, values)  # the original key order
    if _is_namedtuple(node):
        return type(node)(*values)
    if type(node) is collections.deque:
        return collections.deque(values, maxlen=node.maxlen)
    return type(node)(values)


KERAS_TREE = Rules(_is_node, _keys, lambda node, key: node[key], _rebuild)
"""Keras 3's rules on `nest.Rules` (the module docstring)."""


def _mismatch(a, b):
    return ValueError(f"Structures don't have the same nested structure. Received: {_short(a)} and {_short(b)}")


def _short(x, limit=120):
    text = repr(x)
    return text if len(text) <= limit else text[:limit] + "..."


def _same_node(a, b):
    if _is_mapping(a) and _is_mapping(b):
        return set(a) == set(b)
    return type(a) is type(b) and len(a) == len(b)


def is_nested(structure):
    """True for a list, tuple, namedtuple, dict, OrderedDict, defaultdict or deque."""
    return _is_node(structure)


def flatten(structure):
    """The leaves of `structure` in Keras's order (dict values by sorted key); a leaf gives `[leaf]`."""
    return KERAS_TREE.flatten(structure)


def flatten_with_path(structure):
    """`[(path, leaf), ...]`, each path a tuple of the keys/indices leading to the leaf."""
    return KERAS_TREE.flatten_with_paths(structure)


def _paths(structure):
    return [p for p, _ in flatten_with_path(structure)]


def map_structure(func, *structures, none_is_leaf=True):
    """`func` applied to the leaves of `structures` (all the same structure), in the layout of the first.

    Args:
        func: called with one leaf of each structure.
        *structures: one or more structures.
        none_is_leaf: if False, `None` values are kept as `None` without calling `func`.

    Raises:
        ValueError: for no structures, or structures that do not match.
    """
    if not structures:
        raise ValueError("Must provide at least one structure")

    def walk(*xs):
        first = xs[0]
        if first is None and not none_is_leaf:
            if _py_any(x is not None for x in xs[1:]):
                raise _mismatch(first, xs[1])
            return None
        if not _is_node(first):
            for other in xs[1:]:
                if _is_node(other, none_is_leaf):
                    raise _mismatch(first, other)
            return func(*xs)
        for other in xs[1:]:
            if not _is_node(other) or not _same_node(first, other):
                raise _mismatch(first, other)
        keys = _keys(first)
        return _rebuild(first, keys, [walk(*(x[k] for x in xs)) for k in keys])

    return walk(*structures)


_py_any = any


def map_structure_up_to(shallow_structure, func, *structures):
    """Like `map_structure`, but only down to the leaves of `shallow_structure`: `func` receives the
    (possibly nested) sub-structures of `structures` found there. Returns `shallow_structure`'s layout.

    Raises:
        ValueError: for no structures, or structures that do not contain `shallow_structure`'s nodes.
    """
    if not structures:
        raise ValueError("Must provide at least one structure")

    def walk(shallow, *xs):
        if not _is_node(shallow):
            return func(*xs)
        for x in xs:
            if not _is_node(x) or not _same_node(shallow, x):
                raise _mismatch(shallow, x)
        keys = _keys(shallow)
        return _rebuild(shallow, keys, [walk(shallow[k], *(x[k] for x in xs)) for k in keys])

    return walk(shallow_structure, *structures)


def assert_same_structure(a, b, check_types=None):
    """Raise ValueError unless `a` and `b` are nested the same way (see the module docstring).

    `check_types` is deprecated in Keras and has no effect; passing it warns (DeprecationWarning), as Keras.
    """
    if check_types is not None:
        warnings.warn("The `check_types` argument is deprecated and no longer has any effect"
                      + (", please remove." if check_types else ". For a looser check, use "
                         "`keras.tree.assert_same_paths()`, which considers `list`, `tuple`, `namedtuple` and "
                         "`deque` as matching"), DeprecationWarning, stacklevel=2)

    def walk(x, y):
        if _is_node(x) != _is_node(y):
            raise _mismatch(x, y)
        if _is_node(x):
            if not _same_node(x, y):
                raise _mismatch(x, y)
            for k in _keys(x):
                walk(x[k], y[k])

    walk(a, b)


def assert_same_paths(a, b):
    """Raise ValueError unless `a` and `b` have the same set of leaf paths (list/tuple/deque/namedtuple
    alike)."""
    a_paths, b_paths = set(_paths(a)), set(_paths(b))
    if a_paths != b_paths:
        msg = "`a` and `b` don't have the same paths."
        if a_paths - b_paths:
            msg += f"\nPaths in `a` missing in `b`:\n{a_paths - b_paths}"
        if b_paths - a_paths:
            msg += f"\nPaths in `b` missing in `a`:\n{b_paths - a_paths}"
        raise ValueError(msg)


def pack_sequence_as(structure, flat_sequence):
    """`flat_sequence` arranged in the layout of `structure` (the inverse of `flatten`).

    Raises:
        TypeError: if `flat_sequence` is not iterable.
        ValueError: if it has fewer or more items than `structure` has leaves.
    """
    try:
        flat = list(flat_sequence)
    except TypeError:
        raise TypeError(f"`flat_sequence` must be iterable. Received: flat_sequence={_short(flat_sequence)}") \
            from None
    expected = len(flatten(structure))
    if len(flat) != expected:
        word = "few" if len(flat) < expected else "many"
        raise ValueError(f"Too {word} leaves for the structure; expected: {expected}, got: {len(flat)}. "
                         f"Received: structure={_short(structure)}")
    return KERAS_TREE.pack(structure, flat)


def traverse(func, structure, top_down=True):
    """Depth-first traversal applying `func` to every node and leaf.

    Top-down (default): `func(node)`; if it returns None the node's children are traversed and the node is
    rebuilt from them, otherwise its result replaces the node (children not visited). Bottom-up: children
    first, then `func` on the rebuilt node; a None result keeps it. Returning `MAP_TO_NONE` puts `None`.

    Raises:
        TypeError: if `func` is not callable.
    """
    if not callable(func):
        raise TypeError(f"`func` must be callable. Received: func={func!r}")

    def children(x):
        if not _is_node(x):
            return x
        keys = _keys(x)
        return _rebuild(x, keys, [walk(x[k]) for k in keys])

    def walk(x):
        if top_down:
            ret = func(x)
            if ret is None:
                return children(x)
        else:
            x = children(x)
            ret = func(x)
            if ret is None:
                return x
        return None if ret is MAP_TO_NONE else ret

    return walk(structure)


def lists_to_tuples(structure):
    """`structure` with every list (at any depth) turned into a tuple."""
    return traverse(lambda x: tuple(x) if type(x) is list else None, structure, top_down=False)


def map_shape_structure(func, structure):
    """`map_structure` that treats lists/tuples of ints and Nones (shapes) as leaves and calls `func` on them."""
    def is_shape(x):
        return isinstance(x, (list, tuple)) and all(isinstance(e, (int, type(None))) for e in x)

    def walk(x):
        if is_shape(x) or not _is_node(x):
            return func(x)
        keys = _keys(x)
        return _rebuild(x, keys, [walk(x[k]) for k in keys])

    return walk(structure)
