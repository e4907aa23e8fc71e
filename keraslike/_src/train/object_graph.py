"""Object-based checkpoints in TF's format: the `TrackableObjectGraph` of live objects, and restoring by it.

Saving walks the objects from the root (`module/trackable.py` says who the children are) breadth first, gives
each distinct object a node id, and stores each leaf's value under the key TF builds from the first path that
reaches it: local names joined by "/" (a "." in a name doubled, a "/" written ".S"), then
`/.ATTRIBUTES/<attribute>` (`VARIABLE_VALUE` for variables); the graph itself is the scalar string
`_CHECKPOINTABLE_OBJECT_GRAPH`.

Restoring walks the saved graph and the live objects together, from the roots, child name by child name
(`plan_restore`): a saved node is bound to the first live object reached at it, a leaf's value is checked
against its shape; nothing is assigned until the whole plan is made, so a failed restore changes nothing.
`LoadStatus` answers `assert_consumed()` / `assert_existing_objects_matched()` / `assert_nontrivial_match()` /
`expect_partial()` as TF's `CheckpointLoadStatus` does.
"""

import collections

from keraslike._src.module import trackable
from keraslike._src.train import checkpoint_protos

GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"


def escape(name):
    """A local name as TF writes it inside a checkpoint key."""
    return name.replace(".", "..").replace("/", ".S")


def _full_name(leaf, fallback):
    name = getattr(leaf, "path", None) or getattr(leaf, "name", None) or fallback
    name = str(name)
    return name[:-2] if name.endswith(":0") else name


def serialize(root):
    """`{checkpoint key: value}` of every leaf reachable from `root`, plus the object graph under GRAPH_KEY."""
    return serialize_with_keys(root)[0]


def serialize_with_keys(root):
    """`(tensors, keys)`: `serialize(root)`, and `{id(leaf): checkpoint key}` of the leaves saved (a SavedModel
    finds its variables' keys by them)."""
    keys = {}
    ids, objects, paths = {id(root): 0}, [root], [""]
    alias = getattr(root, "checkpoint_alias", None)  # Checkpoint(root)'s root node stands for `root` itself
    if alias is not None:
        ids[id(alias)] = 0
    graph = checkpoint_protos.TrackableObjectGraph()
    tensors = {}
    queue = collections.deque([0])
    while queue:
        node_id = queue.popleft()
        obj = objects[node_id]
        graph.nodes.add()
        seen_names = set()
        refs = []
        for name, child in trackable.children(obj):
            if name in seen_names:
                continue
            seen_names.add(name)
            if id(child) not in ids:
                ids[id(child)] = len(objects)
                objects.append(child)
                paths.append(f"{paths[node_id]}/{escape(name)}" if paths[node_id] else escape(name))
                queue.append(ids[id(child)])
            refs.append((ids[id(child)], name))
        for child_id, name in refs:
            graph.nodes[node_id].children.add(node_id=child_id, local_name=name)
        if node_id and trackable.is_leaf(obj):
            attribute = trackable.attribute_of(obj)
            key = f"{paths[node_id]}/.ATTRIBUTES/{attribute}"
            tensors[key] = trackable.value_of(obj)
            keys[id(obj)] = key
            graph.nodes[node_id].attributes.add(name=attribute, full_name=_full_name(obj, paths[node_id]),
                                                checkpoint_key=key)
    _mark_values(graph)
    tensors[GRAPH_KEY] = graph.SerializeToString()
    return tensors, keys


def _mark_values(graph):
    """Set `has_checkpoint_values` on every node with a value in its subtree (as TF does)."""
    memo = {}

    def has(i, stack):
        if i in memo:
            return memo[i]
        if i in stack:
            return False
        stack.add(i)
        node = graph.nodes[i]
        result = bool(node.attributes) or any(has(ref.node_id, stack) for ref in node.children)
        stack.discard(i)
        memo[i] = result
        return result

    for i in range(len(graph.nodes)):
        graph.nodes[i].has_checkpoint_values.value = has(i, set())


