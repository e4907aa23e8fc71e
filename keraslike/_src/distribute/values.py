"""Reduction ops and per-replica values.

Each replica is its own process, so a `PerReplica` value seen from one process
holds that replica's component only; `experimental_local_results` returns it
as a one-tuple, as TF does for the replicas local to a worker.
"""

import enum


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
        return f"PerReplica:{{\n  {body}\n}}"
