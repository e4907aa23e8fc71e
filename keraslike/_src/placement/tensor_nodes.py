"""Which placement-log `Node` each tensor stands for (`placement/log.py` records them, `tf.device` copies keep them).

Kept apart from `log.py` because `scope.py` (below the log: the log reads the current scope) must carry a
tensor's node over to its copy on another device.
"""

import weakref

# id(tensor) -> (weakref to the tensor, Node). Kept beside the tensors, not as an attribute on
# them: a tensor attribute would travel into torch.save pickles (and break weights_only loads).
_nodes = {}


def _forget(key, ref):
    entry = _nodes.get(key)
    if entry is not None and entry[0] is ref:
        del _nodes[key]


def node_of(tensor):
    """The recorded `Node` of a tensor, or None."""
    entry = _nodes.get(id(tensor))
    if entry is None or entry[0]() is not tensor:
        return None
    return entry[1]


def set_node(tensor, node):
    """Attach `node` to `tensor` for as long as the tensor lives."""
    key = id(tensor)
    ref = weakref.ref(tensor, lambda r, key=key: _forget(key, r))
    _nodes[key] = (ref, node)