class NodeView:
    """One saved node, for a `_restore_from_checkpoint` hook: its children by name and its value."""

    def __init__(self, saved, node_id):
        self._saved, self.node_id = saved, node_id

    def child(self, name):
        """The `NodeView` of child `name`, or None."""
        for ref in self._saved.graph.nodes[self.node_id].children:
            if ref.local_name == name:
                return NodeView(self._saved, ref.node_id)
        return None

    def children(self):
        return [(ref.local_name, NodeView(self._saved, ref.node_id))
                for ref in self._saved.graph.nodes[self.node_id].children]

    def has_value(self, attribute="VARIABLE_VALUE"):
        return any(a.name == attribute for a in self._saved.graph.nodes[self.node_id].attributes)

    def value(self, attribute="VARIABLE_VALUE"):
        """The saved value of this node's `attribute` (numpy), or None when it has none."""
        key = self.key(attribute)
        return None if key is None else self._saved.reader.get_tensor(key)

    def key(self, attribute="VARIABLE_VALUE"):
        for saved in self._saved.graph.nodes[self.node_id].attributes:
            if saved.name == attribute:
                return saved.checkpoint_key
        return None


class SavedGraph:
    """A TF checkpoint's object graph with its reader (a `tensor_bundle.BundleReader`)."""

    def __init__(self, reader):
        self.reader = reader
        if not reader.has_tensor(GRAPH_KEY):
            raise ValueError(f"Checkpoint {reader.prefix} has no object graph ({GRAPH_KEY}): it was written by a "
                             "name-based saver (tf.compat.v1.train.Saver); read it with tf.compat.v1.train.Saver "
                             f"or tf.train.load_checkpoint. Received: save_path={reader.prefix!r}")
        try:
            self.graph = checkpoint_protos.TrackableObjectGraph.FromString(reader.get_tensor(GRAPH_KEY))
        except Exception as err:  # noqa: BLE001 - protobuf's DecodeError, re-raised naming the file
            raise ValueError(f"Corrupt checkpoint {reader.prefix}: its object graph does not parse ({err}). "
                             f"Received: save_path={reader.prefix!r}") from None
        count = len(self.graph.nodes)
        bad = [ref.node_id for node in self.graph.nodes for ref in node.children if not 0 <= ref.node_id < count]
        if not count or bad:
            raise ValueError(f"Corrupt checkpoint {reader.prefix}: its object graph refers to nodes it does not "
                             f"have. Received: node_ids={bad[:5]}, nodes={count}")


class Plan:
    """What a restore will do: assignments checked before any is made, hooks' own actions, bound nodes."""

    def __init__(self, saved):
        self.saved = saved
        self.assignments = []   # (leaf, value, key)
        self.actions = []       # zero-argument callables run after the assignments
        self.bound = {}         # saved node id -> live object
        self.consumed = set()   # saved node ids whose values are used
        self.handled = set()    # ids of live objects a restore hook took care of
        self.context = {}       # shared with hooks (e.g. the model an optimizer serves)

    def assign(self, leaf, node):
        """Plan restoring `leaf` from saved `node` (a NodeView).

        Raises:
            ValueError: when the saved shape differs from the leaf's (TF's message).
        """
        attribute = trackable.attribute_of(leaf)
        value = node.value(attribute)
        expected = trackable.shape_of(leaf)
        shape = tuple(getattr(value, "shape", ()))
        if expected is not None and shape != expected:
            raise ValueError(f"Received incompatible tensor with shape {shape} when attempting to restore variable "
                             f"with shape {expected} and name {_full_name(leaf, node.key())}. "
                             f"Received: checkpoint key={node.key(attribute)!r}")
        self.assignments.append((leaf, value, node.key(attribute)))
        self.consumed.add(node.node_id)

    def apply(self):
        for leaf, value, _ in self.assignments:
            trackable.assign(leaf, value)
        for action in self.actions:
            action()


