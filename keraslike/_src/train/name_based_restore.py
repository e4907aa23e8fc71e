"""`tf.train.Checkpoint.restore` of a name-based checkpoint (one written by `tf.compat.v1.train.Saver`).

Such a checkpoint has no object graph: its keys are variable names ("a", "scoped/c"). TF then matches
by global names: every variable reachable from the checkpoint's root is restored from the key equal to its
name without ":0" (two variables of the same name get the same value); variables whose name the
checkpoint lacks keep their values, and the status's `assert_consumed()` names them. Values are checked
(shapes) before any is assigned.
"""

import logging

from keraslike._src.module import trackable
from keraslike._src.train import object_graph

_logger = logging.getLogger("tensorflow")
_warned = []  # TF warns once per process


def _name(leaf):
    name = getattr(leaf, "name", None)
    if name is None:
        return None
    name = str(name)
    return name[:-2] if name.endswith(":0") else name


def restore(root, reader, skip=()):
    """Restore the variables reachable from `root` from `reader` (a name-keyed checkpoint) by their names.

    Returns:
        A `NameBasedSaverStatus`.

    Raises:
        ValueError: when a saved value's shape differs from its variable's (TF's message); nothing is assigned.
    """
    if not _warned:
        _warned.append(True)
        _logger.warning("Restoring a name-based tf.train.Saver checkpoint using the object-based restore API. This "
                        "mode uses global names to match variables, and so is somewhat fragile. Prefer re-encoding "
                        "training checkpoints in the object-based format.")
    skipped = {id(s) for s in skip}
    leaves = [leaf for leaf in object_graph.live_leaves(root) if id(leaf) not in skipped]
    planned, missing = [], []
    for leaf in leaves:
        name = _name(leaf)
        if name is None or not reader.has_tensor(name):
            missing.append(leaf)
            continue
        value = reader.get_tensor(name)
        expected, shape = trackable.shape_of(leaf), tuple(getattr(value, "shape", ()))
        if expected is not None and tuple(expected) != shape:
            raise ValueError(f"Received incompatible tensor with shape {shape} when attempting to restore variable "
                             f"with shape {tuple(expected)} and name {name}. Received: checkpoint key={name!r}")
        planned.append((leaf, value))
    for leaf, value in planned:
        trackable.assign(leaf, value)
    return NameBasedSaverStatus(missing, bool(planned))


class NameBasedSaverStatus:
    """What `Checkpoint.restore` returns for a name-based checkpoint (TF's `NameBasedSaverStatus`)."""

    def __init__(self, missing, matched_any):
        self._missing, self._matched_any = missing, matched_any

    def _raise_if_missing(self):
        if self._missing:
            listed = "\n".join(f"    {leaf!r}: [{_name(leaf)!r}]" for leaf in self._missing)
            raise AssertionError(f"Some objects had attributes which were not restored:\n{listed}")

    def assert_consumed(self):
        """Raise AssertionError naming the variables the checkpoint had no value for."""
        self._raise_if_missing()
        return self

    def assert_existing_objects_matched(self):
        """Raise AssertionError naming the variables the checkpoint had no value for."""
        self._raise_if_missing()
        return self

    def assert_nontrivial_match(self):
        """Raise AssertionError when no variable was restored."""
        if not self._matched_any:
            raise AssertionError("No variable was restored from the name-based checkpoint.")
        return self

    def expect_partial(self):
        return self

    def run_restore_ops(self, session=None):
        """Values are already restored (keraslike assigns them at `restore`)."""
        return None

    def initialize_or_restore(self, session=None):
        return None
