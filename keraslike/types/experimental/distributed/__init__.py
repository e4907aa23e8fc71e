"""`tf.types.experimental.distributed`: per-replica values."""

from keraslike._src.distribute.values import PerReplica  # noqa: F401