def plan_restore(root, saved, node_id=0, context=None):
    """Match `saved` (a SavedGraph) against the live objects under `root` (bound to saved node `node_id`);
    returns a `Plan` (nothing assigned yet). A `_restore_from_checkpoint(obj, node, plan)` hook that returns
    True has handled its object; a list of `(live child, saved NodeView)` pairs says which children to walk;
    False lets the walk match the object's children by name.

    Raises:
        ValueError: on a shape mismatch (nothing is restored then).
    """
    plan = Plan(saved)
    plan.context.update(context or {})
    queue = collections.deque([(root, node_id)])
    while queue:
        obj, node_id = queue.popleft()
        if node_id in plan.bound:
            continue
        plan.bound[node_id] = obj
        node = NodeView(saved, node_id)
        hook = getattr(type(obj), trackable.RESTORE_HOOK, None)
        handled = hook(obj, node, plan) if callable(hook) else False
        if isinstance(handled, list):  # the hook paired the children itself: [(live child, saved NodeView)]
            queue.extend((child, child_node.node_id) for child, child_node in handled)
            continue
        if handled:
            plan.handled.add(id(obj))
            continue
        if trackable.is_leaf(obj):
            if node.has_value(trackable.attribute_of(obj)):
                plan.assign(obj, node)
            continue
        live = {}
        for name, child in trackable.children(obj):
            live.setdefault(name, child)
        for name, child_node in node.children():
            if name in live:
                queue.append((live[name], child_node.node_id))
    return plan


def restore_into(obj, saved, node_id):
    """Restore `obj` (and what it holds) from saved node `node_id` right away: TF's restore-on-assignment of an
    object added, after a restore, to a checkpointed object that has it."""
    plan = plan_restore(obj, saved, node_id=node_id)
    plan.apply()
    return plan


def live_leaves(root, handled=()):
    """Every leaf reachable from `root`, each once (what `assert_consumed` expects to find values for), not
    looking inside the objects in `handled` (ids of objects whose restore hook took care of them)."""
    seen, out, queue = {id(root)}, [], collections.deque([root])
    while queue:
        obj = queue.popleft()
        if trackable.is_leaf(obj) and obj is not root:
            out.append(obj)
            continue
        if id(obj) in handled and obj is not root:
            continue
        for _, child in trackable.children(obj):
            if id(child) not in seen:
                seen.add(id(child))
                queue.append(child)
    return out


class LoadStatus:
    """What `tf.train.Checkpoint.restore/read` returns for a TF-format checkpoint (TF's CheckpointLoadStatus)."""

    def __init__(self, plan, root):
        self._plan, self._root = plan, root

    def _unused_keys(self):
        graph = self._plan.saved.graph
        out = []
        for i, node in enumerate(graph.nodes):
            if node.attributes and i not in self._plan.consumed:
                out.extend(a.checkpoint_key for a in node.attributes)
        return sorted(out)

    def _unrestored(self):
        restored = {id(leaf) for leaf, _, _ in self._plan.assignments}
        restored |= {id(v) for v in self._plan.context.get("restored_objects", ())}
        restored |= {id(v) for v in self._plan.context.get("optional", ())}  # e.g. a save_counter never saved
        bound = {id(obj) for obj in self._plan.bound.values()}
        return [leaf for leaf in live_leaves(self._root, self._plan.handled)
                if id(leaf) not in restored and id(leaf) not in bound]

    def assert_consumed(self):
        """Raise AssertionError unless every saved value was used and every live variable restored.

        Raises:
            AssertionError: naming what was left unmatched.
        """
        unused, missing = self._unused_keys(), self._unrestored()
        if unused or missing:
            names = [_full_name(v, "?") for v in missing]
            raise AssertionError(f"Unresolved object in checkpoint: saved values {unused} were not used and objects "
                                 f"{names} were not restored. Received: a partial match")
        return self

    def assert_existing_objects_matched(self):
        """Raise AssertionError unless every live variable found its saved value.

        Raises:
            AssertionError: naming the objects not found in the checkpoint.
        """
        missing = self._unrestored()
        if missing:
            raise AssertionError(f"Some objects had no checkpointed value: {[_full_name(v, '?') for v in missing]}. "
                                 "Received: a checkpoint without them")
        return self

    def assert_nontrivial_match(self):
        """Raise AssertionError when nothing but the root was matched.

        Raises:
            AssertionError: if the checkpoint shares no object with the live graph.
        """
        if not self._plan.consumed and len(self._plan.bound) <= 1:
            raise AssertionError("Nothing except the root object matched a checkpointed value. Typically this "
                                 "means that the checkpoint does not match the Python program. Received: no match")
        return self

    def expect_partial(self):
        return self

    def run_restore_ops(self, session=None):
        return None

    initialize_or_restore = run_restore_ops
