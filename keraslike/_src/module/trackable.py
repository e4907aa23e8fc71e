"""The checkpoint dependency graph: which objects a `tf.train.Checkpoint` reaches from an object, by what names.

TF names every object of a checkpoint by the path of *local names* from the root (`"net/l1/w"`); a restore
matches the saved object graph to the live objects name by name. This module is that protocol, below Keras:

  * an object whose class defines `_trackable_children(self) -> [(local_name, child), ...]` reports its
    children itself (Keras layers, models, optimizers, `tf.train.Checkpoint`). The same child may appear under
    several names (aliases: Keras 2 and Keras 3 name the same layer differently); the first name is the one
    its checkpoint key is built from;
  * a `tf.Module` (any node of `module/tracking.py`) reports its attributes, by attribute name, that hold
    trackable values; a list or tuple becomes a child whose children are named "0", "1", ...; a dict one whose
    children are named by its (string) keys, as TF's ListWrapper and _DictWrapper;
  * leaves hold values: a `tf.Variable` (or a plain torch tensor), or any object with `_checkpoint_value()`
    (and `_checkpoint_assign(value)` to be restored) such as an optimizer's slot or a dataset iterator (saved
    under its `_checkpoint_attribute`, default `VARIABLE_VALUE`);
  * an object whose class defines `_restore_from_checkpoint(node, plan)` restores itself from a saved node (an
    optimizer rebuilding its state from the saved slots); `node` is a `train/object_graph.py` NodeView.

Example:
    >>> class Net(tf.Module):
    ...     def __init__(self):
    ...         super().__init__()
    ...         self.w = tf.Variable(1.0)
    ...         self.layers = [tf.Variable(2.0)]
    >>> [name for name, _ in children(Net())]       # ['layers', 'w']
"""

import torch

from keraslike._src.distribute import sharded_values
from keraslike._src.module import tracking
from keraslike._src.ops.variables import Variable

CHILDREN_HOOK = "_trackable_children"
RESTORE_HOOK = "_restore_from_checkpoint"


class TrackableList:
    """A list or tuple seen as a checkpoint object: children "0", "1", ... (TF's ListWrapper)."""

    def __init__(self, items):
        self.items = items

    def _trackable_children(self):
        return [(str(i), wrap(v)) for i, v in enumerate(self.items) if is_trackable(v)]


class TrackableDict:
    """A dict seen as a checkpoint object: children named by its keys (TF's _DictWrapper)."""

    def __init__(self, items):
        self.items = items

    def _trackable_children(self):
        return [(str(k), wrap(v)) for k, v in self.items.items() if is_trackable(v)]


def is_leaf(obj):
    """Whether `obj` holds a value of its own (a variable, a tensor, a slot)."""
    return isinstance(obj, (Variable, torch.Tensor)) or callable(getattr(obj, "_checkpoint_value", None))


def is_trackable(obj):
    """Whether `obj` is part of a checkpoint: a leaf, an object with children, or a list/dict holding some."""
    if is_leaf(obj) or callable(getattr(type(obj), CHILDREN_HOOK, None)) or tracking.is_node(obj):
        return True
    if isinstance(obj, (list, tuple)):
        return any(is_trackable(v) for v in obj)
    if isinstance(obj, dict):
        return any(is_trackable(v) for v in obj.values())
    return False


def wrap(obj):
    """`obj`, or its list/dict wrapper."""
    if isinstance(obj, (list, tuple)):
        return TrackableList(obj)
    if isinstance(obj, dict):
        return TrackableDict(obj)
    return obj


def children(obj):
    """`[(local_name, child)]` of `obj` (see module docstring); `[]` for a leaf."""
    hook = getattr(type(obj), CHILDREN_HOOK, None)
    if callable(hook):
        return list(hook(obj))
    if is_leaf(obj):
        return []
    if tracking.is_node(obj):
        # in the order the attributes were set (TF's AutoTrackable), not the sorted order of a tf.Module walk
        order = {name: i for i, name in enumerate(getattr(obj, "__dict__", {}))}
        pairs = sorted(tracking.attributes(obj), key=lambda pair: order.get(pair[0], len(order)))
        return [(name, wrap(value)) for name, value in pairs if is_trackable(value)]
    return []


def attribute_of(leaf):
    """The checkpoint attribute a leaf's value is saved under: `VARIABLE_VALUE`, or the leaf's own
    `_checkpoint_attribute` (a dataset iterator's `ITERATOR_POSITION`)."""
    return getattr(leaf, "_checkpoint_attribute", "VARIABLE_VALUE")


def value_of(leaf):
    """The value a leaf saves: a CPU tensor copy."""
    if isinstance(leaf, torch.Tensor):
        return sharded_values.full_value(leaf).detach().cpu().clone()  # a sharded variable's full value
    return leaf._checkpoint_value()


def assign(leaf, value):
    """Restore a leaf from a saved value (numpy array or tensor)."""
    if isinstance(leaf, torch.Tensor):
        with torch.no_grad():
            full = torch.as_tensor(value, dtype=leaf.dtype).reshape(sharded_values.global_shape(leaf))
            leaf.copy_(sharded_values.local_part(full, leaf))
    else:
        leaf._checkpoint_assign(value)


def shape_of(leaf):
    """The shape a saved value must have to restore `leaf` (None: any)."""
    if isinstance(leaf, torch.Tensor):
        return sharded_values.global_shape(leaf)
    shape = getattr(leaf, "shape", None)
    return tuple(shape) if shape is not None else None
