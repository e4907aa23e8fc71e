"""The object graph that `tf.Module`, Keras layers and models (and `tf.train.Checkpoint`) walk.

TensorFlow finds variables by walking objects: a `tf.Module` reports every `tf.Variable` reachable
through its attributes, through nested lists, tuples and dicts and through the modules, Keras layers
and models found there (as `tf.keras` layers are `tf.Module`s). One walk serves all: an object is a
*node* of the graph when its class defines

    _tf_tracked_attributes(self, traversal_key=None) -> [(name, value), ...]

the attributes it exposes, in walking order (`tf.Module`: its `vars()` sorted by name; a Keras layer:
its own non-trainable weights, its own trainable weights, then its sublayers and modules, the order
Keras 2 layers give a `tf.Module` walk). Values are flattened in `tf.nest` order; the walk yields a
node's leaves before descending into its child nodes (depth first), reports every object once and is
safe on cycles.

`collect(value)` finds the variables and nodes held by an attribute value; a Keras layer uses it to
track `self.w = tf.Variable(...)` and `self.block = tf.Module()` as its own weights.

Example:
    >>> class Net(tf.Module):
    ...     def __init__(self):
    ...         super().__init__()
    ...         self.dense = tf.keras.layers.Dense(4)
    >>> net = Net(); net.dense(tf.ones([1, 3]))
    >>> [v.path for v in net.trainable_variables]       # ['dense/kernel', 'dense/bias']
"""

from keraslike._src.nest import nest
from keraslike._src.ops.variables import Variable

HOOK = "_tf_tracked_attributes"


def is_node(obj):
    """Whether `obj` is walked into (a `tf.Module`, a Keras layer or model)."""
    return callable(getattr(type(obj), HOOK, None))


def attributes(obj, traversal_key=None):
    """The `(name, value)` pairs node `obj` exposes, in walking order."""
    return getattr(obj, HOOK)(traversal_key)


def flatten(root, recursive=True, predicate=None, traversal_key=None, with_path=False):
    """Objects reachable from node `root` (not `root` itself) for which `predicate` holds (TF's `Module._flatten`).

    Args:
        root: a node (`is_node(root)`).
        recursive: whether to descend into the nodes found.
        predicate: `obj -> bool`; default: everything.
        traversal_key: sort key for a `tf.Module`'s attribute names.
        with_path: yield `(path, obj)`, `path` a tuple of attribute names, keys and indices; then an
            object reachable by several paths is reported once per path, as TF does.

    Raises:
        ValueError: when an attribute cannot be flattened (names the attribute).
    """
    if predicate is None:
        predicate = lambda _: True  # noqa: E731
    return _walk(root, recursive, predicate, traversal_key, with_path, (), {id(root)}, [])


def _walk(node, recursive, predicate, traversal_key, with_path, node_path, seen, stack):
    if id(node) in stack:
        recursive = False
    children = []
    for key, value in attributes(node, traversal_key):
        try:
            leaves = nest.flatten_with_paths(value)
        except Exception as err:  # noqa: BLE001 - re-raised with the attribute named
            raise ValueError(f"Error processing property {key!r} of {node!r}") from err
        for leaf_path, leaf in leaves:
            path = node_path + (key,) + leaf_path
            if not with_path:
                if id(leaf) in seen:
                    continue
                seen.add(id(leaf))
            if predicate(leaf):
                yield (path, leaf) if with_path else leaf
            if recursive and is_node(leaf):
                children.append((path, leaf))
    stack.append(id(node))
    for path, child in children:
        yield from _walk(child, recursive, predicate, traversal_key, with_path, path, seen, stack)
    stack.pop()


def collect(value):
    """`(variables, nodes)` held by an attribute value: `tf.Variable`s and nodes in it or nested lists, tuples
    and dicts (dict values in insertion order), each once, in order."""
    variables, nodes, seen = [], [], set()

    def visit(obj):
        if id(obj) in seen:
            return
        seen.add(id(obj))
        if isinstance(obj, Variable):
            variables.append(obj)
        elif is_node(obj):
            nodes.append(obj)
        elif isinstance(obj, (list, tuple)):
            for item in obj:
                visit(item)
        elif isinstance(obj, dict):
            for item in obj.values():
                visit(item)

    visit(value)
    return variables, nodes
