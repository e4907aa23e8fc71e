"""Minimal `tf.nest`-style flatten/pack for the gradient APIs.

Mirrors the parts of `tensorflow/python/util/nest.py` the tape needs: lists,
tuples, namedtuples and dicts (keys in sorted order, as TF) nest; anything else
(tensors, Variables, None) is a leaf.
"""


def _is_namedtuple(x):
    return isinstance(x, tuple) and hasattr(x, "_fields")


def _sorted_keys(d):
    try:
        return sorted(d)
    except TypeError:
        return list(d)


def flatten(structure):
    """Leaves of `structure` in a deterministic order."""
    if isinstance(structure, dict):
        return [leaf for k in _sorted_keys(structure) for leaf in flatten(structure[k])]
    if isinstance(structure, (list, tuple)):
        return [leaf for item in structure for leaf in flatten(item)]
    return [structure]


def pack_sequence_as(structure, flat):
    """Rebuild `structure` with the leaves of `flat` (inverse of `flatten`)."""
    leaves = iter(flat)

    def build(s):
        if isinstance(s, dict):
            rebuilt = {k: build(s[k]) for k in _sorted_keys(s)}
            ordered = {k: rebuilt[k] for k in s}
            try:
                return ordered if type(s) is dict else type(s)(ordered)
            except TypeError:
                return ordered
        if _is_namedtuple(s):
            return type(s)(*[build(item) for item in s])
        if isinstance(s, (list, tuple)):
            return type(s)(build(item) for item in s)
        return next(leaves)

    return build(structure)
