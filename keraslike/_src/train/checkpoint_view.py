"""`tf.train.CheckpointView` and `tf.train.TrackableView`: the object graph of a checkpoint file, and of live
objects, and how the two line up.

`CheckpointView(save_path)` reads the `TrackableObjectGraph` a checkpoint stores: `children(node_id)` is
`{local name: node id}` in saved order, `descendants()` the node ids reachable from the root (0), breadth
first. `TrackableView(root)` gives the same for live objects, with what a checkpoint would save as their
children (`module/trackable.py`; a list or dict attribute is handed back as the list or dict itself, where TF
hands back its ListWrapper/_DictWrapper). `CheckpointView.match(obj)` walks both graphs from their roots,
child name by child name, binding each saved node to the first live object reached at it; `diff(obj)` adds
the saved node ids and the live objects (by identity) left unbound.

Example:
    >>> view = tf.train.CheckpointView(tf.train.Checkpoint(root).save("/tmp/ckpt"))
    >>> view.children(0)               # {'a_var': 1, ..., 'save_counter': 6}
    >>> matched, only_saved, only_live = view.diff(other_root)
"""

import collections
import os

from keraslike._src import errors
from keraslike._src.module import trackable
from keraslike._src.train import object_graph, tensor_bundle


def _unwrapped(obj):
    return obj.items if isinstance(obj, (trackable.TrackableList, trackable.TrackableDict)) else obj


def _live_children(obj):
    out = {}
    for name, child in trackable.children(trackable.wrap(obj)):
        out.setdefault(name, _unwrapped(child))  # a repeated name: the first one, as a save keeps
    return out


def _check_save_type(save_type):
    value = getattr(save_type, "value", save_type)
    if str(value).lower() != "checkpoint":
        raise ValueError("keraslike's TrackableView lists checkpoint children only (SaveType.CHECKPOINT). "
                         f"Received: save_type={save_type!r}")


class TrackableView:
    """`tf.train.TrackableView(root)`: the checkpoint graph of live objects under `root`."""

    def __init__(self, root):
        self._root = root

    @property
    def root(self):
        return self._root

    @classmethod
    def children(cls, obj, save_type="checkpoint", **kwargs):
        """`{local name: child}` of `obj`: what a checkpoint saves under it, in order.

        Raises:
            ValueError: a `save_type` other than checkpoint.
        """
        _check_save_type(save_type)
        return _live_children(obj)

    def descendants(self):
        """Every object reachable from the root (the root first), breadth first, each once."""
        seen, order = {id(self._root)}, [self._root]
        queue = collections.deque([self._root])
        while queue:
            for child in _live_children(queue.popleft()).values():
                if id(child) not in seen:
                    seen.add(id(child))
                    order.append(child)
                    queue.append(child)
        return order


class CheckpointView:
    """`tf.train.CheckpointView(save_path)`: the object graph stored in a checkpoint.

    Raises:
        tf.errors.NotFoundError: no checkpoint at `save_path`.
        ValueError: a checkpoint without an object graph (a name-based one) or a corrupt one.
    """

    def __init__(self, save_path):
        prefix = os.fspath(save_path)
        if not os.path.exists(prefix + tensor_bundle.INDEX_SUFFIX):
            raise errors.NotFoundError(None, None, f"Failed to find any matching files for {prefix}. Received: "
                                       f"save_path={save_path!r}")
        reader = tensor_bundle.BundleReader(prefix)
        self._graph = object_graph.SavedGraph(reader).graph

    def _node(self, node_id):
        if isinstance(node_id, bool) or not isinstance(node_id, int) or not 0 <= node_id < len(self._graph.nodes):
            raise IndexError(f"The checkpoint has nodes 0 to {len(self._graph.nodes) - 1}. Received: "
                             f"node_id={node_id!r}")
        return self._graph.nodes[node_id]

    def children(self, node_id):
        """`{local name: node id}` of the saved node `node_id`, in saved order.

        Raises:
            IndexError: a node id the checkpoint does not have.
        """
        out = {}
        for ref in self._node(node_id).children:
            out.setdefault(ref.local_name, ref.node_id)
        return out

    def descendants(self):
        """Every node id reachable from the root (0, first), breadth first, each once."""
        seen, order = {0}, [0]
        queue = collections.deque([0])
        while queue:
            for child in self.children(queue.popleft()).values():
                if child not in seen:
                    seen.add(child)
                    order.append(child)
                    queue.append(child)
        return order

    def match(self, obj):
        """`{node id: live object}`: the saved nodes reached from the root and `obj` by the same child names.

        Raises:
            ValueError: `obj` is not an object a checkpoint can hold.
        """
        if not trackable.is_trackable(obj):
            raise ValueError(f"match() needs a trackable object (a tf.Module, tf.train.Checkpoint, Keras object, "
                             f"variable, ...). Received: obj={obj!r}")
        bound = {0: obj}
        queue = collections.deque([0])
        while queue:
            node_id = queue.popleft()
            live = _live_children(bound[node_id])
            for name, child_id in self.children(node_id).items():
                if child_id not in bound and name in live:
                    bound[child_id] = live[name]
                    queue.append(child_id)
        return bound

    def diff(self, obj):
        """`(match(obj), saved node ids not matched, live objects under obj not matched)`."""
        bound = self.match(obj)
        matched = {id(v) for v in bound.values()}
        only_saved = [i for i in self.descendants() if i not in bound]
        only_live = [t for t in TrackableView(obj).descendants() if id(t) not in matched]
        return bound, only_saved, only_live


