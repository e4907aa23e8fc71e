"""Reduction ops and per-replica values.

Each replica is its own process, so a `PerReplica` value seen from one process
holds that replica's component only; `experimental_local_results` returns it
as a one-tuple, as TF does for the replicas local to a worker.
"""

import enum

import torch

from keraslike._src.nest.nest import TF_NEST

_REPLICA_PART = "_keraslike_replica_part"


class ReduceOp(enum.Enum):
    """`tf.distribute.ReduceOp`: how `reduce`/`all_reduce` combine replica values."""

    SUM = "SUM"
    MEAN = "MEAN"

    @staticmethod
    def from_any(op):
        """Accept `ReduceOp.SUM`, "SUM", "sum", "MEAN", "mean".

        Raises:
            ValueError: for anything else.
        """
        if isinstance(op, ReduceOp):
            return op
        if isinstance(op, str) and op.upper() in ("SUM", "MEAN"):
            return ReduceOp[op.upper()]
        raise ValueError(f"Expected reduce_op to be ReduceOp.SUM, ReduceOp.MEAN, 'SUM' or 'MEAN'. Received: {op!r}")


class PerReplica:
    """`tf.distribute.experimental.PerReplica`: this process's replica component."""

    def __init__(self, values):
        self.values = tuple(values)

    def __repr__(self):
        body = ",\n  ".join(f"{i}: {v!r}" for i, v in enumerate(self.values))
        return f"{type(self).__name__}:{{\n  {body}\n}}"


class Mirrored(PerReplica):
    """A value that is the same on every replica (TF's `Mirrored`): what `strategy.extended.update`, `reduce_to` to
    a variable and `update_non_slot` return with several replicas; this process holds its replica's copy.

    `strategy.reduce` treats it as a value identical on every replica (MEAN returns it; SUM across several replicas
    raises, as TF refuses it)."""


def mark_replica_parts(element):
    """`element` (a nest from a distributed dataset: this replica's part of a global batch) with its torch tensors
    tagged as per-replica, so `strategy.reduce` combines every replica's part as it does TF's `PerReplica`
    elements; values computed from them are plain tensors again (TF's would need `strategy.run`). Each tensor is
    tagged on a new alias of it (`view_as`), never on an object the dataset or the user also holds."""

    def mark(leaf):
        if not isinstance(leaf, torch.Tensor):
            return leaf
        try:
            alias = leaf.view_as(leaf)
        except RuntimeError:  # a layout with no views (sparse): left untagged
            return leaf
        setattr(alias, _REPLICA_PART, True)
        return alias

    return TF_NEST.map(mark, element)


def is_replica_part(value):
    """Whether `value` is a `PerReplica` or a tensor a distributed dataset gave this replica."""
    if isinstance(value, Mirrored):
        return False
    return isinstance(value, PerReplica) or getattr(value, _REPLICA_PART, False) is True

